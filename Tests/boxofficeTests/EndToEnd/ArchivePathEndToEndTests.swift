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
