import BoxOfficeArchive
import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `boxoffice archive sync|status|sql`: the box office archive, one SQLite file.
package enum ArchiveCommand {
    static let spec = CommandSpec(
        name: "archive",
        abstract: Words("Keep the daily charts in a local SQLite archive, and ask it questions.", "일별 박스오피스를 이 컴퓨터의 SQLite 아카이브에 보관하고, 거기에 묻습니다."),
        discussion:
            Words(
                "The archive is one SQLite file (\(SharedOptions.archiveDefault.english)); 'archive sync' fills it, 'top' and 'share' answer from it with no call, and sqlite3 opens it too.",
                "아카이브는 SQLite 파일 하나입니다(\(SharedOptions.archiveDefault.korean)). 'archive sync'가 채우고, 'top'과 'share'는 호출 없이 여기서 답하며, sqlite3로도 열 수 있습니다."
            ),
        examples: [
            "boxoffice archive sync --from 2023-01-01 --to 2023-12-31", "boxoffice archive status",
            "boxoffice archive sql \"SELECT day, title, audience FROM daily_chart WHERE rank = 1 ORDER BY day DESC LIMIT 7\"",
        ],
        subcommands: [Subcommand("sync", Sync.spec), Subcommand("status", Status.spec), Subcommand("check", Check.spec), Subcommand("sql", SQL.spec)])

    /// The first day KOBIS serves a daily chart: its ticketing network started on 1 January 2004.
    static let firstDay = KSTDate(year: 2004, month: 1, day: 1)!
    /// Calls a sync leaves of the day's quota for the day's other runs (a report, a trend).
    static let reserve = 100

    /// `archive sync`.
    package struct Sync: RunnableCommand {
        let from: KSTDate?
        let to: KSTDate?
        let budget: Int?
        let movies: Bool
        let wide: Bool
        let archive: String?
        let network: NetworkOptions
        /// `--dry-run`: say what the sync would fetch and cost, and send nothing.
        var dryRun = false

        /// The most calls one `archive_sync` tool call may spend: a model fills a year in a few calls,
        /// never the day's quota in one.
        static let toolBudgetCeiling = 500

        static let spec = CommandSpec(
            name: "sync", abstract: Words("Fill the archive with the days it lacks, within a budget of calls.", "아카이브에 없는 날을 호출 예산 안에서 채웁니다."),
            discussion:
                Words(
                    "Each new day costs one KOBIS call (none when the cache has it; three with --wide) and each film its details, one call, the first time it appears. Days fetched while their figures could still change are fetched again once settled. Stops at the budget (exit 75, saying what is left); the next sync goes on from there.",
                    "새로 받는 날마다 KOBIS 호출 1회(캐시에 있으면 0회, --wide면 3회), 영화가 처음 나오면 상세 정보에 1회가 듭니다. 집계가 아직 바뀔 수 있을 때 받은 날은 확정된 뒤 다시 받습니다. 예산에 이르면 남은 일을 알리고 멈추며(종료 코드 75), 다음 동기화가 그 자리에서 이어 갑니다."
                ),
            examples: [
                "boxoffice archive sync", "boxoffice archive sync --from 2023-01-01 --budget 500", "boxoffice archive sync --from 2023-01-01 --wide",
                "boxoffice archive sync --replay Fixtures",
            ],
            options: [
                OptionSpec(name: .from, kind: .date, help: Words("First day.", "첫날."), defaultValue: .value(firstDay.iso)),
                OptionSpec(name: .to, kind: .date, help: Words("Last day.", "마지막 날."), defaultValue: .described(Words("yesterday", "어제"))),
                OptionSpec(
                    name: .budget, kind: .integer(0...APIService.kobis.dailyQuota), valueName: "calls",
                    help: Words(
                        "Send at most this many calls (a tool call: required, at most \(toolBudgetCeiling)).",
                        "보낼 호출 수의 상한(도구 호출에서는 필수, \(toolBudgetCeiling)회까지)."),
                    defaultValue: .described(
                        Words("what today's quota leaves, less \(reserve) for the day's other runs", "오늘 남은 호출 한도에서 그날 다른 실행 몫 \(reserve)을 뺀 만큼"))),
                OptionSpec(
                    name: .noMovies,
                    help: Words(
                        "Archive the charts only, not the films' details (distributor, nation, genre).", "박스오피스만 보관하고 영화 상세 정보(배급사, 국적, 장르)는 받지 않습니다."
                    )),
                OptionSpec(
                    name: .wide,
                    help:
                        Words(
                            "Archive KOBIS's lists of Korean and of foreign films too: three calls a day instead of one, for every film of the overall top ten and ten more.",
                            "KOBIS의 한국영화·외국영화 목록도 보관. 하루 호출 1회 대신 3회로, 전체 10위 안의 모든 영화와 10편 더.")
                ),
                OptionSpec(
                    name: .dryRun,
                    help: Words(
                        "Say what the sync would fetch and what it would cost, and send nothing.", "동기화가 받을 것과 드는 호출 수만 알리고 아무것도 보내지 않기.")),
                SharedOptions.archive,
            ] + SharedOptions.network.filter { option in ![OptionName.format, .color, .noColor, .output].contains { option.isNamed($0) } },
            outputSchema: SyncOutput.jsonSchema,
            tool: ToolDeclaration(
                name: "archive_sync", title: "Fill the box-office archive (spends KOBIS calls)",
                description:
                    "Fills the local box-office archive with the daily charts it lacks from 'from' to 'to' (default: yesterday), spending KOBIS API calls: one a day not yet archived (three with 'wide', which adds KOBIS's lists of Korean and of foreign films: every film of the overall top 10 and ten more) and one for each film's details the first time it appears (none for what the cache holds). 'budget' is required: at most \(ArchiveCommand.Sync.toolBudgetCeiling) calls a call, and never more than today's quota leaves. Whole days only: a call cancelled or stopped at its budget keeps the days it stored, and the next call goes on. Sends progress notifications. Example: {\"from\": \"2023-08-01\", \"to\": \"2023-08-31\", \"budget\": 100}.",
                options: [.from, .to, .budget, .wide], effect: .fillsTheArchive),
            make: { reader throws(UsageError) in
                let from = try reader.date(.from)
                let to = try reader.date(.to)
                if let from, let to, to < from {
                    throw reader.error(
                        bilingual(
                            "\(reader.name(.to)) \(to.iso) is before \(reader.name(.from)) \(from.iso).",
                            "\(reader.name(.to)) \(to.iso, particle: .subject) \(reader.name(.from)) \(from.iso)보다 앞입니다."))
                }
                return Sync(
                    from: from, to: to, budget: try reader.integer(.budget), movies: !(try reader.flag(.noMovies)), wide: try reader.flag(.wide),
                    archive: try reader.text(.archive), network: try NetworkOptions(reader), dryRun: try reader.flag(.dryRun))
            })

        /// What the sync would do, told before anything is spent: the days it would fetch, their
        /// calls, the films whose details it still owes, what today's quota leaves, and the nights
        /// the whole takes. The archive is only read (and not made, where there is none yet).
        private func plan(_ first: KSTDate, _ last: KSTDate, today: KSTDate, in state: CommandState) throws -> CommandOutput {
            let file = archive ?? state.paths.archiveFile.path
            let held = FileManager.default.fileExists(atPath: file) ? try state.openArchive(archive, readOnly: true) : nil
            let days = try held?.daysToSync(from: first, to: last, today: today, wide: wide).count ?? max(0, last.days(since: first) + 1)
            let calls =
                try held?.chartCallsToSync(from: first, to: last, today: today, wide: wide)
                ?? days * (wide ? 1 + ChartFilter.Nation.allCases.count : 1)
            let owed = movies ? try held?.filmsWithoutDetails().count ?? 0 : 0
            let left = try state.callsLeft(reserving: reserve, unlimited: false)
            let nightly = budget.flatMap { $0 > 0 ? $0 : nil } ?? APIService.kobis.dailyQuota - reserve
            let nights = (calls + owed) / nightly + ((calls + owed) % nightly == 0 ? 0 : 1)
            let grouped = { (count: Int) in NumberText.grouped(Int64(count)) }
            let films =
                movies
                ? bilingual(
                    ", \(grouped(owed)) for the details of films already archived, and one for each film new to the archive",
                    ", 이미 보관한 영화의 상세 정보에 \(grouped(owed))회, 아카이브에 처음 드는 영화마다 1회") : ""
            return .text(
                bilingual(
                    "A sync of \(first.iso) to \(last.iso) would fetch \(grouped(days)) day\(days == 1 ? "" : "s"): \(grouped(calls)) KOBIS call\(calls == 1 ? "" : "s") for the charts\(films). Today's quota leaves \(grouped(left)) (less \(reserve) kept for the day's other runs); at \(grouped(nightly)) a night, about \(grouped(nights)) night\(nights == 1 ? "" : "s"). Nothing was sent.\n",
                    "\(first.iso)~\(last.iso) 동기화는 \(grouped(days))일을 받습니다: 박스오피스에 KOBIS 호출 \(grouped(calls))회\(films). 오늘 남은 호출은 \(grouped(left))회(다른 실행 몫 \(reserve)회 제외)이고, 하룻밤 \(grouped(nightly))회씩이면 \(grouped(nights))일 밤쯤 걸립니다. 아무것도 보내지 않았습니다.\n"
                ))
        }

        package func run(in state: CommandState) async throws -> CommandOutput {
            let today = state.context.today
            let last = to ?? today.adding(days: -1)
            let first = from ?? firstDay
            let asTool = state.caller.isTool
            if asTool {
                guard let budget = self.budget, budget <= Self.toolBudgetCeiling else {
                    throw UsageError(
                        bilingual(
                            "Give 'budget', the most calls this sync may spend: at most \(Self.toolBudgetCeiling) a call.",
                            "이번 동기화에 쓸 호출 수 'budget'을 주세요(한 번에 \(Self.toolBudgetCeiling)회까지)."))
                }
            }
            if dryRun { return try plan(first, last, today: today, in: state) }
            let archive = try state.openArchive(archive, readOnly: false)
            let client = try state.makeClient(network, needs: [.kobis])
            let left = try state.callsLeft(reserving: reserve, unlimited: network.replayDirectory != nil || network.ignoresQuota)
            // A tool call stays within what the quota leaves, whatever budget it gives.
            let budget = asTool ? min(self.budget ?? 0, left) : self.budget ?? left
            let days = try archive.daysToSync(from: first, to: last, today: today, wide: wide)
            let progress = days.count > 1 ? state.progressLine(total: days.count, unit: "days") : nil
            let context = state.context
            let result = try await archive.sync(
                from: first, to: last, today: today, client: client, budget: budget, movies: movies, wide: wide,
                onWait: { holder in
                    let process = holder.map { bilingual(" (process \($0))", "(프로세스 \($0))") } ?? ""
                    context.log(
                        bilingual(
                            "Waiting for another sync of \(archive.path)\(process) to finish…",
                            "\(archive.path)의 다른 동기화\(process)가 끝나기를 기다리는 중…"))
                },
                onProgress: { _ in await progress?.advance() })
            await progress?.finish()
            if asTool { return .data(SyncOutput(result: result), format: .json, color: .never) }
            let replayed = network.replayDirectory != nil
            // Days KOBIS sent that the archive could not store: each named, the last one the run's error.
            for unstorable in result.unstorableDays.dropLast() { state.context.warn(unstorable.message) }
            if result.isStoppedByBudget {
                throw SyncBudgetSpent(
                    // A nightly pace of nothing is no pace: --budget 0 is counted at the default's.
                    result: result, budget: budget,
                    nightly: self.budget.flatMap { $0 > 0 ? $0 : nil } ?? APIService.kobis.dailyQuota - ArchiveCommand.reserve,
                    isQuotaSpent: self.budget == nil && budget == 0)
            }
            state.context.note(
                bilingual(
                    "Archived \(SyncBudgetSpent.done(result, replayed: replayed)) in \(archive.path).",
                    "\(archive.path)에 \(SyncBudgetSpent.done(result, replayed: replayed)) 보관했습니다."))
            if result.daysNotPublished > 0 {
                let count = result.daysNotPublished
                state.context.log(
                    bilingual(
                        "KOBIS has no chart yet for \(count) recent day\(count == 1 ? "" : "s"); a later sync fetches them.",
                        "최근 \(count)일은 KOBIS에 아직 박스오피스가 없습니다. 다음 동기화가 받습니다."))
            }
            if result.daysNotRecorded > 0 {
                let count = result.daysNotRecorded
                state.context.log(
                    bilingual(
                        "The replay folder holds no chart of \(NumberText.grouped(count)) day\(count == 1 ? "" : "s") of the period; they were passed over.",
                        "재생 폴더에 이 기간 중 \(NumberText.grouped(count))일의 박스오피스 기록이 없어 건너뛰었습니다."))
            }
            if !result.unavailableFilms.isEmpty {
                let count = result.unavailableFilms.count
                let listed = SharedOptions.list(result.unavailableFilms.prefix(5).map { TerminalText.sanitize($0) })
                let more = count > 5 ? bilingual(" and \(count - 5) more", " 외 \(count - 5)편") : ""
                state.context.log(
                    bilingual(
                        "KOBIS gave no details for \(count) film\(count == 1 ? "" : "s") (\(listed)\(more)); their days are archived, and the next sync asks again.",
                        "KOBIS가 영화 \(count)편(\(listed)\(more))의 상세 정보를 주지 않았습니다. 그 날들은 보관했고, 다음 동기화가 다시 묻습니다."))
            }
            if let last = result.unstorableDays.last { throw last }
            return .empty
        }
    }

    /// `archive status`.
    package struct Status: RunnableCommand {
        let archive: String?
        let format: OutputFormat
        let color: ColorChoice

        static let spec = CommandSpec(
            name: "status",
            abstract: Words(
                "Tell what the archive holds: days, gaps, films, size and schema version.", "아카이브에 무엇이 있는지 알려 줍니다: 날수, 빠진 날, 영화, 크기, 스키마 버전."),
            options: SharedOptions.printing + [SharedOptions.archive], outputSchema: ArchiveStatusOutput.jsonSchema,
            tool: ToolDeclaration(
                name: "archive_status", title: "Box-office archive status",
                description:
                    "What the local box-office archive holds: days (first, last, missing between them, unsettled), films, size and schema version. Example: {}.",
                options: [], effect: .readsTheArchive),
            make: { reader throws(UsageError) in Status(archive: try reader.text(.archive), format: try reader.format(), color: try reader.color()) })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let archive = try state.openArchive(archive, readOnly: true)
            let status = try archive.status()
            return .data(ArchiveStatusOutput(path: archive.path, status: status), format: format, color: color)
        }
    }

    /// `archive check`.
    package struct Check: RunnableCommand {
        let archive: String?
        let format: OutputFormat
        let color: ColorChoice

        static let spec = CommandSpec(
            name: "check", abstract: Words("Read the whole archive and tell what does not add up.", "아카이브 전체를 읽고 맞지 않는 것을 알려 줍니다."),
            discussion:
                Words(
                    "Finds running totals that do not chain from one archived day to the next (audience_total less the day before's is the day's audience; sales likewise), days fetched before they settled, and films charted without their details. Prints them and exits 65; exits 0 when all holds.",
                    "아카이브의 하루와 다음 날 사이에 이어지지 않는 누적(그날의 audience_total에서 전날 값을 빼면 그날의 audience여야 함. 매출액도 같음), 확정 전에 받은 날, 상세 정보 없이 박스오피스에 든 영화를 찾습니다. 찾으면 출력하고 종료 코드 65로, 모두 맞으면 0으로 끝납니다."
                ),
            examples: ["boxoffice archive check", "boxoffice archive check --format json"],
            options: SharedOptions.printing + [SharedOptions.archive], outputSchema: ArchiveCheckOutput.jsonSchema,
            make: { reader throws(UsageError) in Check(archive: try reader.text(.archive), format: try reader.format(), color: try reader.color()) })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let archive = try state.openArchive(archive, readOnly: true)
            let findings = try archive.check()
            let output = CommandOutput.data(ArchiveCheckOutput(findings: findings), format: format, color: color)
            guard findings.isEmpty else {
                let count = findings.count
                throw PartialResult(
                    output: output,
                    message: bilingual(
                        "The archive has \(NumberText.grouped(count)) thing\(count == 1 ? "" : "s") that do\(count == 1 ? "es" : "") not add up, each listed.",
                        "아카이브에서 맞지 않는 것 \(NumberText.grouped(count))건을 찾아 모두 적었습니다."),
                    code: .malformedResponse)
            }
            return output
        }
    }

    /// `archive sql`.
    package struct SQL: RunnableCommand {
        let sql: String
        let archive: String?
        let format: OutputFormat
        let color: ColorChoice
        /// `--param`: the values of the statement's `?` placeholders, in order.
        var parameters: [String] = []
        /// `--fields`: the statement's columns to print, in this order.
        var fields: [String]?

        /// The longest statement read from standard input.
        static let longestStatement = 1 << 20

        /// The most rows a query prints.
        static let rowLimit = 1_000
        /// The most bytes of values a query prints at a shell, and answers a model with (whose
        /// answer has its own ceiling, `MCPToolRunner.answerCeiling`).
        static let byteLimit = 4 << 20
        static let toolByteLimit = 256 << 10
        /// The longest a query may run.
        static let seconds = 2.0

        static let spec = CommandSpec(
            name: "sql", abstract: Words("Run one read-only SQL statement on the archive.", "아카이브에 읽기 전용 SQL 문 하나를 실행합니다."),
            discussion:
                Words(
                    "The archive is opened read-only; ATTACH, pragmas that write and load_extension are refused. At most \(rowLimit) rows, \(byteLimit >> 20) MiB of values and \(Int(seconds)) s of work.",
                    "아카이브는 읽기 전용으로 열립니다. ATTACH, 쓰기 pragma, load_extension은 거절합니다. 최대 \(rowLimit)행, 값 \(byteLimit >> 20) MiB, 작업 시간 \(Int(seconds))초까지."
                ),
            examples: [
                "boxoffice archive sql \"SELECT movie_code, title, SUM(audience) FROM daily_chart WHERE day LIKE '2023-%' GROUP BY movie_code ORDER BY 3 DESC LIMIT 10\"",
                "boxoffice archive sql \"SELECT day, title FROM daily_chart WHERE rank = ? AND day >= ?\" --param 1 --param 2023-08-01",
                "boxoffice archive sql - < query.sql",
            ],
            arguments: [
                ArgumentSpec(
                    name: "statement", key: .sql,
                    help: Words(
                        "One SELECT (or WITH … SELECT) statement, or - to read it from standard input.",
                        "SELECT(또는 WITH … SELECT) 문 하나. -이면 표준 입력에서 읽기."),
                    toolHelp: "One SELECT (or WITH … SELECT) statement.")
            ],
            options: [
                OptionSpec(
                    name: .param, kind: .text, valueName: "value", repeats: true,
                    help: Words(
                        "The value of the statement's next ? placeholder, in order (a whole or decimal number binds as one, anything else as text).",
                        "문의 다음 ? 자리에 넣을 값, 순서대로(정수나 소수는 수로, 그 밖에는 텍스트로)."))
            ] + SharedOptions.printing + [
                SharedOptions.archive,
                OptionSpec(
                    name: .fields, kind: .text, valueName: "names",
                    help: Words(
                        "Only these of the statement's columns, in this order, for table, tsv, csv, markdown and jsonl (comma-separated).",
                        "table, tsv, csv, markdown, jsonl에서 문의 열 가운데 이것만 이 순서로 씁니다(쉼표로 구분).")),
            ], outputSchema: QueryOutput.jsonSchema,
            tool: ToolDeclaration(
                name: "archive_query", title: "Query the box-office archive (read-only SQL)",
                description:
                    "One read-only SQLite statement on the local box-office archive; at most 1,000 rows, 256 KiB of values and 2 s of work (a longer answer is cut, and says so). Tables: daily_chart(day, position, rank, movie_code, title, open_date, audience, audience_total, sales, sales_total, screens, shows; a film a day, ties share a rank, position is KOBIS's order), synced_days(day, fetched_at, settled), movies(code, title, title_english, open_date, production_year, genres, genre, nations, nation, grade, runtime, status, distributor, fetched_at), movie_companies(movie_code, position, company_code, name, part). Days are 'YYYY-MM-DD'. Rows come as objects keyed by column. Example: {\"sql\": \"SELECT title, SUM(audience) FROM daily_chart WHERE day LIKE '2023-%' GROUP BY movie_code ORDER BY 2 DESC LIMIT 5\"}.",
                options: [], effect: .readsTheArchive),
            make: { reader throws(UsageError) in
                guard let sql = try reader.argument(0), !sql.allSatisfy(\.isWhitespace) else {
                    throw reader.error(
                        bilingual(
                            "Give the SQL statement to run.", "실행할 SQL 문을 주세요."))
                }
                let format = try reader.format()
                return SQL(
                    sql: sql, archive: try reader.text(.archive), format: format, color: try reader.color(),
                    parameters: try reader.texts(.param), fields: try reader.fields(among: nil, format: format))
            })

        package func run(in state: CommandState) async throws -> CommandOutput {
            let archive = try state.openArchive(archive, readOnly: true)
            let bytes = state.caller.isTool ? Self.toolByteLimit : Self.byteLimit
            let statement: String
            if sql == "-", !state.caller.isTool {
                let input = state.context.readStandardInput(Self.longestStatement + 1)
                guard input.count <= Self.longestStatement else {
                    throw UsageError(
                        bilingual("The statement on standard input is longer than 1 MiB.", "표준 입력의 문이 1 MiB보다 깁니다."),
                        commandPath: ["archive", "sql"])
                }
                statement = String(decoding: input, as: UTF8.self)
                guard !statement.allSatisfy(\.isWhitespace) else {
                    throw UsageError(bilingual("Standard input held no statement.", "표준 입력에 문이 없습니다."), commandPath: ["archive", "sql"])
                }
            } else {
                statement = sql
            }
            let values = parameters.map { text -> SQLValue in
                if let whole = Int64(text) { return .integer(whole) }
                if let number = Double(text), number.isFinite, text.contains(".") { return .real(number) }
                return .text(text)
            }
            var result = try archive.query(statement, parameters: values, rowLimit: Self.rowLimit, byteLimit: bytes, seconds: Self.seconds)
            if let fields { result = try Self.selecting(fields, of: result) }
            switch result.limitReached {
            case .rows?:
                state.context.warn(bilingual("only the first \(Self.rowLimit) rows are printed.", "처음 \(Self.rowLimit)행만 출력합니다."))
            case .bytes?:
                state.context.warn(
                    bilingual(
                        "only the first \(result.rows.count) rows are printed: the next would pass \(NumberText.grouped(Int64(bytes))) bytes of values.",
                        "처음 \(result.rows.count)행만 출력합니다. 다음 행부터는 값이 \(NumberText.grouped(Int64(bytes)))바이트를 넘습니다."))
            case nil:
                break
            }
            return .data(QueryOutput(result: result, rowLimit: Self.rowLimit), format: format, color: color)
        }

        /// The result with only the columns `fields` names, in that order: each must be one of
        /// the statement's (a name it gives twice counts once, its first).
        static func selecting(_ fields: [String], of result: QueryResult) throws(UsageError) -> QueryResult {
            var picked: [Int] = []
            for field in fields {
                guard let index = result.columns.firstIndex(of: field) else {
                    let shown = TerminalText.sanitize(field)
                    let columns = result.columns.map { TerminalText.sanitize($0) }
                    let hint = didYouMean(Suggestion.closest(to: field, among: result.columns).map { TerminalText.sanitize($0) })
                    throw UsageError(
                        bilingual(
                            "'\(shown)' is not a column of the statement.\(hint) Its columns: \(columns.joined(separator: ", ")).",
                            "문에 '\(shown)' 열이 없습니다.\(hint) 문의 열: \(columns.joined(separator: ", "))."),
                        commandPath: ["archive", "sql"])
                }
                picked.append(index)
            }
            var selected = result
            selected.columns = picked.map { result.columns[$0] }
            selected.rows = result.rows.map { row in picked.map { row.indices.contains($0) ? row[$0] : .null } }
            return selected
        }
    }
}

