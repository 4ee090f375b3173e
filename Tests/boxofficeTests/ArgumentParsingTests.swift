@testable import boxoffice
import BoxOfficeCore
@testable import BoxOfficeApp
import Testing

struct ArgumentParsingTests {
    static let today = KSTDate(year: 2026, month: 11, day: 22)!

    func command(_ arguments: [String]) throws -> any RunnableCommand {
        try CommandCatalog.command(for: try CommandLineParser.parse(arguments), today: Self.today)
    }

    func chart(_ arguments: [String]) throws -> ChartCommand {
        try #require(try command(arguments) as? ChartCommand, "\(arguments) is not a chart")
    }

    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try command(arguments)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func dailyDefaultsToYesterdayInSeoul() throws {
        let request = try chart(["daily"])
        #expect(request.query.dates == [KSTDate(year: 2026, month: 11, day: 21)!])
        #expect(!request.isRange)
        #expect(request.network.format == .table)
    }

    @Test(arguments: [
        (["daily", "--date", "20230818"], "2023-08-18"),
        (["daily", "--date=2023-08-18"], "2023-08-18"),
        (["daily", "-d", "20230818"], "2023-08-18"),
        (["daily", "--date", "today"], "2026-11-22"),
        (["daily", "--date", "-3d"], "2026-11-19"),
    ])
    func dailyDates(_ arguments: [String], _ expected: String) throws {
        let request = try chart(arguments)
        #expect(request.query.dates.map { $0.iso } == [expected])
    }

    @Test func optionsAndFormats() throws {
        let request = try chart([
            "daily", "--format", "json", "--nation", "korean", "--type=independent", "--region", "서울", "--limit", "3", "--posters", "--no-cache",
        ])
        #expect(request.network.format == .json)
        #expect(request.query.filter.nation == .korean)
        #expect(request.query.filter.movieType == .independent)
        #expect(request.query.filter.region?.code == "0105001")
        #expect(request.query.limit == 3)
        #expect(request.query.withPosters)
    }

