@testable import BoxOfficeArchive
import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// The archive on charts shaped as KOBIS really sends them (`shared/KOBIS.md`): ties, retitled
/// films, short and empty days, files of the first schema, and figures from KOBIS's running totals.
struct ArchiveRealRecordTests {
    /// The fixtures' daily charts, 2023-08-11 to 2023-08-20: 08-19 ranks 귀공자 and 더 문 7th alike.
    static let days = (11...20).map { KSTDate(year: 2023, month: 8, day: $0)! }

    static func chart(_ day: KSTDate) throws -> BoxOfficeChart {
        try TestFiles.chart("kobis/daily-\(day.iso.replacingOccurrences(of: "-", with: "")).json", kind: .daily)
    }

    static func filled() throws -> (TemporaryArchiveFolder, BoxOfficeArchive) {
        let folder = TemporaryArchiveFolder()
        let archive = try BoxOfficeArchive(path: folder.file)
        for day in days { try archive.store(try chart(day), settled: true, fetchedAt: Date()) }
        return (folder, archive)
    }

    @Test func aTieIsStoredWholeAndReadBackInKOBISsOrder() throws {
        let (_, archive) = try Self.filled()
        let tie = try #require(try archive.dailyChart(on: Self.days[8]))
        #expect(tie.chart.entries.map(\.rank) == [1, 2, 3, 4, 5, 6, 7, 7, 9, 10])
        #expect(tie.chart.entries[6...7].map(\.title) == ["귀공자", "더 문"])
        #expect(tie.chart == (try Self.chart(Self.days[8])), "the day reads back as KOBIS sent it")
        let status = try archive.status()
        #expect(status.days == 10 && status.chartRows == 100 && status.missingDays == 0, "\(status)")
    }

    /// A film's figure is its last running total less its first day's total before that day: the
    /// days between that it spent outside the top ten count (귀공자 on 08-17, 바비 on 08-18 and 08-19).
    @Test func aPeriodsFigureComesFromKOBISsRunningTotals() throws {
        let (_, archive) = try Self.filled()
        let charts = try Self.days.map(Self.chart)
        let period = ArchivePeriod.days(from: Self.days[0], to: Self.days[9])
        let top = try archive.top(period, limit: 20)
        #expect(top.count == 12)
        for film in top {
            let rows = charts.compactMap { chart in chart.entries.first { $0.code == film.code }.map { (chart.startDate, $0) } }
            let (first, last) = (try #require(rows.first), try #require(rows.last))
            let expected = try #require(last.1.audienceTotal) - (try #require(first.1.audienceTotal) - (try #require(first.1.audience)))
            #expect(film.total == expected, "\(film.title)")
            #expect(film.archivedDaysSum == rows.compactMap(\.1.audience).reduce(0, +), "\(film.title)")
            #expect(film.firstDay == first.0 && film.lastDay == last.0 && film.daysInTopTen == rows.count, "\(film.title)")
            #expect(film.title == last.1.title, "the title of its last day: \(film.title)")
        }
        let nobleman = try #require(top.first { $0.code == "20233616" })
        #expect(nobleman.total == (nobleman.archivedDaysSum ?? 0) + 2_090, "귀공자's day outside the chart on 08-17 counts")
        let barbie = try #require(top.first { $0.code == "20231089" })
        #expect(barbie.total == (barbie.archivedDaysSum ?? 0) + 1_900 + 2_900, "바비's two days outside the chart count")
        #expect(top.first { $0.code == "20233244" }?.title == "미션 임파서블: 데드 레코닝 PART 1", "retitled on its last day")
        let share = try archive.share(period, by: .distributor)
        #expect(share.reduce(0) { $0 + $1.audience } == top.compactMap(\.total).reduce(0, +), "share adds up the same figures")
        let allTime = try archive.top(.allTime, limit: 1)
        #expect(allTime.first?.code == "20229385" && allTime.first?.total == 7_020_682, "all time: 엘리멘탈's latest running total, \(allTime)")
    }

    @Test func aShortDayAndAnEmptyDayAreStoredAsTheyCame() throws {
        let folder = TemporaryArchiveFolder()
        let archive = try BoxOfficeArchive(path: folder.file)
        var short = try Self.chart(Self.days[0])
        short.entries = Array(short.entries.prefix(3))
        try archive.store(short, settled: true, fetchedAt: Date())
        let empty = BoxOfficeChart(kind: .daily, startDate: Self.days[1], endDate: Self.days[1], entries: [])
        try archive.store(empty, settled: true, fetchedAt: Date())
        #expect(try archive.dailyChart(on: Self.days[0])?.chart.entries.count == 3)
        #expect(try archive.dailyChart(on: Self.days[1])?.chart.entries.isEmpty == true)
        #expect(try archive.missingDays(from: Self.days[0], to: Self.days[1]).isEmpty)
    }

    /// A whole archive of chaining days holds; a total edited by hand breaks the chain on its day
    /// and the next, and is found, as are days fetched unsettled and films without details.
    @Test func theCheckFindsWhatDoesNotAddUp() throws {
        let (folder, archive) = try Self.filled()
        let films = try archive.check()
        #expect(films.allSatisfy { $0.kind == .filmWithoutDetails } && films.count == 12, "\(films)")
        try archive.store(try Self.chart(Self.days[9]), settled: false, fetchedAt: Date())
        do {
            let editor = try SQLiteConnection(path: folder.file, readOnly: false)
            try editor.execute("UPDATE daily_chart SET audience_total = audience_total + 5 WHERE day = '2023-08-15' AND movie_code = '20226411'")
        }
        let findings = try archive.check().filter { $0.kind != .filmWithoutDetails }
        #expect(
            findings == [
                ArchiveFinding(
                    kind: .totalDoesNotChain, day: Self.days[4], code: "20226411", title: "콘크리트 유토피아", expected: 1_877_592, found: 1_877_597,
                    measure: .audience),
                ArchiveFinding(
                    kind: .totalDoesNotChain, day: Self.days[5], code: "20226411", title: "콘크리트 유토피아", expected: 1_988_561, found: 1_988_556,
                    measure: .audience),
                ArchiveFinding(kind: .unsettledDay, day: Self.days[9]),
            ], "\(findings)")
    }

