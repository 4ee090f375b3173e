import BoxOfficeCore

/// The schema, version by version. Each step only adds or re-keys: a file any version wrote stays
/// readable, and is brought forward in place, in one transaction.
enum Schema {
    static let version1 = """
        CREATE TABLE synced_days (
            day TEXT PRIMARY KEY NOT NULL,          -- YYYY-MM-DD, a Korean (Asia/Seoul) day
            fetched_at TEXT NOT NULL,               -- when the chart was fetched, ISO 8601 in Seoul
            settled INTEGER NOT NULL                -- 0 while KOBIS may still change the day's figures
        ) STRICT;
        \(chartTable(named: "daily_chart", key: "PRIMARY KEY (day, rank)", leading: ""))
        CREATE INDEX daily_chart_by_movie ON daily_chart (movie_code, day);
        CREATE TABLE movies (
            code TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            title_english TEXT,
            open_date TEXT,
            production_year INTEGER,
            genres TEXT,                            -- as KOBIS lists them, joined with ", "
            genre TEXT,                             -- the first: the film's genre (대표장르)
            nations TEXT,
            nation TEXT,                            -- the first: the film's nation (대표국적)
            grade TEXT,                             -- the latest rating decision
            runtime INTEGER,                        -- minutes
            status TEXT,                            -- 개봉, 개봉예정, ...
            distributor TEXT,                       -- the first 배급사
            fetched_at TEXT NOT NULL
        ) STRICT;
        CREATE TABLE movie_companies (
            movie_code TEXT NOT NULL REFERENCES movies (code) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            company_code TEXT,
            name TEXT NOT NULL,
            part TEXT NOT NULL,                     -- 배급사, 제작사, 수입사, ...
            PRIMARY KEY (movie_code, position)
        ) STRICT;
        """

    /// Version 2: a row is a film on a day. KOBIS ranks ties alike (two films of the same audience
    /// share rank 7, and no film is 8th), so `(day, rank)` could not hold a real day; `position`
    /// keeps KOBIS's own order (`rnum`). Version 1's ranks were unique, so they are its positions.
    /// `nation_chart` holds KOBIS's lists of Korean and of foreign films (`archive sync --wide`),
    /// which reach past the overall top ten; `synced_days.wide` says a day has them.
    static let version2 = """
        \(chartTable(named: "daily_chart_v2", key: "PRIMARY KEY (day, movie_code)", leading: position))
        INSERT INTO daily_chart_v2 (day, position, rank, movie_code, title, open_date, audience, audience_total, sales, sales_total,
            screens, shows, rank_change, is_new, audience_change, audience_change_rate, sales_share, sales_change, sales_change_rate)
        SELECT day, rank, rank, movie_code, title, open_date, audience, audience_total, sales, sales_total,
            screens, shows, rank_change, is_new, audience_change, audience_change_rate, sales_share, sales_change, sales_change_rate
        FROM daily_chart;
        DROP TABLE daily_chart;
        ALTER TABLE daily_chart_v2 RENAME TO daily_chart;
        CREATE INDEX daily_chart_by_movie ON daily_chart (movie_code, day);
        ALTER TABLE synced_days ADD COLUMN wide INTEGER NOT NULL DEFAULT 0;  -- 1 once its nation_chart lists are archived
        \(chartTable(named: "nation_chart", key: "PRIMARY KEY (day, nation, movie_code)", leading: nation + position))
        CREATE INDEX nation_chart_by_movie ON nation_chart (movie_code, day);
        """

    private static let position = "position INTEGER NOT NULL,              -- the row's place in KOBIS's list (rnum), from 1\n    "
    private static let nation = "nation TEXT NOT NULL,                   -- KOBIS's repNationCd: K (Korean films) or F (foreign films)\n    "

    /// The steps from each version to the next: `steps[n]` brings version n to n + 1.
    static let steps = [version1, version2]

    /// A chart table as each version has it: `leading` columns go between the day and the rank.
    private static func chartTable(named name: String, key: String, leading: String) -> String {
        """
        CREATE TABLE \(name) (
            day TEXT NOT NULL REFERENCES synced_days (day) ON DELETE CASCADE,
            \(leading)rank INTEGER NOT NULL,                  -- KOBIS's rank: films that tie share one
            movie_code TEXT NOT NULL,
            title TEXT NOT NULL,                    -- as KOBIS gave it that day
            open_date TEXT,                         -- NULL where KOBIS gives none (a blank openDt)
            audience INTEGER,
            audience_total INTEGER,                 -- KOBIS's running total (audiAcc) since opening
            sales INTEGER,
            sales_total INTEGER,                    -- KOBIS's running total (salesAcc) since opening
            screens INTEGER,
            shows INTEGER,
            rank_change INTEGER NOT NULL,           -- KOBIS's rankInten: places up (+) or down (-)
            is_new INTEGER NOT NULL,                -- 1 for a new entry (rankOldAndNew = NEW)
            audience_change INTEGER,                -- against the day before
            audience_change_rate REAL,              -- percent
            sales_share REAL,                       -- percent of the day's sales
            sales_change INTEGER,
            sales_change_rate REAL,
            \(key)
        ) STRICT;
        """
    }
}