/// What an `archive_sync` tool call answers: what it stored and spent, and what is left.
package struct SyncOutput: Presentable {
    let result: BoxOfficeArchive.SyncResult

    package static let jsonSchema = JSONSchema.object([
        ("daysStored", .integer), ("filmsStored", .integer), ("calls", .integer), ("stoppedByBudget", .boolean), ("daysLeft", .integer),
        ("filmsLeft", .integer), ("daysNotPublished", .integer), ("filmsWithoutDetails", .array(.string)),
        ("unstorableDays", .array(.object([("day", .date), ("reason", .string)]))),
    ])

    package var json: JSONValue {
        .object([
            ("daysStored", .integer(result.daysStored)), ("filmsStored", .integer(result.moviesStored)), ("calls", .integer(result.calls)),
            ("stoppedByBudget", .bool(result.isStoppedByBudget)), ("daysLeft", .integer(result.daysLeft)), ("filmsLeft", .integer(result.moviesLeft)),
            ("daysNotPublished", .integer(result.daysNotPublished)), ("filmsWithoutDetails", .array(result.unavailableFilms.map { .string($0) })),
            (
                "unstorableDays",
                .array(
                    result.unstorableDays.map { error in
                        guard case .unstorableChart(let day, _, _, _) = error else { return .null }
                        return .object([("day", .date(day)), ("reason", .string(error.message))])
                    })
            ),
        ])
    }

    package var document: Document {
        Document([Document.Section([.note(SyncBudgetSpent.done(result, replayed: false))])])
    }
}

