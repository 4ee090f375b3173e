import Foundation
import Testing

/// Completion scripts loaded in the real shells, asked to complete a subcommand, an option, an
/// option's value and a path. `.ci/install-test-tools` installs the shells; a missing one is
/// reported as skipped by name.
@Suite(.serialized)
struct CompletionShellTests {
    /// A folder holding the script, a `Fixtures` folder and a file to complete paths against.
    static func workspace(_ shell: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-completion-\(shell)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("poster-old.jpg"))
        let script = try BinaryRunner().run(["completion", shell]).stdout
        let name = shell == "zsh" ? "_boxoffice" : "boxoffice.\(shell)"
        try Data(script.utf8).write(to: folder.appendingPathComponent(name))
        return folder
    }

    static func installed(_ program: String) -> Bool {
        ["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    /// Runs a shell program in the workspace and returns its stdout.
    static func run(_ shell: String, _ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + arguments
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "TERM": "xterm"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The lines to complete, and what each must offer (and must not).
    static let cases: [(line: String, offers: [String], never: [String])] = [
        ("boxoffice da", ["daily"], []),
        ("boxoffice cache stats --f", ["--format"], []),
        ("boxoffice daily --format j", ["json", "jsonl"], []),
        ("boxoffice daily --replay Fix", ["Fixtures"], []),
        ("boxoffice poster 20218541 --download poster-", ["poster-old.jpg"], []),
        ("boxoffice config set ", ["kobis", "kakao"], ["set", "show", "path"]),
        ("boxoffice completion ", ["bash", "zsh", "fish"], []),
        ("boxoffice help ", ["daily", "exit-codes"], []),
        ("boxoffice daily --date ", [], ["--"]),
        // Each command's own values for an option that several commands share.
        ("boxoffice report --format ", ["text", "markdown", "html", "json"], ["table", "csv"]),
        ("boxoffice daily --nation ", ["korean", "foreign"], []),
        ("boxoffice search --nation ", [], ["korean", "foreign"]),
        ("boxoffice search --type ", [], ["commercial", "independent"]),
    ]

    static func check(_ offered: [String: String], shell: String) {
        for (line, offers, never) in cases {
            let got = offered[line] ?? ""
            for word in offers { #expect(got.split(separator: " ").contains { $0.hasPrefix(word) }, "\(shell): '\(line)' offered '\(got)'") }
            for word in never { #expect(!got.split(separator: " ").contains(Substring(word)), "\(shell): '\(line)' offered '\(got)'") }
        }
    }

    @Test(.enabled(if: installed("bash"), "bash is not installed; run .ci/install-test-tools"))
    func bashCompletesSubcommandsOptionsValuesAndPaths() throws {
        let folder = try Self.workspace("bash")
        defer { try? FileManager.default.removeItem(at: folder) }
        var offered: [String: String] = [:]
        for (line, _, _) in Self.cases {
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
            let program = "source ./boxoffice.bash; COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _boxoffice; echo \"${COMPREPLY[*]}\""
            offered[line] = try Self.run("bash", ["-c", program], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        Self.check(offered, shell: "bash")
    }

    @Test(.enabled(if: installed("fish"), "fish is not installed; run .ci/install-test-tools"))
    func fishLoadsTheScriptAndCompletes() throws {
        let folder = try Self.workspace("fish")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loads = try Self.run("fish", ["-n", "boxoffice.fish"], in: folder)
        #expect(loads.isEmpty)
        var offered: [String: String] = [:]
        for (line, _, _) in Self.cases {
            let output = try Self.run("fish", ["-c", "source boxoffice.fish; complete -C '\(line)'"], in: folder)
            offered[line] = output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.joined(separator: " ")
        }
        Self.check(offered, shell: "fish")
        let described = try Self.run("fish", ["-c", "source boxoffice.fish; complete -C 'boxoffice q'"], in: folder)
        #expect(described.contains("today's"), "apostrophes survive: \(described)")
    }

    /// Drives an interactive zsh on a pseudo-terminal (zsh/zpty), presses Tab after the line and
    /// prints what the completion system offered, with the descriptions it showed.
    static let zshProbe = #"""
        zmodload zsh/zpty || exit 3
        zpty probe zsh -f -i
        zpty -w probe "PS1=''; fpath=($PWD \$fpath); autoload -Uz compinit; compinit -u -D; bindkey '^I' complete-word"
        zpty -w probe 'compadd() { if [[ "$*" == *-[OAD]* ]]; then builtin compadd "$@"; return; fi; local -a offered; builtin compadd -O offered "$@"; local d=${@[(i)-d]}; (( $#offered )) && print -r -- "OFFER${:-ED}:${(j: :)offered}"; (( d < $# )) && print -r -- "DESCRI${:-BED}:${(j: :)${(P)@[d+1]}}"; builtin compadd "$@"; }'
        sleep 0.5
        zpty -w -n probe "$1"$'\t'
        sleep 1.5
        while zpty -r -t probe chunk; do print -rn -- "$chunk"; done
        zpty -d probe
        """#

    @Test(.enabled(if: installed("zsh"), "zsh is not installed; run .ci/install-test-tools"))
    func zshCompletesFromItsFpath() throws {
        let folder = try Self.workspace("zsh")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.zshProbe.utf8).write(to: folder.appendingPathComponent("probe.zsh"))
        func probe(_ line: String) throws -> (offered: String, described: String) {
            let output = try Self.run("zsh", ["-f", "probe.zsh", line], in: folder)
            func values(_ tag: String) -> String {
                output.components(separatedBy: tag).dropFirst()
                    .map { String($0.prefix { !$0.isNewline && $0 != "\u{1B}" && $0 != "\r" }) }.joined(separator: " ")
            }
            return (values("OFFERED:"), values("DESCRIBED:"))
        }
        var offered: [String: String] = [:]
        for (line, _, _) in Self.cases { offered[line] = try probe(line).offered }
        Self.check(offered, shell: "zsh")
        #expect(try probe("boxoffice q").described.contains("today's"), "apostrophes survive in zsh menus")
    }

    /// The names come from the cache alone: a group not cached yet offers nothing, and asking
    /// costs no request, needs no key and is no command help shows.
    @Test func namesComeFromTheCacheOnly() throws {
        let server = try LoopbackServer { _ in .fixture("kobis/codes-2204.json") }
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let uncached = try runner.run(["__names", "nations"])
        #expect(uncached.status == 0 && uncached.stdout.isEmpty, "\(uncached.stdout)\(uncached.stderr)")
        #expect(server.requestCount == 0)
        #expect(try runner.run(["codes", "nations"], extraEnvironment: ["KOBIS_API_KEY": BinaryRunner.kobisKey]).status == 0)
        let cached = try runner.run(["__names", "nations"])
        #expect(cached.stdout.hasPrefix("한국\n미국\n"), "\(cached.stdout)\(cached.stderr)")
        #expect(server.requestCount == 1)
        let help = try runner.run(["--help"]).stdout
        #expect(help.contains("completion") && !help.contains("__names"), "\(help)")
        let typo = try runner.run(["names"])
        #expect(typo.status != 0 && !typo.stderr.contains("__names"), "no suggestion of a hidden command: \(typo.stderr)")
    }
}
