@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Testing

/// Completion scripts loaded in the real shells, asked to complete subcommands, options (long and
/// short), option values (choices, paths, folders, a code group's cached names) and arguments.
/// `.ci/install-test-tools` installs the shells; a missing one is reported as skipped by name.
@Suite(.serialized)
struct CompletionShellTests {
    /// Names a code group's cache holds for the scripts to offer: one with a space and one that
    /// must stay text, never run, in a shell.
    static let nations = ["한국", "미국", "남아프리카 공화국", "$(touch pwned)"]
    static let movieTypes = ["장편", "단편"]

    /// A folder holding the script, a `Fixtures` folder, a file to complete paths against and a
    /// cache that holds the nations and movie-types code groups, with the environment a shell
    /// there runs in: `boxoffice` on its PATH, no key, and no server to reach.
    struct Workspace {
        let runner: BinaryRunner
        var folder: URL { runner.home }
        var environment: [String: String]
    }

    static func workspace(_ shell: String) async throws -> Workspace {
        let server = try LoopbackServer { request in
            let names = request.query["comCode"] == "2204" ? nations : request.query["comCode"] == "2201" ? movieTypes : []
            let codes = names.enumerated().map { index, name in ["fullCd": "\(index + 1)", "korNm": name] }
            let body = (try? JSONSerialization.data(withJSONObject: ["codes": codes])) ?? Data()
            return StubResponse(headers: ["Content-Type": "application/json;charset=UTF-8"], body: body)
        }
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL)
        for group in ["nations", "movie-types"] {
            let cached = try await runner.run(["codes", group])
            #expect(cached.status == 0, "\(cached.stderr)")
        }
        let folder = runner.home
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("poster-old.jpg"))
        let script = try await runner.run(["completion", shell]).stdout
        let name = shell == "zsh" ? "_boxoffice" : "boxoffice.\(shell)"
        try Data(script.utf8).write(to: folder.appendingPathComponent(name))
        var environment = runner.environment.filter { !$0.key.hasSuffix("_API_KEY") }
        environment["PATH"] = BinaryRunner.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        environment["BOXOFFICE_KOBIS_URL"] = "http://127.0.0.1:9"
        environment["HOME"] = folder.path
        environment["TERM"] = "xterm"
        environment["LANG"] = "C.UTF-8"
        return Workspace(runner: runner, environment: environment)
    }

    static func installed(_ program: String) -> Bool {
        ["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    /// Runs a program in the workspace, typing `input` once `ready` shows on its stdout (at
    /// once when nil), and returns its stdout.
    static func run(_ program: String, _ arguments: [String], in workspace: Workspace, input: String = "", ready: String? = nil)
        async throws -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = workspace.folder
        process.environment = workspace.environment
        let shell = try RunningProgram(process)
        if let ready { try await shell.stdout.waitFor(ready) }
        try shell.type(input)
        shell.closeInput()
        return try await shell.end().stdout
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
        // One positional, offered once; options still come after it.
        ("boxoffice config set kobis ", [], ["kobis", "kakao"]),
        ("boxoffice completion bash ", [], ["bash", "zsh", "fish"]),
        ("boxoffice codes regions ", [], ["regions", "nations"]),
        ("boxoffice codes regions --f", ["--format"], []),
        ("boxoffice codes --format json ", ["regions"], ["json"]),
        // A help topic's subcommands.
        ("boxoffice help cache ", ["path", "stats", "clear"], ["daily", "exit-codes", "cache"]),
        ("boxoffice help config s", ["set", "show"], ["stats"]),
        // Folders only, wherever the value is.
        ("boxoffice daily --replay ", ["Fixtures"], ["poster-old.jpg"]),
        ("boxoffice daily --record ", ["Fixtures"], ["poster-old.jpg"]),
        ("boxoffice daily --replay=Fix", ["Fixtures"], []),
        // The top level's options.
        ("boxoffice --", ["--version", "--help"], ["daily"]),
        ("boxoffice -", ["-h"], []),
        // Short forms, as their long ones.
        ("boxoffice daily -", ["-d", "-j", "-v", "-h", "--date"], []),
        ("boxoffice report -o poster-", ["poster-old.jpg"], []),
        ("boxoffice report -vo poster-", ["poster-old.jpg"], []),
        ("boxoffice daily -d ", [], ["--", "-d", "korean"]),
        ("boxoffice codes -v ", ["regions"], []),
        ("boxoffice daily -d yesterday --f", ["--format"], []),
        // A value in the option's word.
        ("boxoffice daily --format=", ["table", "json"], []),
        ("boxoffice daily --format=j", ["json", "jsonl"], ["table"]),
        // Code groups' names, as cached.
        ("boxoffice search --nation ", ["한국", "미국"], ["korean", "foreign"]),
        ("boxoffice search --type ", ["장편", "단편"], ["commercial", "independent"]),
        ("boxoffice search --type=장", ["장편"], ["단편"]),
        // The fields a command prints, for --fields.
        ("boxoffice daily --fields ", ["rank", "title", "audienceTotal"], ["json"]),
        ("boxoffice search --fields ", ["code", "title", "directors"], ["audienceTotal"]),
        // The options that stand anywhere, after a subcommand too, with their values.
        ("boxoffice daily --l", ["--lang", "--limit"], []),
        ("boxoffice archive status --no-p", ["--no-pager"], []),
        ("boxoffice daily --lang ", ["ko", "en"], []),
        // A group's subcommands, its options after them.
        ("boxoffice cache s", ["stats"], []),
        ("boxoffice config s", ["set", "show"], []),
    ]

    /// The second of a comma-separated list: each shell offers the field after what is typed.
    static let listLine = "boxoffice daily --fields rank,ti"

    /// The words offered, each without an option's `--name=` that a shell shows before a value.
    static func words(_ offered: String) -> [Substring] {
        offered.split(separator: " ").map { word in
            word.hasPrefix("--") && word.contains("=") ? word[word.index(after: word.firstIndex(of: "=") ?? word.startIndex)...] : word
        }
    }

    static func check(_ offered: [String: String], shell: String) {
        for (line, offers, never) in cases {
            let got = offered[line] ?? ""
            for word in offers { #expect(words(got).contains { $0.hasPrefix(word) }, "\(shell): '\(line)' offered '\(got)'") }
            for word in never { #expect(!words(got).contains(Substring(word)), "\(shell): '\(line)' offered '\(got)'") }
        }
    }

    /// A name with a space is offered as one word (the shell quotes it as it goes in), and a name
    /// that looks like a command substitution is never run.
    static func checkNames(_ offered: String, shell: String, in workspace: Workspace) {
        #expect(offered.contains(shell == "bash" ? #"남아프리카\ 공화국"# : "남아프리카 공화국"), "\(shell) offered '\(offered)'")
        #expect(offered.contains("touch"), "\(shell) offered '\(offered)'")
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("pwned").path), "\(shell) ran a name")
    }

    /// Bash's own completion at a terminal: an interactive bash on a pseudo-terminal (util-linux
    /// `script`) splits each typed line as readline does (`--format=j` is three words) before a
    /// Tab calls the script, and a wrapper writes what the script offered to a file.
    @Test(
        .enabled(if: installed("bash") && installed("script"), "bash or script is not installed; run .ci/install-test-tools"),
        arguments: ["C.UTF-8", nil])
    func bashCompletesSubcommandsOptionsValuesAndPaths(locale: String?) async throws {
        var workspace = try await Self.workspace("bash")
        // Without LANG, as a cron job or a bare container has it: Hangul goes in unmangled.
        if locale == nil { workspace.environment["LANG"] = nil }
        let rc = """
            source ./boxoffice.bash
            _boxoffice_probe() { _boxoffice "$@"; printf '%s\\t%s\\n' "$COMP_LINE" "${COMPREPLY[*]}" >> offered.txt; }
            complete -F _boxoffice_probe boxoffice
            PS1='READY> '

            """
        try Data(rc.utf8).write(to: workspace.folder.appendingPathComponent("probe.bash"))
        let lines = Self.cases.map(\.line) + [Self.listLine, "boxoffice search --nation 남"]
        // Each line, a Tab, then Ctrl-U to clear it for the next.
        let keys = lines.map { $0 + "\t\u{15}" }.joined() + "exit\n"
        _ = try await Self.run(
            "script", ["-q", "-e", "-c", "bash --rcfile probe.bash --noprofile -i", "/dev/null"], in: workspace, input: keys, ready: "READY> ")
        let log = try String(contentsOf: workspace.folder.appendingPathComponent("offered.txt"), encoding: .utf8)
        var offered: [String: String] = [:]
        for entry in log.split(separator: "\n") {
            let parts = entry.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            offered[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        #expect(offered.count == lines.count, "every Tab reached the script: \(log)")
        Self.check(offered, shell: "bash")
        #expect(offered[Self.listLine] == "rank,title", "\(offered[Self.listLine] ?? "")")
        #expect(!log.contains("$'"), "no name quoted as $'...': \(log)")
        Self.checkNames((offered[lines[lines.count - 1]] ?? "") + " " + (offered["boxoffice search --nation "] ?? ""), shell: "bash", in: workspace)
    }

    @Test(.enabled(if: installed("fish"), "fish is not installed; run .ci/install-test-tools"))
    func fishLoadsTheScriptAndCompletes() async throws {
        let workspace = try await Self.workspace("fish")
        let loads = try await Self.run("fish", ["-n", "boxoffice.fish"], in: workspace)
        #expect(loads.isEmpty)
        func complete(_ line: String) async throws -> String {
            let quoted = line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            let output = try await Self.run("fish", ["-c", "source boxoffice.fish; complete -C '\(quoted)'"], in: workspace)
            return output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.joined(separator: " ")
        }
        var offered: [String: String] = [:]
        for (line, _, _) in Self.cases { offered[line] = try await complete(line) }
        Self.check(offered, shell: "fish")
        #expect(try await complete(Self.listLine) == "rank,title")
        let values = try await Self.run("fish", ["-c", "source boxoffice.fish; complete -C 'boxoffice daily --format '"], in: workspace)
        #expect(values.split(separator: "\n").allSatisfy { !$0.contains("\t") }, "no option's description beside each value: \(values)")
        await Self.checkNames(try complete("boxoffice search --nation "), shell: "fish", in: workspace)
        let described = try await Self.run("fish", ["-c", "source boxoffice.fish; complete -C 'boxoffice q'"], in: workspace)
        #expect(described.contains("today's"), "apostrophes survive: \(described)")
    }

    /// Drives an interactive zsh on a pseudo-terminal (zsh/zpty): for each line given, types it
    /// and a Tab, then prints what the completion system offered, with the descriptions it
    /// showed, after a `@@LINE@@` of its own. Each step waits for the shell's answer, not a time:
    /// keys go out once the prompt shows, when the line editor has the terminal (before, the
    /// terminal itself would take the Tab and Ctrl-U).
    static let zshProbe = #"""
        zmodload zsh/zpty || exit 3
        zpty probe zsh -f -i
        zpty -w probe "PS1=\$'\\x50ROMPT> '; fpath=($PWD \$fpath); autoload -Uz compinit; compinit -u -D; bindkey '^I' complete-word; LISTMAX=100000"
        zpty -w probe 'compadd() { if [[ "$*" == *-[OAD]* ]]; then builtin compadd "$@"; return; fi; local -a offered; builtin compadd -O offered "$@"; local d=${@[(i)-d]}; (( $#offered )) && print -r -- "OFFER${:-ED}:${(j: :)offered}"; (( d < $# )) && print -r -- "DESCRI${:-BED}:${(j: :)${(P)@[d+1]}}"; builtin compadd "$@"; }'
        zpty -w probe 'print -r -- REA${:-DY}'
        zpty -r probe chunk '*READY*PROMPT> '
        for line in "$@"; do
            # The line, a Tab, Ctrl-U to clear it; then a command whose output says it is done.
            zpty -w -n probe "$line"$'\t\x15'
            zpty -w probe 'print -r -- DO${:-NE}'
            zpty -r probe chunk '*DONE*PROMPT> '
            print -rn -- "@@LINE@@$chunk"
        done
        zpty -d probe
        """#

    @Test(.enabled(if: installed("zsh"), "zsh is not installed; run .ci/install-test-tools"))
    func zshCompletesFromItsFpath() async throws {
        let workspace = try await Self.workspace("zsh")
        try Data(Self.zshProbe.utf8).write(to: workspace.folder.appendingPathComponent("probe.zsh"))
        let lines = Self.cases.map(\.line) + [Self.listLine, "boxoffice q"]
        let output = try await Self.run("zsh", ["-f", "probe.zsh"] + lines, in: workspace)
        let chunks = output.components(separatedBy: "@@LINE@@").dropFirst()
        #expect(chunks.count == lines.count, "every line was completed: \(output)")
        func values(_ tag: String, _ chunk: String) -> String {
            chunk.components(separatedBy: tag).dropFirst()
                .map { String($0.prefix { !$0.isNewline && $0 != "\u{1B}" && $0 != "\r" }) }.joined(separator: " ")
        }
        var offered: [String: String] = [:]
        for (line, chunk) in zip(lines, chunks) { offered[line] = values("OFFERED:", chunk) }
        Self.check(offered, shell: "zsh")
        #expect(offered[Self.listLine]?.split(separator: " ").contains("title") == true, "\(offered[Self.listLine] ?? "")")
        for (line, chunk) in zip(lines, chunks) {
            #expect(!chunk.contains("state=") && !chunk.contains("line=("), "'\(line)' printed the script's variables: \(chunk)")
        }
        Self.checkNames(offered["boxoffice search --nation "] ?? "", shell: "zsh", in: workspace)
        #expect(values("DESCRIBED:", chunks.last ?? "").contains("today's"), "apostrophes survive in zsh menus")
    }

    /// The names come from the cache alone: a group not cached yet offers nothing, and asking
    /// costs no request, needs no key and is no command help shows.
    @Test func namesComeFromTheCacheOnly() async throws {
        let server = try LoopbackServer { _ in .fixture("kobis/codes-2204.json") }
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL, keys: false)
        let uncached = try await runner.run(["__names", "nations"])
        #expect(uncached.status == 0 && uncached.stdout.isEmpty, "\(uncached.stdout)\(uncached.stderr)")
        #expect(server.requestCount == 0)
        #expect(try await runner.run(["codes", "nations"], extraEnvironment: ["KOBIS_API_KEY": BinaryRunner.kobisKey]).status == 0)
        let cached = try await runner.run(["__names", "nations"])
        #expect(cached.stdout.hasPrefix("한국\n미국\n"), "\(cached.stdout)\(cached.stderr)")
        #expect(server.requestCount == 1)
        let help = try await runner.run(["--help"]).stdout
        #expect(help.contains("completion") && !help.contains("__names"), "\(help)")
        let typo = try await runner.run(["names"])
        #expect(typo.status != 0 && !typo.stderr.contains("__names"), "no suggestion of a hidden command: \(typo.stderr)")
    }

    /// However many names a cached group holds (an API may send 120,000), a Tab gets only those
    /// that start with what was typed, at most `CodeNamesCommand.offered` of them, and the bash
    /// script quotes them without a process for each.
    @Test func aHugeCachedGroupAnswersATabWithABoundedList() async throws {
        let count = 120_000
        let body = Data(("{\"codes\":[" + (0..<count).map { #"{"fullCd":"\#($0)","korNm":"나라\#($0)"}"# }.joined(separator: ",") + "]}").utf8)
        let server = try LoopbackServer { _ in StubResponse(headers: ["Content-Type": "application/json;charset=UTF-8"], body: body) }
        defer { server.stop() }
        let runner = BinaryRunner(kobisURL: server.baseURL)
        #expect(try await runner.run(["codes", "nations", "--format", "csv"]).status == 0)
        let all = try await runner.run(["__names", "nations"]).stdout.split(separator: "\n")
        #expect(all.count == CodeNamesCommand.offered, "\(all.count) names")
        let some = try await runner.run(["__names", "nations", "--", "나라11999"]).stdout.split(separator: "\n")
        #expect(some == ["나라11999"] + (0...9).map { "나라11999\($0)" }, "\(some)")
        let script = try await runner.run(["completion", "bash"]).stdout
        let function = script.components(separatedBy: "_boxoffice_names() {").dropFirst().first?.components(separatedBy: "\n}").first ?? ""
        #expect(
            function.contains("quoted+=") && !function.contains("$(printf") && function.components(separatedBy: "$(").count == 1,
            "no subshell a name: \(function)")
    }
}