    /// The status names its gaps as runs of days, and the films still waiting for their details.
    @Test func theStatusListsItsMissingDaysAsSpans() throws {
        let folder = TemporaryArchiveFolder()
        let archive = try BoxOfficeArchive(path: folder.file)
        for index in [0, 1, 4, 7, 8, 9] { try archive.store(try Self.chart(Self.days[index]), settled: true, fetchedAt: Date()) }
        let status = try archive.status()
        #expect(status.missingDays == 4 && status.filmsAwaitingDetails == status.films, "\(status)")
        #expect(
            status.missingSpans == [DaySpan(from: Self.days[2], to: Self.days[3]), DaySpan(from: Self.days[5], to: Self.days[6])],
            "\(status.missingSpans)")
    }

    @Test func aChartListingAFilmTwiceIsRefusedNamingItsDayAndNothingOfTheDayIsStored() throws {
        let folder = TemporaryArchiveFolder()
        let archive = try BoxOfficeArchive(path: folder.file)
        var twice = try Self.chart(Self.days[0])
        twice.entries[9] = twice.entries[0]
        #expect(throws: BoxOfficeError.archive(.unstorableChart(day: Self.days[0], film: twice.entries[0].code, row: 10, reason: .listedTwice))) {
            try archive.store(twice, settled: true, fetchedAt: Date())
        }
        var fractional = try Self.chart(Self.days[1])
        fractional.entries[2].audienceChange = 1.5
        #expect(
            throws: BoxOfficeError.archive(.unstorableChart(day: Self.days[1], film: fractional.entries[2].code, row: 3, reason: .fractionalCount))
        ) {
            try archive.store(fractional, settled: true, fetchedAt: Date())
        }
        #expect(try archive.status().days == 0 && archive.status().chartRows == 0)
        let message = ArchiveError.unstorableChart(day: Self.days[0], film: "20226411", row: 10, reason: .listedTwice).message
        #expect(message.contains("2023-08-11") && message.contains("20226411") && !message.contains(folder.file), "\(message)")
    }

    /// A file the first version wrote: brought to version 2 in one transaction on opening, every
    /// row kept (its unique ranks become the positions), whether opened to write or to read.
    /// A file the first version wrote: its day of ten ranked rows.
    static func versionOneFile(_ folder: TemporaryArchiveFolder) throws {
        let old = try SQLiteConnection(path: folder.file, readOnly: false)
        try old.execute("PRAGMA journal_mode = WAL")
        try old.execute(Schema.version1)
        try old.execute("PRAGMA user_version = 1")
        try old.execute("INSERT INTO synced_days VALUES ('2023-08-18', '2023-08-19T03:30:00+09:00', 1)")
        for rank in 1...10 {
            try old.execute(
                "INSERT INTO daily_chart (day, rank, movie_code, title, audience, audience_total, rank_change, is_new) VALUES ('2023-08-18', \(rank), 'm\(rank)', '영화 \(rank)', \(1000 - rank), \(5000 - rank), 0, 0)"
            )
        }
    }

    /// A migration cut short (here its connection closes mid-transaction, as a killed process's
    /// does) leaves the version-1 file whole; a reader sees version 1 until the new one commits.
    @Test func aMigrationCutShortLeavesTheOldFileWholeAndReadable() throws {
        let folder = TemporaryArchiveFolder()
        try Self.versionOneFile(folder)
        do {
            let migrating = try SQLiteConnection(path: folder.file, readOnly: false)
            try migrating.execute("BEGIN IMMEDIATE")
            try migrating.execute(Schema.version2)
            try migrating.execute("PRAGMA user_version = 2")
            let reader = try SQLiteConnection(path: folder.file, readOnly: true)
            #expect(try reader.scalar("PRAGMA user_version") == .integer(1))
            #expect(try reader.scalar("SELECT COUNT(*) FROM daily_chart") == .integer(10))
            #expect(throws: (any Error).self, "no position column yet") { try reader.scalar("SELECT position FROM daily_chart") }
        }
        let check = try SQLiteConnection(path: folder.file, readOnly: true)
        #expect(try check.scalar("PRAGMA user_version") == .integer(1) && check.scalar("PRAGMA integrity_check") == .text("ok"))
        let archive = try BoxOfficeArchive(path: folder.file)
        #expect(try archive.status().schemaVersion == 2 && archive.status().chartRows == 10)
    }

    @Test(arguments: [false, true])
    func aVersionOneFileIsMigratedInPlaceWithEveryRow(readOnly: Bool) throws {
        let folder = TemporaryArchiveFolder()
        try Self.versionOneFile(folder)
        let archive = try BoxOfficeArchive(path: folder.file, readOnly: readOnly)
        #expect(try archive.status().schemaVersion == 2 && archive.status().chartRows == 10)
        let rows = try archive.query("SELECT position, rank, movie_code, audience FROM daily_chart ORDER BY position")
        #expect(rows.rows.count == 10 && rows.rows[0] == [.integer(1), .integer(1), .text("m1"), .integer(999)], "\(rows.rows)")
        #expect(try archive.query("PRAGMA integrity_check").rows == [[.text("ok")]])
        let day = try #require(try archive.dailyChart(on: KSTDate(year: 2023, month: 8, day: 18)!))
        #expect(day.chart.entries.map(\.code) == (1...10).map { "m\($0)" })
    }

    /// Another program's database (version 0, tables of its own) is never given the archive's
    /// tables or turned to WAL; an empty file becomes an archive.
    @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() throws {
        let folder = TemporaryArchiveFolder()
        do {
            let other = try SQLiteConnection(path: folder.file, readOnly: false)
            try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.file))
        for readOnly in [false, true] {
            #expect(throws: BoxOfficeError.archive(.notAnArchive(path: folder.file))) { try BoxOfficeArchive(path: folder.file, readOnly: readOnly) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.file + "-wal"))

        let empty = TemporaryArchiveFolder()
        #expect(FileManager.default.createFile(atPath: empty.file, contents: Data()))
        #expect(try BoxOfficeArchive(path: empty.file).status().schemaVersion == BoxOfficeArchive.schemaVersion)
    }
}