/// A sync that spent its budget before it was done (exit 75): what is left, and how many nights
/// it takes at the nightly budget (`--budget`, else the day's quota less the reserve), whatever
/// this run could spend.
package struct SyncBudgetSpent: ReportableError {
    let result: BoxOfficeArchive.SyncResult
    let budget: Int
    let nightly: Int
    /// Today's quota left nothing for the sync (no `--budget` given).
    var isQuotaSpent = false

    package var message: String {
        // A day costs a call and its new films some more; the films already waiting cost one each.
        let left = result.daysLeft + result.moviesLeft
        let pace = max(nightly, 1)
        let nights = left / pace + (left % pace == 0 ? 0 : 1)
        let days = result.daysLeft == 1 ? "1 day" : "\(NumberText.grouped(result.daysLeft)) days"
        let films = result.moviesLeft == 1 ? "1 film's details" : "\(NumberText.grouped(result.moviesLeft)) films' details"
        let spent =
            budget == 0 && !isQuotaSpent
            ? bilingual(
                "A budget of 0 calls sends nothing; leave --budget out to spend what today's quota leaves (it renews at midnight in Seoul). ",
                "호출 예산 0회로는 아무것도 보내지 않습니다. --budget을 빼면 오늘 남은 호출 한도만큼 씁니다(한도는 서울 시각 자정에 새로 채워집니다). ")
            : isQuotaSpent
                ? bilingual(
                    "Today's KOBIS calls are spent, less the \(ArchiveCommand.reserve) kept for the day's other runs; the quota renews at midnight in Seoul. ",
                    "오늘의 KOBIS 호출을 다 썼습니다(다른 실행에 남겨 두는 \(ArchiveCommand.reserve)회 제외). 호출 한도는 서울 시각 자정에 새로 채워집니다. ")
                : bilingual(
                    "Stopped at the budget of \(NumberText.grouped(budget)) calls, having archived \(Self.done(result, replayed: false)): ",
                    "호출 예산 \(NumberText.grouped(budget))회에 이르러 멈췄습니다(\(Self.done(result, replayed: false)) 보관). ")
        return bilingual(
            "\(spent)\(days) and \(films) are left, about \(NumberText.grouped(nights)) more night\(nights == 1 ? "" : "s") at \(NumberText.grouped(pace)) calls a night. Run the same sync again to go on.",
            "\(spent)\(NumberText.grouped(result.daysLeft))일과 영화 \(NumberText.grouped(result.moviesLeft))편의 상세 정보가 남았으며, 하룻밤 \(NumberText.grouped(pace))회씩이면 \(NumberText.grouped(nights))일 밤쯤 더 걸립니다. 같은 동기화를 다시 실행하면 이어 갑니다."
        )
    }

    /// "8 days and 12 films for 20 calls", or "… from the replay, with no call".
    static func done(_ result: BoxOfficeArchive.SyncResult, replayed: Bool) -> String {
        let days = result.daysStored == 1 ? "1 day" : "\(NumberText.grouped(result.daysStored)) days"
        let films = result.moviesStored == 1 ? "1 film" : "\(NumberText.grouped(result.moviesStored)) films"
        let calls = result.calls == 1 ? "1 call" : "\(NumberText.grouped(result.calls)) calls"
        if replayed {
            return bilingual(
                "\(days) and \(films) from the replay, with no call",
                "\(NumberText.grouped(result.daysStored))일과 영화 \(NumberText.grouped(result.moviesStored))편을 호출 없이 재생 폴더에서")
        }
        return bilingual(
            "\(days) and \(films) for \(calls)",
            "\(NumberText.grouped(result.daysStored))일과 영화 \(NumberText.grouped(result.moviesStored))편을 호출 \(NumberText.grouped(result.calls))회로")
    }
}

package extension SharedOptions {
    static let archiveDefault = Words(
        "$BOXOFFICE_ARCHIVE, else $XDG_DATA_HOME/boxoffice/archive.sqlite3, else ~/.local/share/boxoffice/archive.sqlite3",
        "$BOXOFFICE_ARCHIVE, 없으면 $XDG_DATA_HOME/boxoffice/archive.sqlite3, 그것도 없으면 ~/.local/share/boxoffice/archive.sqlite3")

    static let archive = OptionSpec(
        name: .archive, kind: .text, valueName: "file", help: Words("The archive file.", "아카이브 파일."), defaultValue: .described(archiveDefault),
        completion: .paths)
}