extension ArchiveError {
    init(_ failure: SQLiteFailure, path: String) {
        switch failure.code & 0xFF {
        case -1 & 0xFF where failure.code == -1:
            self = failure.message.hasPrefix("libsqlite3") ? .sqliteUnavailable(reason: failure.message) : .refused(reason: failure.message)
        case 26: self = .notAnArchive(path: path)
        case 8: self = failure.message.contains("attempt to write") ? .readOnly(path: path) : .refused(reason: failure.message)
        case 5, 6: self = .busy(path: path)
        // SQLITE_FULL, and SQLITE_IOERR_WRITE: a write the file system refused (no room, or a
        // file-size limit).
        case 13: self = .diskFull(path: path)
        case 10 where failure.code == 778: self = .diskFull(path: path)
        case 14: self = .cannotOpen(path: path)
        case 9: self = .interrupted
        case 23: self = .refused(reason: failure.message)
        // SUM() of integers past Int64: figures no real chart has.
        case 1 where failure.message == "integer overflow": self = .totalTooLarge(path: path)
        default: self = .failed(path: path, reason: failure.message)
        }
    }
}

/// What `status()` tells.
public struct ArchiveStatus: Sendable, Hashable {
    public var schemaVersion: Int64
    public var days = 0
    public var firstDay: KSTDate?
    public var lastDay: KSTDate?
    /// Days between the first and the last that the archive lacks.
    public var missingDays = 0
    /// The same days as runs of consecutive days, oldest first.
    public var missingSpans: [DaySpan] = []
    /// Films in the charts whose details the archive lacks still: the next sync fetches them.
    public var filmsAwaitingDetails = 0
    /// Days fetched while their figures could still change.
    public var unsettledDays = 0
    /// Days held with KOBIS's lists of Korean and of foreign films too (`sync(wide: true)`).
    public var wideDays = 0
    /// Rows of the overall charts.
    public var chartRows = 0
    /// Films in the archived charts, the lists by nation included.
    public var films = 0
    /// Films whose details (distributor, nation, genre) the archive holds.
    public var filmsWithDetails = 0
    /// The database's size in bytes, as SQLite counts its pages (the write-ahead log included).
    public var bytes: Int64 = 0

    /// An empty archive's status, for previews and tests: set what it holds.
    public init(schemaVersion: Int64 = BoxOfficeArchive.schemaVersion) {
        self.schemaVersion = schemaVersion
    }
}

/// Something in the archive that does not add up, as `check()` finds it.
public struct ArchiveFinding: Sendable, Hashable {
    /// What kind of thing.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A film's running total on a day is not the day before's plus the day's figure.
        case totalDoesNotChain
        /// A day fetched while KOBIS could still revise it, not fetched again since.
        case unsettledDay
        /// A film in the charts whose details the archive lacks.
        case filmWithoutDetails
    }

    public var kind: Kind
    public var day: KSTDate?
    public var code: String?
    public var title: String?
    /// For a total: what the day before's total and the day's figure add up to, and what KOBIS gave.
    public var expected: Int64?
    public var found: Int64?
    /// For a total: `audience` or `sales`.
    public var measure: TopMeasure?

    /// Creates a finding, for previews and tests.
    public init(
        kind: Kind, day: KSTDate? = nil, code: String? = nil, title: String? = nil, expected: Int64? = nil, found: Int64? = nil,
        measure: TopMeasure? = nil
    ) {
        self.kind = kind
        self.day = day
        self.code = code
        self.title = title
        self.expected = expected
        self.found = found
        self.measure = measure
    }
}

/// A run of consecutive days, both ends included.
public struct DaySpan: Sendable, Hashable {
    public var from: KSTDate
    public var to: KSTDate

    /// Creates a span.
    public init(from: KSTDate, to: KSTDate) {
        self.from = from
        self.to = to
    }
}

/// What `top` ranks by.
public enum TopMeasure: String, Sendable, CaseIterable {
    case audience, sales
}

/// A film's place in a period.
public struct TopFilm: Sendable, Hashable {
    public var code: String
    /// Its title on its last archived day of the period (KOBIS sometimes retitles a film).
    public var title: String
    public var openDate: KSTDate?
    /// What it drew in the period by KOBIS's running totals: from its first to its last archived
    /// day of the period, the days between included whether or not it was in the chart; for all
    /// time, its latest running total. Never less than `archivedDaysSum`.
    public var total: Int64?
    /// Its archived days in the period on which it was in the overall chart.
    public var daysInTopTen = 0
    /// Its best rank in the overall chart; nil for a film only in the lists by nation.
    public var bestRank: Int?
    /// Its first distributor, once the archive has its details.
    public var distributor: String?
    /// Its first and last archived day in the period (in any list): what `total` counts from and to.
    public var firstDay: KSTDate?
    public var lastDay: KSTDate?
    /// Its audience (or sales) summed over its archived days alone.
    public var archivedDaysSum: Int64?

