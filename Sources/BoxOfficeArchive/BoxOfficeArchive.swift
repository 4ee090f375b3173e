import BoxOfficeCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The box office archive: daily charts kept in one SQLite file that any tool opens (`sqlite3`,
/// Python, a spreadsheet's importer). Its schema is a contract, like the JSON: it only grows, and
/// `PRAGMA user_version` says which version a file has. Each archived day is written in one
/// transaction, so a sync cut short at any moment leaves whole days only.
public final class BoxOfficeArchive: Sendable {
    /// The schema version this library writes and reads.
    public static let schemaVersion = Int64(Schema.steps.count)

    /// Where the file is.
    public let path: String
    private let connection: Mutex<SQLiteConnection>

    /// Opens the archive at `path`, creating it (and running the forward migrations once) unless
    /// `readOnly`. A file that is not SQLite, or of a newer schema, is refused as it is.
    public init(path: String, readOnly: Bool = false) throws(BoxOfficeError) {
        self.path = path
        // Looked at, never opened: a FIFO at the path would block the open for ever.
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw .archive(.notAFile(path: path, kind: FileDescriptor.kind(status.st_mode & S_IFMT)))
        }
        let opened: SQLiteConnection
        do {
            opened = readOnly ? try Self.reader(at: path) : try SQLiteConnection(path: path, readOnly: false)
        } catch {
            throw Self.archiveError(error, path: path)
        }
        opened.waitForLocks(milliseconds: 5_000)
        do {
            if readOnly {
                // A file of an older version is brought forward first (a one-time write); a reader
                // then sees the schema it knows.
                let version = try Self.version(of: opened)
                guard version <= Self.schemaVersion else { throw ArchiveError.newerSchema(path: path, version: version) }
                if version < Self.schemaVersion {
                    let writer = try SQLiteConnection(path: path, readOnly: false)
                    writer.waitForLocks(milliseconds: 5_000)
                    try Self.migrate(writer, path: path)
                }
                // Pages read straight from the mapped file, without a copy a read: a year's
                // question touches a few megabytes of a twenty-year archive.
                try opened.execute("PRAGMA mmap_size = 268435456")
                opened.refuseWrites()
            } else {
                try opened.execute("PRAGMA foreign_keys = ON")
                // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a crash of
                // the process loses nothing, a power cut at most the last days (synced again).
                try opened.execute("PRAGMA synchronous = NORMAL")
                try Self.migrate(opened, path: path)
            }
            try Self.checkShape(opened, path: path)
        } catch {
            throw Self.archiveError(error, path: path)
        }
        connection = Mutex(opened)
    }

    /// How long any question of the archive (top, share, status, check, the days it holds) may
    /// run before it is stopped: a file made to be slow cannot hang the tool or the MCP server.
    /// `query` has its own, shorter bound.
    public static let questionSeconds: Double = 20

    /// A read-only connection. In a folder this process cannot write (a shared one, an app's
    /// bundle), SQLite cannot make the shared memory a WAL reader needs; a cleanly closed file is
    /// then read as immutable, which needs none.
    private static func reader(at path: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        do {
            _ = try version(of: connection)
            return connection
        } catch let failure as SQLiteFailure where [8, 14].contains(failure.code & 0xFF) {
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            guard access(folder.isEmpty ? "/" : folder, W_OK) != 0, access(path + "-wal", F_OK) != 0 else { throw failure }
            return try SQLiteConnection(path: path, readOnly: true, immutable: true)
        }
    }

    /// What went wrong, as the library says it: SQLite's failures turned into the archive's.
    private static func archiveError(_ error: any Error, path: String) -> BoxOfficeError {
        switch error {
        case let error as BoxOfficeError: error
        case let error as ArchiveError: .archive(error)
        case let error as SQLiteFailure: .archive(ArchiveError(error, path: path))
        default: .archive(.failed(path: path, reason: "\(error)"))
        }
    }

    private static func version(of connection: borrowing SQLiteConnection) throws -> Int64 {
        guard case .integer(let version)? = try connection.scalar("PRAGMA user_version") else { return 0 }
        return version
    }

    /// Brings an older file up to `schemaVersion` in one transaction, once: a process killed on the
    /// way leaves the file as it was, still readable, and the next opening migrates it again.
    private static func migrate(_ connection: borrowing SQLiteConnection, path: String) throws {
        try refuseOthers(connection, path: path)
        guard try version(of: connection) < schemaVersion else { return }
        // WAL: readers (queries, the MCP server) go on while a sync writes.
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("BEGIN IMMEDIATE")
        do {
            // Another process may have migrated while this one waited for the lock.
            try refuseOthers(connection, path: path)
            for step in Schema.steps.dropFirst(Int(try version(of: connection))) { try connection.execute(step) }
            try connection.execute("PRAGMA user_version = \(schemaVersion)")
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The tables and columns the schema version promises, made once from the steps in memory.
    private static let promisedShape: [String: Set<String>] = {
        guard let memory = try? SQLiteConnection(path: ":memory:", readOnly: false) else { return [:] }
        for step in Schema.steps { try? memory.execute(step) }
        return (try? shape(of: memory).tables) ?? [:]
    }()

    /// Every table, view and trigger of a file, each table with its columns.
    private static func shape(of connection: borrowing SQLiteConnection) throws -> (tables: [String: Set<String>], others: [(String, String)]) {
        var objects: [(type: String, name: String)] = []
        try connection.query("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger')") { _, row in
            objects.append((row[0].text ?? "", row[1].text ?? ""))
            return true
        }
        var tables: [String: Set<String>] = [:]
        var others: [(String, String)] = []
        for object in objects {
            guard object.type == "table" else {
                others.append((object.type, object.name))
                continue
            }
            var columns: Set<String> = []
            try connection.query("SELECT name FROM pragma_table_info(?1)", [.text(object.name)]) { _, row in
                if let name = row[0].text { columns.insert(name) }
                return true
            }
            tables[object.name] = columns
        }
        return (tables, others)
    }

    /// Refuses a file whose tables are not what its schema version promises: one the archive's
    /// tables are missing from or lack columns of, or with a view or a trigger (which the archive
    /// never makes: a trigger would run on the sync's writes, a view could stand in for a table).
    private static func checkShape(_ connection: borrowing SQLiteConnection, path: String) throws {
        let found = try shape(of: connection)
        if let (type, name) = found.others.first {
            let korean = type == "view" ? "뷰" : "트리거"
            throw ArchiveError.unexpectedShape(path: path, detail: Words("it has a \(type), \(name)", "\(korean)가 있습니다: \(name)"))
        }
        for (table, columns) in promisedShape.sorted(by: { $0.key < $1.key }) {
            guard let held = found.tables[table] else {
                throw ArchiveError.unexpectedShape(path: path, detail: Words("it has no table \(table)", "\(table) 테이블이 없습니다"))
            }
            if let missing = columns.subtracting(held).sorted().first {
                throw ArchiveError.unexpectedShape(
                    path: path, detail: Words("its table \(table) has no column \(missing)", "\(table) 테이블에 \(missing) 열이 없습니다"))
            }
        }
    }

    /// Refuses a file of a newer schema, and another program's database: version 0 (this library
    /// never wrote it) with tables of its own. Only an empty file or a new path becomes an archive.
    private static func refuseOthers(_ connection: borrowing SQLiteConnection, path: String) throws {
        let version = try version(of: connection)
        guard version <= schemaVersion else { throw ArchiveError.newerSchema(path: path, version: version) }
        if version == 0, try connection.scalar("SELECT 1 FROM sqlite_master") != nil { throw ArchiveError.notAnArchive(path: path) }
    }

    /// The days the archive holds between `from` and `to`, each with whether it was settled when
    /// fetched (a chart fetched the day after can still change; it is fetched again later).
    public func days(from: KSTDate, to: KSTDate) throws(BoxOfficeError) -> [KSTDate: Bool] {
        try heldDays(from: from, to: to).mapValues(\.settled)
    }

    /// Each day the archive holds from `from` to `to`: whether it was settled when fetched, and
    /// whether its lists by nation are archived too.
    func heldDays(from: KSTDate, to: KSTDate) throws(BoxOfficeError) -> [KSTDate: (settled: Bool, wide: Bool)] {
        try withConnection { connection in
            var days: [KSTDate: (settled: Bool, wide: Bool)] = [:]
            try connection.query("SELECT day, settled, wide FROM synced_days WHERE day BETWEEN ? AND ?", [.text(from.iso), .text(to.iso)]) {
                _, row in
                if let day = row[0].text.flatMap({ KSTDate(parsing: $0) }) { days[day] = (row[1].integer != 0, row[2].integer == 1) }
                return true
            }
            return days
        }
    }

    /// Stores a daily chart, replacing what the archive held for its day, with the details of
    /// films first seen in it, in one transaction. `nationLists`, KOBIS's charts of the day's
    /// Korean and foreign films (`ChartFilter.nation`), are kept beside it, and the day is marked
    /// wide when both came. A chart the schema cannot hold (one film listed twice, a fractional
    /// count) is refused whole, naming its day and why.
    public func store(
        _ chart: BoxOfficeChart, nationLists: [BoxOfficeChart] = [], settled: Bool, movies: [MovieDetails] = [], fetchedAt: Date
    ) throws(BoxOfficeError) {
        let stamp = Self.timestamp(fetchedAt)
        let date = chart.startDate
        try withConnection(question: false) { connection in
            try Self.transaction(connection) {
                let day = SQLValue.text(date.iso)
                try connection.query("DELETE FROM synced_days WHERE day = ?", [day])
                try connection.query(
                    "INSERT INTO synced_days (day, fetched_at, settled, wide) VALUES (?, ?, ?, ?)",
                    [day, .text(stamp), .integer(settled ? 1 : 0), .integer(Self.holdsEveryNation(nationLists) ? 1 : 0)])
                try Self.insertRows(of: chart, into: connection)
                for list in nationLists { try Self.insertRows(of: list, into: connection) }
                for movie in movies { try Self.insert(movie, stamp: stamp, into: connection) }
            }
        }
    }

    /// Adds KOBIS's lists of a day's Korean and foreign films to a day the archive holds, with the
    /// details of films first seen in them, in one transaction; the day is marked wide.
    public func storeNationLists(_ lists: [BoxOfficeChart], movies: [MovieDetails] = [], fetchedAt: Date) throws(BoxOfficeError) {
        guard let date = lists.first?.startDate else { return }
        let stamp = Self.timestamp(fetchedAt)
        try withConnection(question: false) { connection in
            try Self.transaction(connection) {
                let day = SQLValue.text(date.iso)
                try connection.query("DELETE FROM nation_chart WHERE day = ?", [day])
                for list in lists { try Self.insertRows(of: list, into: connection) }
                try connection.query("UPDATE synced_days SET wide = ? WHERE day = ?", [.integer(Self.holdsEveryNation(lists) ? 1 : 0), day])
                for movie in movies { try Self.insert(movie, stamp: stamp, into: connection) }
            }
        }
    }

    /// Whether the lists are the day's Korean and foreign ones both: what makes a day wide.
    private static func holdsEveryNation(_ lists: [BoxOfficeChart]) -> Bool {
        Set(lists.compactMap(\.filter.nation)).count == ChartFilter.Nation.allCases.count
    }

    /// A chart's rows: the overall chart into `daily_chart`, a nation's list into `nation_chart`.
    private static func insertRows(of chart: BoxOfficeChart, into connection: borrowing SQLiteConnection) throws {
        let table = chart.filter.nation == nil ? "daily_chart" : "nation_chart"
        let nation = chart.filter.nation.map { [SQLValue.text($0.code)] } ?? []
        for (index, entry) in chart.entries.enumerated() {
            do {
                try connection.query(
                    """
                    INSERT INTO \(table) (day, \(nation.isEmpty ? "" : "nation, ")position, rank, movie_code, title, open_date, audience,
                        audience_total, sales, sales_total, screens, shows, rank_change, is_new, audience_change, audience_change_rate,
                        sales_share, sales_change, sales_change_rate)
                    VALUES (?, \(nation.isEmpty ? "" : "?, ")?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [.text(chart.startDate.iso)] + nation + [
                        .integer(Int64(index + 1)), .integer(Int64(entry.rank)), .text(entry.code), .text(entry.title),
                        value(entry.openDate), value(entry.audience), value(entry.audienceTotal), value(entry.sales),
                        value(entry.salesTotal), value(entry.screens.map(Int64.init)), value(entry.shows.map(Int64.init)),
                        .integer(Int64(entry.rankIntensity)), .integer(entry.isNew ? 1 : 0), value(entry.audienceChange),
                        value(entry.audienceChangeRate), value(entry.salesShare), value(entry.salesChange), value(entry.salesChangeRate),
                    ])
            } catch let failure as SQLiteFailure where failure.code & 0xFF == 19 {
                // SQLITE_CONSTRAINT: the answer, not the file, is at fault.
                throw ArchiveError.unstorableChart(day: chart.startDate, film: entry.code, row: index + 1, reason: Self.reason(failure))
            }
        }
    }

    /// Every row of the charts, the overall one and the lists by nation: a film on a day, with its title.
    static let chartRows = "(SELECT day, movie_code, title FROM daily_chart UNION ALL SELECT day, movie_code, title FROM nation_chart)"

    /// Why a chart's row could not be stored, in the words of the answer rather than of SQLite.
    private static func reason(_ failure: SQLiteFailure) -> ArchiveError.UnstorableRow {
        switch failure.code {
        case 1555, 2067: .listedTwice  // SQLITE_CONSTRAINT_PRIMARYKEY, _UNIQUE
        case 3091: .fractionalCount  // SQLITE_CONSTRAINT_DATATYPE
        default: .other(failure.message)
        }
    }

    /// Stores films' details, each replacing what the archive held for it, in one transaction.
    public func store(_ movies: [MovieDetails], fetchedAt: Date) throws(BoxOfficeError) {
        let stamp = Self.timestamp(fetchedAt)
        try withConnection(question: false) { connection in
            try Self.transaction(connection) {
                for movie in movies { try Self.insert(movie, stamp: stamp, into: connection) }
            }
        }
    }

    /// What the archive holds of a film's details (the `movies` table: titles, opening date,
    /// production year, nations, genres, runtime, status); nil when it holds none. People and
    /// companies but the distributor are not kept.
    public func film(_ code: String) throws(BoxOfficeError) -> MovieDetails? {
        try withConnection { connection in
            var film: MovieDetails?
            try connection.query(
                "SELECT title, title_english, open_date, production_year, nations, genres, runtime, status FROM movies WHERE code = ?", [.text(code)]
            ) { _, row in
                let list = { (value: SQLValue) in value.text.map { $0.components(separatedBy: ", ") } ?? [] }
                film = MovieDetails(
                    code: code, title: row[0].text ?? "", titleEnglish: row[1].text, productionYear: row[3].integer.map(Int.init),
                    openDate: row[2].text.flatMap { KSTDate(parsing: $0) }, runtimeMinutes: row[6].integer.map(Int.init), status: row[7].text,
                    nations: list(row[4]), genres: list(row[5]))
                return false
            }
            return film
        }
    }

    /// Which of these films the archive has details of.
    public func knownFilms(_ codes: [String]) throws(BoxOfficeError) -> Set<String> {
        try withConnection { connection in
            var known: Set<String> = []
            for code in Set(codes) {
                if try connection.scalar("SELECT 1 FROM movies WHERE code = ?", [.text(code)]) != nil { known.insert(code) }
            }
            return known
        }
    }

    /// Films in the charts whose details the archive lacks, by the first day they appeared.
    public func filmsWithoutDetails() throws(BoxOfficeError) -> [String] {
        try withConnection { connection in
            var codes: [String] = []
            try connection.query(
                """
                SELECT movie_code FROM \(Self.chartRows) WHERE movie_code NOT IN (SELECT code FROM movies)
                GROUP BY movie_code ORDER BY MIN(day), movie_code
                """
            ) { _, row in
                if let code = row[0].text { codes.append(code) }
                return true
            }
            return codes
        }
    }

    private static func insert(_ movie: MovieDetails, stamp: String, into connection: borrowing SQLiteConnection) throws {
        let code = SQLValue.text(movie.code)
        let joined = { (values: [String]) in values.isEmpty ? SQLValue.null : .text(values.joined(separator: ", ")) }
        try connection.query(
            """
            INSERT OR REPLACE INTO movies (code, title, title_english, open_date, production_year, genres, genre, nations, nation,
                grade, runtime, status, distributor, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                code, .text(movie.title), movie.titleEnglish.map(SQLValue.text) ?? .null, value(movie.openDate),
                value(movie.productionYear.map(Int64.init)), joined(movie.genres), movie.genres.first.map(SQLValue.text) ?? .null,
                joined(movie.nations), movie.nations.first.map(SQLValue.text) ?? .null,
                movie.ratings.compactMap(\.grade).last.map(SQLValue.text) ?? .null, value(movie.runtimeMinutes.map(Int64.init)),
                movie.status.map(SQLValue.text) ?? .null, movie.distributors.compactMap(\.name).first.map(SQLValue.text) ?? .null, .text(stamp),
            ])
        try connection.query("DELETE FROM movie_companies WHERE movie_code = ?", [code])
        for (position, company) in movie.companies.enumerated() {
            guard let name = company.name else { continue }
            try connection.query(
                "INSERT INTO movie_companies (movie_code, position, company_code, name, part) VALUES (?, ?, ?, ?, ?)",
                [code, .integer(Int64(position)), company.code.map(SQLValue.text) ?? .null, .text(name), .text(company.part ?? "")])
        }
    }

    /// Runs `body` in one write transaction, rolled back whole when it throws.
    private static func transaction(_ connection: borrowing SQLiteConnection, _ body: () throws -> Void) throws {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            try body()
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The day's chart as the archive holds it, whole: the rows KOBIS gave, in its order (an
    /// empty chart for a day it had none); nil when the archive does not hold the day.
    public func dailyChart(on day: KSTDate) throws(BoxOfficeError) -> (chart: BoxOfficeChart, isSettled: Bool)? {
        try withConnection { connection in
            guard case .integer(let settled)? = try connection.scalar("SELECT settled FROM synced_days WHERE day = ?", [.text(day.iso)]) else {
                return nil
            }
            var entries: [ChartEntry] = []
            try connection.query(
                """
                SELECT rank, movie_code, title, open_date, audience, audience_total, sales, sales_total, screens, shows,
                       rank_change, is_new, audience_change, audience_change_rate, sales_share, sales_change, sales_change_rate
                FROM daily_chart WHERE day = ? ORDER BY position
                """, [.text(day.iso)]
            ) { _, row in
                entries.append(
                    ChartEntry(
                        rank: Int(row[0].integer ?? 0), rankIntensity: Int(row[10].integer ?? 0), isNew: row[11].integer == 1,
                        code: row[1].text ?? "", title: row[2].text ?? "", openDate: row[3].text.flatMap { KSTDate(parsing: $0) },
                        audience: row[4].integer, audienceChange: row[12].real, audienceChangeRate: row[13].real, audienceTotal: row[5].integer,
                        sales: row[6].integer, salesShare: row[14].real, salesChange: row[15].real, salesChangeRate: row[16].real,
                        salesTotal: row[7].integer, screens: row[8].integer.map(Int.init), shows: row[9].integer.map(Int.init)))
                return true
            }
            return (BoxOfficeChart(kind: .daily, startDate: day, endDate: day, entries: entries), settled != 0)
        }
    }

    /// A client that takes the daily charts this archive holds settled from it, before its cache
    /// and the network: a report or a trend over archived days costs no call.
    public func serving(_ client: BoxOfficeClient) -> BoxOfficeClient {
        var serving = client
        serving.archive = self
        return serving
    }

    /// What the archive holds.
    public func status() throws(BoxOfficeError) -> ArchiveStatus {
        try withConnection { connection in
            var status = ArchiveStatus(schemaVersion: try Self.version(of: connection))
            try connection.query("SELECT COUNT(*), MIN(day), MAX(day), SUM(settled = 0) FROM synced_days") { _, row in
                if case .integer(let count) = row[0] { status.days = Int(count) }
                if case .text(let first) = row[1] { status.firstDay = KSTDate(parsing: first) }
                if case .text(let last) = row[2] { status.lastDay = KSTDate(parsing: last) }
                if case .integer(let unsettled) = row[3] { status.unsettledDays = Int(unsettled) }
                return false
            }
            if case .integer(let rows)? = try connection.scalar("SELECT COUNT(*) FROM daily_chart") { status.chartRows = Int(rows) }
            if case .integer(let films)? = try connection.scalar("SELECT COUNT(DISTINCT movie_code) FROM \(Self.chartRows)") {
                status.films = Int(films)
            }
            if case .integer(let wide)? = try connection.scalar("SELECT COUNT(*) FROM synced_days WHERE wide = 1") { status.wideDays = Int(wide) }
            if case .integer(let known)? = try connection.scalar("SELECT COUNT(*) FROM movies") { status.filmsWithDetails = Int(known) }
            if case .integer(let pages)? = try connection.scalar("PRAGMA page_count"),
                case .integer(let size)? = try connection.scalar("PRAGMA page_size")
            {
                status.bytes = pages * size
            }
            if let first = status.firstDay, let last = status.lastDay {
                status.missingDays = max(0, last.days(since: first) + 1 - status.days)
            }
            if status.missingDays > 0 {
                try connection.query("SELECT day, LEAD(day) OVER (ORDER BY day) FROM synced_days") { _, row in
                    guard let day = row[0].text.flatMap({ KSTDate(parsing: $0) }), let next = row[1].text.flatMap({ KSTDate(parsing: $0) }),
                        next.days(since: day) > 1
                    else { return true }
                    status.missingSpans.append(DaySpan(from: day.adding(days: 1), to: next.adding(days: -1)))
                    return true
                }
            }
            if case .integer(let waiting)? = try connection.scalar(
                "SELECT COUNT(DISTINCT movie_code) FROM \(Self.chartRows) WHERE movie_code NOT IN (SELECT code FROM movies)")
            {
                status.filmsAwaitingDetails = Int(waiting)
            }
            return status
        }
    }

    /// Films ranked in a period by their figure (see `figures(allTime:)`): what KOBIS's own running
    /// totals say they drew from their first to their last archived day of the period.
    public func top(_ period: ArchivePeriod, by measure: TopMeasure = .audience, limit: Int = 10) throws(BoxOfficeError) -> [TopFilm] {
        let (from, to) = period.bounds
        return try withConnection { connection in
            var films: [TopFilm] = []
            try connection.query(
                """
                \(Self.figures(allTime: period == .allTime))
                SELECT f.movie_code, f.title, COALESCE(m.open_date, f.open_date), f.\(measure.rawValue) AS figure, f.days, f.best_rank,
                       m.distributor, f.first_day, f.last_day, f.\(measure.rawValue)_summed
                FROM figures AS f LEFT JOIN movies AS m ON m.code = f.movie_code
                ORDER BY figure IS NULL, figure DESC, f.movie_code LIMIT ?3
                """, [.text(from), .text(to), .integer(Int64(limit))]
            ) { _, row in
                guard case .text(let code) = row[0] else { return true }
                films.append(
                    TopFilm(
                        code: code, title: row[1].text ?? "", openDate: row[2].text.flatMap { KSTDate(parsing: $0) }, total: row[3].integer,
                        daysInTopTen: Int(row[4].integer ?? 0), bestRank: row[5].integer.map(Int.init), distributor: row[6].text,
                        firstDay: row[7].text.flatMap { KSTDate(parsing: $0) }, lastDay: row[8].text.flatMap { KSTDate(parsing: $0) },
                        archivedDaysSum: row[9].integer))
                return true
            }
            return films
        }
    }

    /// Each group's audience and sales in a period: the figures of its films (see
    /// `figures(allTime:)`) added up. A film counts for its first distributor, its nation (대표국적)
    /// or its genre (대표장르); films whose details the archive lacks are one group of their own,
    /// named nil.
    public func share(_ period: ArchivePeriod, by grouping: ShareGrouping) throws(BoxOfficeError) -> [ShareGroup] {
        let (from, to) = period.bounds
        return try withConnection { connection in
            var groups: [ShareGroup] = []
            try connection.query(
                """
                \(Self.figures(allTime: period == .allTime))
                SELECT CASE WHEN m.code IS NULL THEN NULL ELSE COALESCE(m.\(grouping.column), '') END AS name,
                       SUM(f.audience), SUM(f.sales), COUNT(*)
                FROM figures AS f LEFT JOIN movies AS m ON m.code = f.movie_code
                GROUP BY name ORDER BY SUM(f.audience) DESC, name
                """, [.text(from), .text(to)]
            ) { _, row in
                groups.append(
                    ShareGroup(name: row[0].text, audience: row[1].integer ?? 0, sales: row[2].integer ?? 0, films: Int(row[3].integer ?? 0)))
                return true
            }
            // The groups' sums fit (SQLite checks its SUM); their total must too.
            guard ShareGroup.totals(groups) != nil else { throw ArchiveError.totalTooLarge(path: path) }
            return groups
        }
    }

    /// The `figures` table of a period from `?1` to `?2`: a film a row, with its audience and sales,
    /// for every film of the archived charts (the lists by nation included, where a day has them).
    /// KOBIS's running totals chain (a day's `audience_total` less the day before's is the day's
    /// `audience`, whether or not the film was in the top ten that day), so a film's figure is its
    /// `audience_total` on its last archived day of the period less `audience_total - audience` on
    /// its first: it counts the days between that it spent outside the chart, and only the days
    /// before its first and after its last charted day escape it. It is never less than the sum of
    /// its archived days (a total KOBIS revised later may not chain). For all time, it is the film's
    /// latest running total: everything since its opening.
    static func figures(allTime: Bool) -> String {
        // A film's first and last day, found in the overall chart or else in its nation's list,
        // each by its index: no table of the period's rows is built and searched.
        let value = { (day: String, column: String) in "COALESCE(\(day)d.\(column), \(day)n.\(column))" }
        let since = { (measure: String) in
            allTime
                ? value("l", "\(measure)_total")
                : "\(value("l", "\(measure)_total")) - \(value("f", "\(measure)_total")) + \(value("f", measure))"
        }
        let figure = { (measure: String) in
            "MAX(COALESCE(s.\(measure)_summed, \(since(measure))), COALESCE(\(since(measure)), s.\(measure)_summed)) AS \(measure)"
        }
        return """
            WITH rows AS (
                SELECT day, movie_code, rank, audience, sales FROM daily_chart WHERE day BETWEEN ?1 AND ?2
                UNION ALL
                SELECT day, movie_code, NULL, audience, sales FROM nation_chart AS n WHERE day BETWEEN ?1 AND ?2
                    AND NOT EXISTS (SELECT 1 FROM daily_chart AS c WHERE c.day = n.day AND c.movie_code = n.movie_code)
            ),
            span AS (
                SELECT movie_code, MIN(day) AS first_day, MAX(day) AS last_day, COUNT(rank) AS days, MIN(rank) AS best_rank,
                       SUM(audience) AS audience_summed, SUM(sales) AS sales_summed
                FROM rows GROUP BY movie_code
            ),
            figures AS (
                SELECT s.*, \(value("l", "title")) AS title, COALESCE(ld.open_date, ln.open_date, fd.open_date, fn.open_date) AS open_date,
                       \(figure("audience")), \(figure("sales"))
                FROM span AS s
                LEFT JOIN daily_chart AS fd ON fd.day = s.first_day AND fd.movie_code = s.movie_code
                LEFT JOIN nation_chart AS fn ON fd.movie_code IS NULL AND fn.movie_code = s.movie_code AND fn.day = s.first_day
                LEFT JOIN daily_chart AS ld ON ld.day = s.last_day AND ld.movie_code = s.movie_code
                LEFT JOIN nation_chart AS ln ON ld.movie_code IS NULL AND ln.movie_code = s.movie_code AND ln.day = s.last_day
            )
            """
    }

    /// Reads the whole archive and lists what does not add up: running totals that do not chain
    /// from one archived day to the next (each list checked), days fetched before they settled,
    /// films charted without their details. Empty when all holds.
    public func check() throws(BoxOfficeError) -> [ArchiveFinding] {
        try withConnection { connection in
            var findings: [ArchiveFinding] = []
            for table in ["daily_chart", "nation_chart"] {
                try connection.query(
                    """
                    SELECT b.day, b.movie_code, b.title, a.audience_total + b.audience, b.audience_total, a.sales_total + b.sales, b.sales_total
                    FROM \(table) AS a JOIN \(table) AS b
                        ON b.movie_code = a.movie_code AND b.day = date(a.day, '+1 day')\(table == "nation_chart" ? " AND b.nation = a.nation" : "")
                    WHERE b.audience_total <> a.audience_total + b.audience OR b.sales_total <> a.sales_total + b.sales
                    ORDER BY b.day, b.movie_code
                    """
                ) { _, row in
                    let day = row[0].text.flatMap { KSTDate(parsing: $0) }
                    for (measure, expected, found) in [(TopMeasure.audience, row[3], row[4]), (.sales, row[5], row[6])]
                    where expected.integer != found.integer {
                        findings.append(
                            ArchiveFinding(
                                kind: .totalDoesNotChain, day: day, code: row[1].text, title: row[2].text, expected: expected.integer,
                                found: found.integer, measure: measure))
                    }
                    return true
                }
            }
            // A film in both the overall chart and its nation's list is found twice: once is enough.
            var seen: Set<ArchiveFinding> = []
            findings = findings.filter { seen.insert($0).inserted }.sorted { ($0.day?.iso ?? "", $0.code ?? "") < ($1.day?.iso ?? "", $1.code ?? "") }
            try connection.query("SELECT day FROM synced_days WHERE settled = 0 ORDER BY day") { _, row in
                findings.append(ArchiveFinding(kind: .unsettledDay, day: row[0].text.flatMap { KSTDate(parsing: $0) }))
                return true
            }
            try connection.query(
                """
                SELECT movie_code, title, MIN(day) FROM \(Self.chartRows)
                WHERE movie_code NOT IN (SELECT code FROM movies) GROUP BY movie_code ORDER BY MIN(day), movie_code
                """
            ) { _, row in
                findings.append(
                    ArchiveFinding(
                        kind: .filmWithoutDetails, day: row[2].text.flatMap { KSTDate(parsing: $0) }, code: row[0].text, title: row[1].text))
                return true
            }
            return findings
        }
    }

    /// The year up to `day` (from the first of January), when the archive holds every one of its
    /// days; nil when it lacks any.
    public func yearSoFar(through day: KSTDate) throws(BoxOfficeError) -> DailyReport.YearSoFar? {
        guard let first = KSTDate(year: day.year, month: 1, day: 1), try missingDays(from: first, to: day).isEmpty else { return nil }
        let period = ArchivePeriod.days(from: first, to: day)
        let totals = try ShareGroup.totals(share(period, by: .distributor))
        let leader = try top(period, limit: 1).first
        guard let totals else { throw .archive(.totalTooLarge(path: path)) }
        return DailyReport.YearSoFar(
            from: first, to: day, audience: totals.audience, sales: totals.sales,
            leaderCode: leader?.code, leaderTitle: leader?.title, leaderAudience: leader?.total)
    }

    /// The days from `from` to `to` the archive does not hold.
    public func missingDays(from: KSTDate, to: KSTDate) throws(BoxOfficeError) -> [KSTDate] {
        guard from <= to else { return [] }
        // Most periods asked about are whole: counting says so without reading the days.
        let count = try withConnection { connection in
            try connection.scalar("SELECT COUNT(*) FROM synced_days WHERE day BETWEEN ? AND ?", [.text(from.iso), .text(to.iso)])
        }
        if count?.integer == Int64(to.days(since: from) + 1) { return [] }
        let held = try days(from: from, to: to)
        return Self.days(from: from, to: to).filter { held[$0] == nil }
    }

    /// Runs one read-only statement: at most `rowLimit` rows and `byteLimit` bytes of values (no
    /// string or blob longer: SQLite refuses to make one), and `seconds` of SQLite's work, after
    /// which it is interrupted. ATTACH, writing pragmas and `load_extension` are refused.
    public func query(
        _ sql: String, parameters: [SQLValue] = [], rowLimit: Int = 1_000, byteLimit: Int = 4 << 20, seconds: Double = 2
    ) throws(BoxOfficeError) -> QueryResult {
        // Its own deadline, shorter than a question's, in the same standing place.
        try withConnection(question: false) { connection in
            try connection.asking(within: seconds) {
                var result = QueryResult()
                var bytes = 0
                let longest = connection.limitLength(Int32(clamping: byteLimit))
                defer { connection.limitLength(longest) }
                connection.refuseWrites()
                do {
                    try connection.query(sql, parameters, readOnly: true) { columns, row in
                        result.columns = columns
                        guard result.rows.count < rowLimit else {
                            result.isTruncated = true
                            result.limitReached = .rows
                            return false
                        }
                        bytes += row.reduce(0) { total, value in
                            if case .text(let text) = value { total + text.utf8.count } else { total + 8 }
                        }
                        guard bytes <= byteLimit else {
                            result.isTruncated = true
                            result.limitReached = .bytes
                            return false
                        }
                        result.rows.append(row)
                        return true
                    }
                    // No row came: the names are the statement's still.
                    if result.rows.isEmpty { result.columns = try connection.columnNames(of: sql) }
                } catch let failure as SQLiteFailure where failure.code == 1 || [18, 23, 25].contains(failure.code & 0xFF) {
                    // SQLITE_ERROR, SQLITE_TOOBIG, SQLITE_AUTH and SQLITE_RANGE (values for placeholders
                    // that are not there): the statement's own fault, not the file's.
                    throw failure.message.contains("not authorized")
                        ? ArchiveError.refused(reason: failure.message) : ArchiveError.invalidQuery(reason: failure.message)
                }
                return result
            }
        }
    }

    /// Runs `body` on the connection, one caller at a time, turning SQLite's failures into the
    /// archive's errors.
    private func withConnection<Result: Sendable>(
        question: Bool = true, _ body: @Sendable (borrowing SQLiteConnection) throws -> Result
    ) throws(BoxOfficeError) -> Result {
        do {
            return try connection.withLock { connection in
                guard question else { return try body(connection) }
                return try connection.asking(within: Self.questionSeconds) { try body(connection) }
            }
        } catch {
            throw Self.archiveError(error, path: path)
        }
    }

    private static func value(_ number: Int64?) -> SQLValue {
        number.map(SQLValue.integer) ?? .null
    }

    private static func value(_ number: Double?) -> SQLValue {
        number.map(SQLValue.real) ?? .null
    }

    private static func value(_ day: KSTDate?) -> SQLValue {
        day.map { .text($0.iso) } ?? .null
    }

    private static func timestamp(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let day = KSTDate.today(at: date)
        let secondOfDay = ((seconds + 9 * 3_600) % 86_400 + 86_400) % 86_400
        let time = [secondOfDay / 3_600, secondOfDay / 60 % 60, secondOfDay % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        return "\(day.iso)T\(time)+09:00"
    }
}

extension BoxOfficeArchive: ChartArchive {
    package func settledDailyChart(on day: KSTDate) -> BoxOfficeChart? {
        guard let (chart, settled) = try? dailyChart(on: day), settled else { return nil }
        return chart
    }

    package func film(code: String) -> MovieDetails? {
        try? film(code)
    }
}

extension SQLValue {
    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var text: String? {
        if case .text(let value) = self { value } else { nil }
    }

    var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}
