import BoxOfficeCore
import Foundation
import Testing

/// The README's crontab for the morning report, run as cron runs it: each line by `/bin/sh -c` in
/// an environment of cron's own (`PATH=/usr/bin:/bin`, `HOME`, `SHELL`, `LOGNAME`) plus the
/// crontab's variables, nothing of a shell profile; the keys in the config file. The services,
/// the mail transfer agent, the webhook and the web server's folder are stand-ins on this machine.
struct CrontabEndToEndTests {
    /// The crontab block of a README section: its variables and its commands.
    static func readmeCrontab(in section: String = "The morning report") throws -> (variables: [(String, String)], commands: [String]) {
        let block = try #require(try Readme.blocks("crontab", in: section).first)
        var variables: [(String, String)] = []
        var commands: [String] = []
        for line in block.split(separator: "\n").map(String.init) {
            if let equals = line.firstIndex(of: "="), !line.contains(" "), line.first?.isLetter == true {
                variables.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
            } else {
                // Five schedule fields, then the command.
                commands.append(line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).last.map(String.init) ?? "")
            }
        }
        return (variables, commands)
    }

    @Test func theReadmesCrontabRunsUnderCronsEnvironment() async throws {
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/hook") ? StubResponse(status: 200, body: Data("ok".utf8)) : StubResponse.syntheticDay(request)
        }
        defer { server.stop() }
        let folder = TemporaryFolder("boxoffice-cron")
        let home = folder.url.path

        // Where the install put the binary, and stand-ins for sendmail and the web server's folder.
        let installed = URL(fileURLWithPath: home).appendingPathComponent("installed")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: installed.appendingPathComponent("boxoffice"), withDestinationURL: BinaryRunner.binary)
        let sendmail = installed.appendingPathComponent("sendmail")
        try Data("#!/bin/sh\ncat > \"$HOME/sent.eml\"\n".utf8).write(to: sendmail)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)

        let (variables, commands) = try Self.readmeCrontab()
        #expect(commands.count == 3 && variables.contains { $0.0 == "PATH" }, "\(variables) \(commands)")
        var environment = ["PATH": "/usr/bin:/bin", "HOME": home, "SHELL": "/bin/sh", "LOGNAME": "cron"]
        for (name, value) in variables {
            switch name {
            case "PATH": environment[name] = value.replacingOccurrences(of: "/usr/local/bin", with: installed.path)
            case "SLACK_WEBHOOK_URL": environment[name] = server.baseURL + "/hook"
            default: environment[name] = value
            }
        }
        // KOBIS is the loopback server.
        environment["BOXOFFICE_KOBIS_URL"] = server.baseURL
        // The key stored once as the README says, from a login shell of the same user.
        let stored = try await Subprocess.run(
            ["/bin/sh", "-c", "printf %s \"$KEY\" | boxoffice config set kobis"], in: folder.url,
            environment: ["PATH": environment["PATH"] ?? "", "HOME": home, "KEY": BinaryRunner.kobisKey], inheriting: false)
        try #require(stored.status == 0, "\(stored.output)")
        for command in commands {
            let line =
                command
                .replacingOccurrences(of: "/usr/sbin/sendmail", with: sendmail.path)
                .replacingOccurrences(of: "/var/www/html/", with: "$HOME/")
            let ran = try await Subprocess.run(["/bin/sh", "-c", line], in: folder.url, environment: environment, inheriting: false)
            #expect(ran.status == 0, "\(line)\n\(ran.output)\n\((try? String(contentsOfFile: home + "/boxoffice.log", encoding: .utf8)) ?? "")")
        }
        let mail = try String(contentsOfFile: home + "/sent.eml", encoding: .utf8)
        #expect(mail.contains("To: you@example.com") && mail.contains("Subject: "), "\(mail.prefix(400))")
        #expect(server.requests.contains { $0.path == "/hook" && $0.method == "POST" }, "the Slack message was posted")
        // -q: each morning's log gains warnings and errors only, never a "Wrote …" line.
        let log = (try? String(contentsOfFile: home + "/boxoffice.log", encoding: .utf8)) ?? ""
        #expect(!log.contains("Wrote "), "\(log)")
        let csv = try String(contentsOfFile: home + "/daily.csv", encoding: .utf8)
        #expect(csv.hasPrefix("rank,title,audience,audience_total\n1,"), "\(csv.prefix(200))")
    }

    /// The archive's crontab on a fresh account: its log folder does not exist yet, cron's PATH and
    /// environment, the key in the config file. Only the range is narrowed (the nightly backfill
    /// from 2004 would be thousands of calls to the stand-in server).
    @Test func theReadmesArchiveCrontabRunsOnAFreshAccount() async throws {
        let server = try LoopbackServer { request in
            request.path.hasSuffix("searchDailyBoxOfficeList.json") ? StubResponse.syntheticDay(request) : .recorded(request)
        }
        defer { server.stop() }
        let folder = TemporaryFolder("boxoffice-cron-archive")
        let home = folder.url.path
        let installed = URL(fileURLWithPath: home).appendingPathComponent("installed")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: installed.appendingPathComponent("boxoffice"), withDestinationURL: BinaryRunner.binary)
        let (variables, commands) = try Self.readmeCrontab(in: "The archive: periods, records and SQL")
        #expect(commands.count == 1, "\(commands)")
        var environment = ["HOME": home, "SHELL": "/bin/sh", "LOGNAME": "cron", "BOXOFFICE_KOBIS_URL": server.baseURL]
        for (name, value) in variables { environment[name] = value.replacingOccurrences(of: "/usr/local/bin", with: installed.path) }
        let stored = try await Subprocess.run(
            ["/bin/sh", "-c", "printf %s \"$KEY\" | boxoffice config set kobis"], in: folder.url,
            environment: ["PATH": environment["PATH"] ?? "", "HOME": home, "KEY": BinaryRunner.kobisKey], inheriting: false)
        try #require(stored.status == 0, "\(stored.output)")
        let from = KSTDate.today().adding(days: -3).iso
        let line = try #require(commands.first).replacingOccurrences(of: "archive sync", with: "archive sync --from \(from)")
        let ran = try await Subprocess.run(["/bin/sh", "-c", line], in: folder.url, environment: environment, inheriting: false)
        let log = (try? String(contentsOfFile: home + "/.local/state/boxoffice-sync.log", encoding: .utf8)) ?? "<no log>"
        #expect(ran.status == 0, "\(line)\n\(ran.output)\n\(log)")
        #expect(!log.contains("Archived"), "-q keeps the success line out of the log: \(log)")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/boxoffice/archive.sqlite3"))
    }
}