    /// Creates a film's place, for previews and tests.
    public init(
        code: String, title: String, openDate: KSTDate? = nil, total: Int64? = nil, daysInTopTen: Int = 0, bestRank: Int? = nil,
        distributor: String? = nil, firstDay: KSTDate? = nil, lastDay: KSTDate? = nil, archivedDaysSum: Int64? = nil
    ) {
        self.code = code
        self.title = title
        self.openDate = openDate
        self.total = total
        self.daysInTopTen = daysInTopTen
        self.bestRank = bestRank
        self.distributor = distributor
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.archivedDaysSum = archivedDaysSum
    }
}

/// The days a question covers.
public enum ArchivePeriod: Sendable, Hashable {
    /// These days, both included.
    case days(from: KSTDate, to: KSTDate)
    /// Every day the archive holds.
    case allTime

    /// A calendar year.
    public static func year(_ year: Int) -> ArchivePeriod? {
        guard let first = KSTDate(year: year, month: 1, day: 1), let last = KSTDate(year: year, month: 12, day: 31) else { return nil }
        return .days(from: first, to: last)
    }

    /// A calendar month.
    public static func month(_ month: Int, of year: Int) -> ArchivePeriod? {
        guard let first = KSTDate(year: year, month: month, day: 1) else { return nil }
        let next = month == 12 ? KSTDate(year: year + 1, month: 1, day: 1) : KSTDate(year: year, month: month + 1, day: 1)
        guard let next else { return nil }
        return .days(from: first, to: next.adding(days: -1))
    }

    /// The first and last day as the archive writes them; all time is every day.
    var bounds: (String, String) {
        switch self {
        case .days(let from, let to): (from.iso, to.iso)
        case .allTime: ("0000-00-00", "9999-99-99")
        }
    }
}

/// How `share` groups the films.
public enum ShareGrouping: String, Sendable, CaseIterable {
    case distributor, nation, genre

    var column: String { rawValue }

    /// 배급사, 대표국적, 대표장르: a film counts for its first nation and genre, as KOBIS names them.
    package var koreanName: String {
        switch self {
        case .distributor: "배급사"
        case .nation: "대표국적"
        case .genre: "대표장르"
        }
    }
}

/// A group's part of a period.
public struct ShareGroup: Sendable, Hashable {
    /// The distributor, nation or genre; nil for films whose details the archive lacks, "" for
    /// films whose details name none.
    public var name: String?
    public var audience: Int64
    public var sales: Int64
    public var films: Int

    /// Creates a group's part, for previews and tests.
    public init(name: String?, audience: Int64, sales: Int64, films: Int) {
        self.name = name
        self.audience = audience
        self.sales = sales
        self.films = films
    }

    /// The audience and sales of all the groups, nil when either is past what an `Int64` holds
    /// (figures no real chart has): every sum over the archive's figures is checked, never trapped.
    public static func totals(_ groups: [ShareGroup]) -> (audience: Int64, sales: Int64)? {
        var (audience, sales) = (Int64(0), Int64(0))
        for group in groups {
            let (nextAudience, audienceOverflow) = audience.addingReportingOverflow(group.audience)
            let (nextSales, salesOverflow) = sales.addingReportingOverflow(group.sales)
            guard !audienceOverflow, !salesOverflow else { return nil }
            (audience, sales) = (nextAudience, nextSales)
        }
        return (audience, sales)
    }
}

/// A read-only query's rows.
public struct QueryResult: Sendable, Hashable {
    public var columns: [String] = []
    public var rows: [[SQLValue]] = []
    /// More rows were there than the limits let through.
    public var isTruncated = false
    /// Which limit cut the rows short, when one did.
    public var limitReached: QueryLimit?

    /// What ends a query's rows before its last.
    public enum QueryLimit: Sendable, Hashable {
        /// The most rows asked for.
        case rows
        /// The most bytes of values asked for.
        case bytes
    }

    /// Creates a result, for previews and tests.
    public init(columns: [String] = [], rows: [[SQLValue]] = [], isTruncated: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.isTruncated = isTruncated
    }
}

extension RangeRules {
    /// The period of an archive question from `from` to `to`: refused when the first day comes
    /// after the last, or after today (no day of it has a chart yet).
    public static func archivePeriod(from: KSTDate, to: KSTDate, today: KSTDate) throws(BoxOfficeError) -> ArchivePeriod {
        guard from <= to else { throw .invalidRange(.reversed(from: from, to: to)) }
        guard from <= today else { throw .invalidRange(.startsInTheFuture(firstDay: from, today: today)) }
        return .days(from: from, to: to)
    }

    /// A calendar year or month of the archive, nil for one that is not a date (`year` outside
    /// 1…9999, `month` outside 1…12), refused when it starts after today.
    public static func archivePeriod(year: Int, month: Int? = nil, today: KSTDate) throws(BoxOfficeError) -> ArchivePeriod? {
        guard let period = month.map({ ArchivePeriod.month($0, of: year) }) ?? ArchivePeriod.year(year),
            case .days(let first, let last) = period
        else { return nil }
        return try archivePeriod(from: first, to: last, today: today)
    }
}
