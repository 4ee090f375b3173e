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
    public static let schemaVersion: Int64 = 1

    /// Where the file is.
    public let path: String
    private let connection: Mutex<SQLiteConnection>

    /// Opens the archive at `path`, creating it (and running the forward migrations once) unless
    /// `readOnly`. A file that is not SQLite, or of a newer schema, is refused as it is.
    public init(path: String, readOnly: Bool = false) throws(ArchiveError) {
        self.path = path
        let opened: SQLiteConnection
        do {
            opened = try SQLiteConnection(path: path, readOnly: readOnly)
        } catch {
            throw ArchiveError(error, path: path)
        }
        opened.waitForLocks(milliseconds: 5_000)
        do {
            if readOnly {
                opened.refuseWrites()
                let version = try Self.version(of: opened)
                guard version <= Self.schemaVersion else { throw ArchiveError.newerSchema(path: path, version: version) }
            } else {
                try opened.execute("PRAGMA foreign_keys = ON")
                try Self.migrate(opened, path: path)
            }
        } catch let error as ArchiveError {
            throw error
        } catch let error as SQLiteFailure {
            throw ArchiveError(error, path: path)
        } catch {
            throw ArchiveError.failed(path: path, reason: "\(error)")
        }
        connection = Mutex(opened)
    }

    private static func version(of connection: borrowing SQLiteConnection) throws -> Int64 {
        guard case .integer(let version)? = try connection.scalar("PRAGMA user_version") else { return 0 }
        return version
    }

    /// Brings an older file up to `schemaVersion`, each step in its own transaction, once.
    private static func migrate(_ connection: borrowing SQLiteConnection, path: String) throws {
        let version = try version(of: connection)
        guard version <= schemaVersion else { throw ArchiveError.newerSchema(path: path, version: version) }
        guard version < schemaVersion else { return }
        // WAL: readers (queries, the MCP server) go on while a sync writes.
        try connection.execute("PRAGMA journal_mode = WAL")
        try connection.execute("BEGIN IMMEDIATE")
        do {
            // Another process may have migrated while this one waited for the lock.
            if try Self.version(of: connection) < 1 { try connection.execute(Schema.version1) }
            try connection.execute("PRAGMA user_version = \(schemaVersion)")
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The days the archive holds between `from` and `to`, each with whether it was settled when
    /// fetched (a chart fetched the day after can still change; it is fetched again later).
    public func days(from: KSTDate, to: KSTDate) throws(ArchiveError) -> [KSTDate: Bool] {
        try read { connection in
            var days: [KSTDate: Bool] = [:]
            try connection.query("SELECT day, settled FROM synced_days WHERE day BETWEEN ? AND ?", [.text(from.iso), .text(to.iso)]) { _, row in
                if case .text(let text) = row[0], let day = KSTDate(parsing: text), case .integer(let settled) = row[1] {
                    days[day] = settled != 0
                }
                return true
            }
            return days
        }
    }

    /// Stores a daily chart, replacing what the archive held for its day, in one transaction.
    public func store(_ chart: BoxOfficeChart, settled: Bool, fetchedAt: Date) throws(ArchiveError) {
        try read { connection in
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let day = SQLValue.text(chart.startDate.iso)
                try connection.query("DELETE FROM synced_days WHERE day = ?", [day])
                try connection.query(
                    "INSERT INTO synced_days (day, fetched_at, settled) VALUES (?, ?, ?)",
                    [day, .text(Self.timestamp(fetchedAt)), .integer(settled ? 1 : 0)])
                for entry in chart.entries {
                    try connection.query(
                        """
                        INSERT INTO daily_chart (day, rank, movie_code, title, open_date, audience, audience_total, sales, sales_total, screens, shows)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            day, .integer(Int64(entry.rank)), .text(entry.code), .text(entry.title), entry.openDate.map { .text($0.iso) } ?? .null,
                            Self.value(entry.audience), Self.value(entry.audienceTotal), Self.value(entry.sales), Self.value(entry.salesTotal),
                            Self.value(entry.screens.map(Int64.init)), Self.value(entry.shows.map(Int64.init)),
                        ])
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// What the archive holds.
    public func status() throws(ArchiveError) -> ArchiveStatus {
        try read { connection in
            var status = ArchiveStatus(schemaVersion: try Self.version(of: connection))
            try connection.query("SELECT COUNT(*), MIN(day), MAX(day), SUM(settled = 0) FROM synced_days") { _, row in
                if case .integer(let count) = row[0] { status.days = Int(count) }
                if case .text(let first) = row[1] { status.firstDay = KSTDate(parsing: first) }
                if case .text(let last) = row[2] { status.lastDay = KSTDate(parsing: last) }
                if case .integer(let unsettled) = row[3] { status.unsettledDays = Int(unsettled) }
                return false
            }
            if case .integer(let rows)? = try connection.scalar("SELECT COUNT(*) FROM daily_chart") { status.chartRows = Int(rows) }
            if case .integer(let films)? = try connection.scalar("SELECT COUNT(DISTINCT movie_code) FROM daily_chart") { status.films = Int(films) }
            if let first = status.firstDay, let last = status.lastDay {
                status.missingDays = max(0, last.days(since: first) + 1 - status.days)
            }
            return status
        }
    }

    /// Films ranked by their audience (or sales) summed over the archived days from `from` to `to`.
    public func top(from: KSTDate, to: KSTDate, by measure: TopMeasure = .audience, limit: Int = 10) throws(ArchiveError) -> [TopFilm] {
        let column = measure == .audience ? "audience" : "sales"
        return try read { connection in
            var films: [TopFilm] = []
            try connection.query(
                """
                SELECT movie_code, (SELECT title FROM daily_chart AS latest WHERE latest.movie_code = c.movie_code ORDER BY day DESC LIMIT 1),
                       MIN(open_date), SUM(\(column)), COUNT(*), MIN(rank), MIN(day), MAX(day)
                FROM daily_chart AS c WHERE day BETWEEN ? AND ?
                GROUP BY movie_code ORDER BY SUM(\(column)) DESC, movie_code LIMIT ?
                """, [.text(from.iso), .text(to.iso), .integer(Int64(limit))]
            ) { _, row in
                guard case .text(let code) = row[0] else { return true }
                var film = TopFilm(code: code, title: row[1].text ?? "")
                film.openDate = row[2].text.flatMap { KSTDate(parsing: $0) }
                film.total = row[3].integer
                film.daysInTopTen = Int(row[4].integer ?? 0)
                film.bestRank = Int(row[5].integer ?? 0)
                films.append(film)
                return true
            }
            return films
        }
    }

    /// Runs one read-only statement: at most `rowLimit` rows, and `seconds` of SQLite's work,
    /// after which it is interrupted. ATTACH, writing pragmas and `load_extension` are refused.
    public func query(_ sql: String, rowLimit: Int = 1_000, seconds: Double = 2) throws(ArchiveError) -> QueryResult {
        try read { connection in
            var result = QueryResult()
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let deadline = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
            defer { deadline.deallocate() }
            deadline.pointee = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) + Int64(seconds * 1e9)
            connection.refuseWrites()
            try connection.query(sql, readOnly: true, deadline: deadline) { columns, row in
                result.columns = columns
                guard result.rows.count < rowLimit else {
                    result.isTruncated = true
                    return false
                }
                result.rows.append(row)
                return true
            }
            return result
        }
    }

    /// Runs `body` on the connection, turning SQLite's failures into the archive's errors.
    private func read<Result: Sendable>(_ body: @Sendable (borrowing SQLiteConnection) throws -> Result) throws(ArchiveError) -> Result {
        do {
            return try connection.withLock { connection in try body(connection) }
        } catch let error as ArchiveError {
            throw error
        } catch let error as SQLiteFailure {
            throw ArchiveError(error, path: path)
        } catch {
            throw ArchiveError.failed(path: path, reason: "\(error)")
        }
    }

    private static func value(_ number: Int64?) -> SQLValue {
        number.map(SQLValue.integer) ?? .null
    }

    private static func timestamp(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let day = KSTDate.today(at: date)
        let secondOfDay = ((seconds + 9 * 3_600) % 86_400 + 86_400) % 86_400
        let time = [secondOfDay / 3_600, secondOfDay / 60 % 60, secondOfDay % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
        return "\(day.iso)T\(time)+09:00"
    }
}

extension SQLValue {
    var text: String? {
        if case .text(let value) = self { value } else { nil }
    }

    var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}
