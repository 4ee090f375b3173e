@testable import BoxOfficeArchive
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What stands at the archive's path is looked at, never waited on: a FIFO, a folder or a device
/// is refused at once with exit 73 by every command that opens the archive, and the report, which
/// only reads it when it is there, passes it over with a line and goes on.
struct ArchivePathEndToEndTests {
    @Test func aFIFOAFolderOrADeviceIsRefusedAtOnce() async throws {
        let state = BinaryRunner(keys: false)
        let fifo = state.home.appendingPathComponent("archive.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let folder = state.home.appendingPathComponent("archive.folder").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let commands: [[String]] = [
            ["archive", "status"], ["archive", "sql", "SELECT 1"], ["archive", "check"], ["top"], ["share"],
            ["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-18", "--replay", "Fixtures"],
        ]
        for (path, kind) in [(fifo, "a FIFO"), (folder, "a folder"), ("/dev/null", "a device")] {
            for command in commands {
                let run = try await state.run(command + ["--archive", path])
                #expect(run.status == 73 && run.stdout.isEmpty, "\(command) \(path): \(run.status) \(run.stderr)")
                #expect(run.stderr.contains("is \(kind), not an archive file, so it was not opened."), "\(command): \(run.stderr)")
            }
        }
    }

    @Test func theReportPassesAFIFOOverAndGoesOn() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let fifo = state.home.appendingPathComponent("archive.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let run = try await state.run(["report", "--date", "20230818"], extraEnvironment: ["BOXOFFICE_ARCHIVE": fifo])
        #expect(run.status == 0 && !run.stdout.isEmpty, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("the archive is passed over") && run.stderr.contains("is a FIFO"), "\(run.stderr)")
    }
}

/// The report's year so far never just vanishes: with a day of the year missing from the archive,
/// stderr says which and the sync that fills them.
struct YearSoFarEndToEndTests {
    @Test func aYearWithMissingDaysSaysWhichAndHowToFillThem() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let synced = try await state.run(["archive", "sync", "--from", "2023-08-11", "--to", "2023-08-18", "--no-movies", "-q"])
        try #require(synced.status == 0, "\(synced.stderr)")
        let run = try await state.run(["report", "--date", "20230818", "--format", "json"])
        #expect(run.status == 0 && !run.stdout.contains("yearSoFar"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "Warning: the year so far is left out: the archive lacks 222 days of 2023 (2023-01-01, 2023-01-02, 2023-01-03 and 219 more); 'boxoffice archive sync --from 2023-01-01 --to 2023-08-18' fills them."
            ), "\(run.stderr)")
    }
}

/// The archive's questions at their edges: a period before KOBIS's first chart, JSON Lines that
/// carry their period, days still provisional.
struct ArchiveQuestionEdgesEndToEndTests {
    @Test func aPeriodBeforeKOBISsFirstChartIsNoSyncsToFill() async throws {
        let state = BinaryRunner(keys: false)
        let run = try await state.run(["top", "--year", "2003"])
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("KOBIS's daily charts begin on 2004-01-01: no sync can fill 2003-01-01 to 2003-12-31."), "\(run.stderr)")
        #expect(!run.stderr.contains("archive sync --from"), "no sync is advised: \(run.stderr)")
    }

    @Test func jsonLinesCarryThePeriodAndUnsettledDaysAreProvisional() async throws {
        let state = BinaryRunner(keys: false)
        _ = try await state.run(["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-20", "--replay", "Fixtures", "-q"])
        let file = state.home.appendingPathComponent(".local/share/boxoffice/archive.sqlite3").path
        let writer = try SQLiteConnection(path: file, readOnly: false)
        try writer.execute("UPDATE synced_days SET settled = 0 WHERE day = '2023-08-20'")
        let lines = try await state.run(["top", "--from", "2023-08-18", "--to", "2023-08-20", "--format", "jsonl", "--limit", "2"])
        for line in lines.stdout.split(separator: "\n") {
            #expect(line.hasPrefix(#"{"from":"2023-08-18","to":"2023-08-20","rank":"#), "\(line)")
        }
        let share = try await state.run(["share", "--from", "2023-08-18", "--to", "2023-08-20"])
        #expect(
            share.stdout.contains("Provisional: 1 day was fetched before KOBIS settled it (2023-08-20); the next sync fetches it again."),
            "\(share.stdout)")
        // --fields, as the charts take it: the columns and the JSON lines' members asked for, in order.
        let picked = try await state.run([
            "top", "--from", "2023-08-18", "--to", "2023-08-20", "--fields", "title,total", "--format", "csv", "--limit", "1",
        ])
        #expect(picked.stdout == "title,total\n콘크리트 유토피아,501709\n", "\(picked.stdout) \(picked.stderr)")
        let groups = try await state.run([
            "share", "--from", "2023-08-18", "--to", "2023-08-20", "--by", "nation", "--fields", "name,films", "--format", "jsonl",
        ])
        #expect(groups.stdout.hasPrefix(#"{"name":"한국","films":6}"#), "\(groups.stdout) \(groups.stderr)")
        let json = try await state.run(["top", "--from", "2023-08-18", "--to", "2023-08-20", "--format", "json"])
        #expect(json.stdout.contains(#""unsettledDays" : ["#) || json.stdout.contains(#""unsettledDays": ["#), "\(json.stdout.prefix(300))")
    }
}