    @Test func rangesListEveryDayOrWeek() throws {
        let daily = try chart(["daily", "--from", "20230830", "--to", "20230902"])
        #expect(daily.query.dates.map { $0.compact } == ["20230830", "20230831", "20230901", "20230902"])
        #expect(daily.isRange)
        let weekly = try chart(["weekly", "--from", "20230810", "--to", "20230822"])
        #expect(weekly.query.dates.map { $0.compact } == ["20230814", "20230821"], "the weeks that start in the range")
        let weekends = try chart(["weekly", "--period", "weekend", "--from", "20230801", "--to", "20230831"])
        #expect(
            weekends.query.dates.map { $0.compact } == ["20230731", "20230807", "20230814", "20230821"],
            "August's weekends start on 08-04 … 08-25; the one of 09-01 is September's")
        #expect(weekends.query.dates.map { WeekPeriod.weekend.firstDay(ofWeekContaining: $0).compact }.last == "20230825")
        // 2026-11-22 is a Sunday: the week of 11-16 has not ended, the one before has.
        let recent = try chart(["weekly", "--from", "20261102", "--to", "today"])
        #expect(recent.query.dates.map { $0.compact } == ["20261102", "20261109"] && recent.periodsNotEnded.map { $0.compact } == ["20261116"])
        #expect(usageError(["weekly", "--from", "20261116", "--to", "today"])?.contains("has not ended yet") == true, "nothing has ended")
    }

    @Test func weeklyDefaultsToTheLatestEndedWeek() throws {
        // 2026-11-22 is a Sunday: that week has not ended yet.
        let request = try chart(["weekly"])
        #expect(request.query.dates == [KSTDate(year: 2026, month: 11, day: 15)!])
        #expect(request.query.kind == .weekly(.week))
        #expect(usageError(["weekly", "--date", "20261122"])?.contains("The week of 2026-11-16 has not ended yet") == true)
        let wednesday = try #require(KSTDate(year: 2026, month: 11, day: 18))
        do {
            _ = try CommandCatalog.command(
                for: try CommandLineParser.parse(["weekly", "--period", "weekdays", "--date", "20261117"]), today: wednesday)
            Issue.record("the weekdays of a Wednesday's week have not ended")
        } catch {
            #expect(error.message.contains("The weekdays of 2026-11-16 have not ended yet (their last day is 2026-11-19"), "\(error.message)")
        }
    }

    @Test func trendCoversTheFirstYearFromTheOpeningUnlessToldOtherwise() throws {
        func days(_ arguments: [String], opening: KSTDate?) throws -> [KSTDate] {
            let trend = try #require(try command(["trend", "20226411"] + arguments) as? TrendCommand)
            let movie = MovieDetails(code: "20226411", title: "", openDate: opening)
            return try RangeRules.trendDays(from: trend.from, to: trend.to, movie: movie, yesterday: Self.today.adding(days: -1))
        }
        let opening = try #require(KSTDate(year: 2023, month: 8, day: 9))
        let firstYear = try days([], opening: opening)
        #expect(firstYear.count == 366 && firstYear.first == opening && firstYear.last == KSTDate(year: 2024, month: 8, day: 8))
        let recent = try #require(KSTDate(year: 2026, month: 11, day: 1))
        let sinceRecent = try days([], opening: recent)
        #expect(sinceRecent.first == recent && sinceRecent.last == KSTDate(year: 2026, month: 11, day: 21), "ends yesterday")
        #expect(
            try days([], opening: KSTDate(year: 2026, month: 12, day: 24)) == [KSTDate(year: 2026, month: 11, day: 21)!],
            "not yet open: only yesterday")
        let untilTo = try days(["--to", "20250101"], opening: opening)
        #expect(untilTo.count == 366 && untilTo.last == KSTDate(year: 2025, month: 1, day: 1), "a year back from --to")
        let between = try days(["--from", "20230811", "--to", "20230818"], opening: opening)
        #expect(between.count == 8 && between.first == KSTDate(year: 2023, month: 8, day: 11))
        #expect(try days(["--from", "20261120"], opening: opening).count == 2, "--from alone runs to yesterday if sooner")
        let yearFromD1 = try days(["--from", "20230801"], opening: opening)
        #expect(yearFromD1.count == 366 && yearFromD1.last == KSTDate(year: 2024, month: 7, day: 31), "--from alone runs a year, not to yesterday")
        let help = HelpFormatter.help(for: ["trend"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("a year after the first day, or yesterday if sooner"), "\(help)")
    }

    @Test func shortFlagsCombineAsInGhAndRg() throws {
        for arguments in [["daily", "-vd", "20230818"], ["daily", "-vd20230818"], ["daily", "-v", "-d", "20230818"]] {
            let request = try chart(arguments)
            #expect(request.query.dates.map(\.iso) == ["2023-08-18"] && request.network.isVerbose, "\(arguments)")
        }
        #expect(usageError(["daily", "-vx"])?.contains("Unknown option '-x'") == true, "\(usageError(["daily", "-vx"]) ?? "")")
    }

    @Test func noColorIsColorNever() throws {
        #expect(try chart(["daily", "--no-color"]).network.color == .never)
        #expect((try command(["quota", "--no-color"]) as? QuotaCommand)?.color == .never)
        #expect(try chart(["daily", "--no-color", "--color", "never"]).network.color == .never)
        #expect(usageError(["daily", "--no-color", "--color", "always"]) == "Use either --no-color or --color always, not both.")
    }

    @Test func codeGroupsAreNamesOrDigits() throws {
        #expect((try command(["codes", "Regions"]) as? CodesCommand)?.group == "0105000000")
        #expect((try command(["codes", "2204"]) as? CodesCommand)?.group == "2204")
    }

    @Test func movieAndHelp() throws {
        #expect((try command(["movie", "20124079"]) as? MovieCommand)?.code == "20124079")
        #expect((try command(["daily", "--help"]) as? HelpCommand.Page)?.path == ["daily"])
        #expect((try command(["help", "movie"]) as? HelpCommand.Page)?.path == ["movie"])
        #expect(try command(["help", "exit-codes"]) is HelpCommand.ExitCodes)
        #expect(try command(["--version"]) is HelpCommand.Version)
    }

    @Test func helpReachesSubcommandsTheWayItsFooterSays() throws {
        #expect((try command(["help", "cache", "stats"]) as? HelpCommand.Page)?.path == ["cache", "stats"])
        #expect(HelpFormatter.help(for: ["cache"]).contains("See 'boxoffice help cache <subcommand>'"))
        #expect(HelpFormatter.help(for: ["cache", "stats"]).contains("USAGE: boxoffice cache stats"))
    }

    @Test func doubleDashEndsOptions() throws {
        #expect((try command(["search", "--", "-weird title"]) as? SearchCommand)?.query.title == "-weird title")
        #expect(
            (try command(["search", "--director=--weird"]) as? SearchCommand)?.query.director == "--weird", "attached, a value may start with --")
        #expect(try chart(["daily", "--date", "-3d"]).query.dates == [KSTDate(year: 2026, month: 11, day: 19)!], "one dash is a value")
    }

    @Test(arguments: [
        (["daily", "--date", "20231332"], "not a valid date"),
        (["daily", "--date", "2023-02-30"], "not a valid date"),
        (["daily", "--date", "tomorrow"], "not a valid date"),
        (["daily", "--date", "20261123"], "in the future"),
        (["daily", "--date", "abc"], "not a valid date"),
        (["daily", "--date"], "Missing value"),
        (["daily", "--limit", "--date", "20230818"], "Missing value for '--limit <n>' before '--date'"),
        (["search", "--director", "--year", "2023"], "Missing value for '--director"),
        (["poster", "20218541", "--download", "--replay", "Fixtures"], "Missing value for '--download"),
        (["daily", "--dat", "20230818"], "Did you mean '--date'"),
        (["dialy"], "Did you mean 'daily'"),
        (["daily", "--limit", "11"], "from 1 to 10"),
        (["daily", "--limit", "0"], "from 1 to 10"),
        (["daily", "--format", "xml"], "not a valid value for '--format'"),
        (["daily", "--region", "seul"], "Did you mean 'seoul'"),
        (["daily", "--posters=yes"], "does not take a value"),
        (["daily", "extra"], "Unexpected argument"),
        (["daily", "--from", "20230801"], "both --from and --to"),
        (["daily", "--from", "20230901", "--to", "20230801"], "is after"),
        (["daily", "--from", "20200101", "--to", "20230801"], "at most 366"),
        (["weekly", "--from", "20000101", "--to", "20230813"], "covers 1,233 weeks"),
        (["daily", "--region", "0105999"], "or their codes 0105001–0105017."),
        (["daily", "--jobs", "17", "--from", "20230801", "--to", "20230802"], "from 1 to 16"),
        (["movie"], "Missing expected argument"),
        (["movie", ""], "movie code is empty"),
        (["movie", "   "], "movie code is empty"),
        (["images", "x", "--limit", "81"], "from 1 to 80"),
        (["images", "x", "--page", "51"], "from 1 to 50"),
        (["daily", "--timeout", "soon"], "--timeout"),
        (["daily", "--no-cache", "--refresh"], "not both"),
        (["help", "dayly"], "Did you mean 'daily'"),
        (["completion", "tcsh"], "bash, zsh or fish"),
        (["config", "set", "naver"], "kobis or kakao"),
        (["cache", "foo"], "Unknown command 'foo'"),
        (
            ["codes", "region"],
            "Unknown code group 'region'. Did you mean 'regions'? Use one of: regions, movie-types, nations, company-parts, or a comCode of digits."
        ),
        (["codes", "밀수"], "Unknown code group '밀수'."),
        (["companies", "--all"], "--all needs a filter: give a name to search for, or --ceo or --part."),
        (["people", "--all"], "--all needs a filter"),
        (["version"], "Unknown command 'version'. Did you mean '--version'?"),
        (["help", "daily", "extra"], "'daily' has no subcommands, so there is no help topic 'extra'; see 'boxoffice help daily'."),
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String], _ expected: String) {
        let message = usageError(arguments)
        #expect(message?.contains(expected) == true, "\(arguments) gave \(message ?? "no error")")
    }

    @Test func helpLeadsWithExamplesInArgumentParserLayout() {
        let text = HelpFormatter.help(for: ["daily"])
        let sections = ["OVERVIEW:", "EXAMPLES:", "USAGE: boxoffice daily", "OPTIONS:"]
        let positions = sections.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == sections.count)
        #expect(positions == positions.sorted())
        #expect(text.contains("-h, --help"))
        #expect(HelpFormatter.help(for: []).contains("SUBCOMMANDS:"))
        #expect(HelpFormatter.exitCodes().contains("77"))
    }

    @Test func completionScriptsNameEveryCommand() {
        for shell in Shell.allCases {
            let script = CompletionScript.make(for: shell)
            for command in CommandCatalog.root.visibleSubcommands {
                #expect(script.contains(command.name), "\(shell) lacks \(command.name)")
            }
            #expect(script.contains(shell == .fish ? "-l format" : "--format"))
        }
    }

    @Test func helpIsWrappedToTheWidthWithoutBreakingWords() {
        var pages = [HelpFormatter.exitCodes(width: 80), HelpFormatter.help(for: [], width: 80)]
        for command in CommandCatalog.root.subcommands {
            pages.append(HelpFormatter.help(for: [command.name], width: 80))
            pages += command.subcommands.map { HelpFormatter.help(for: [command.name, $0.name], width: 80) }
        }
        for page in pages {
            for line in page.split(separator: "\n") where !line.hasPrefix("  boxoffice ") {
                #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
            }
        }
        let narrow = HelpFormatter.exitCodes(width: 40)
        #expect(narrow.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 }, "\(narrow)")
        #expect(narrow.contains("  65    Malformed response: HTML,\n        invalid JSON"), "\(narrow)")
        #expect(!narrow.split(separator: "\n").contains { $0.hasSuffix("-") }, "no word is cut")
    }
}