/// `archive sync --dry-run`: what a sync would fetch and cost, said before anything is spent.
struct SyncDryRunEndToEndTests {
    @Test func aDryRunSaysWhatASyncWouldCostAndSendsNothing() async throws {
        let server = try LoopbackServer(handler: StubResponse.syntheticDay)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let fresh = try await state.run(["archive", "sync", "--from", "2023-08-01", "--to", "2023-08-31", "--dry-run"])
        #expect(fresh.status == 0 && server.requests.isEmpty, "\(fresh.status) \(fresh.stderr)")
        #expect(fresh.stdout.hasPrefix("A sync of 2023-08-01 to 2023-08-31 would fetch 31 days: 31 KOBIS calls for the charts"), "\(fresh.stdout)")
        #expect(fresh.stdout.hasSuffix("Nothing was sent.\n"), "\(fresh.stdout)")
        let file = state.home.appendingPathComponent(".local/share/boxoffice/archive.sqlite3").path
        #expect(!FileManager.default.fileExists(atPath: file), "a dry run makes no archive")
        _ = try await state.run(["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-20", "--replay", "Fixtures", "-q"])
        let wide = try await state.run(["archive", "sync", "--from", "2023-08-01", "--to", "2023-08-31", "--dry-run", "--wide"])
        // 28 days lacking cost three calls each; the 3 held ones lack only their two lists.
        #expect(wide.stdout.contains("would fetch 31 days: 90 KOBIS calls for the charts"), "\(wide.stdout)")
        #expect(server.requests.isEmpty)
    }
}

/// `archive sql` as sqlite3 is used: a statement from standard input, `?` placeholders bound.
struct ArchiveSQLInputEndToEndTests {
    @Test func aStatementFromStandardInputAndBoundParameters() async throws {
        let state = BinaryRunner(keys: false)
        _ = try await state.run(["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-20", "--replay", "Fixtures", "-q"])
        let bound = try await state.run([
            "archive", "sql", "SELECT day, title FROM daily_chart WHERE rank = ? AND day >= ? ORDER BY day", "--param", "1", "--param", "2023-08-19",
            "--format", "csv",
        ])
        #expect(bound.stdout == "day,title\n2023-08-19,콘크리트 유토피아\n2023-08-20,콘크리트 유토피아\n", "\(bound.stdout) \(bound.stderr)")
        let piped = try await state.run(["archive", "sql", "-", "--format", "tsv"], stdin: "SELECT COUNT(*) AS n FROM daily_chart;\n")
        #expect(piped.stdout == "n\n30\n", "\(piped.stdout) \(piped.stderr)")
        let empty = try await state.run(["archive", "sql", "-"], stdin: "\n")
        #expect(empty.status == 64 && empty.stderr.contains("Standard input held no statement."), "\(empty.stderr)")
        // A value for each placeholder: one missing would read as NULL, one spare be dropped.
        for (statement, values) in [("SELECT ? AS a, ? AS b", ["1"]), ("SELECT 1", ["1"])] {
            let mismatched = try await state.run(["archive", "sql", statement] + values.flatMap { ["--param", $0] })
            #expect(mismatched.status == 64 && mismatched.stdout.isEmpty, "\(statement): \(mismatched.status) \(mismatched.stdout)")
            #expect(mismatched.stderr.contains("The query cannot run: the statement has"), "\(mismatched.stderr)")
        }
    }

    /// `--fields` picks the statement's own columns, in the order asked, as `top` and `share` take
    /// theirs; a name the statement has not is a usage error naming those it has, nothing printed.
    @Test func fieldsPickTheStatementsColumns() async throws {
        let state = BinaryRunner(keys: false)
        _ = try await state.run(["archive", "sync", "--from", "2023-08-18", "--to", "2023-08-18", "--replay", "Fixtures", "-q"])
        let statement = "SELECT day, rank, title, audience FROM daily_chart WHERE rank <= 2 ORDER BY rank"
        let csv = try await state.run(["archive", "sql", statement, "--fields", "title,rank", "--format", "csv"])
        #expect(csv.stdout == "title,rank\n콘크리트 유토피아,1\n오펜하이머,2\n", "\(csv.stdout) \(csv.stderr)")
        let lines = try await state.run(["archive", "sql", statement, "--fields", "audience", "--format", "jsonl"])
        #expect(lines.stdout == "{\"audience\":112934}\n{\"audience\":91352}\n", "\(lines.stdout) \(lines.stderr)")
        let unknown = try await state.run(["archive", "sql", statement, "--fields", "titel"])
        #expect(unknown.status == 64 && unknown.stdout.isEmpty, "\(unknown.status) \(unknown.stdout)")
        #expect(unknown.stderr.contains("'titel' is not a column of the statement. Did you mean 'title'? Its columns: day, rank, title, audience."))
    }
}
