@testable import boxoffice
import BoxOfficeCore
import Testing

struct ArgumentParsingTests {
    static let today = KSTDate(year: 2026, month: 11, day: 22)!

    func command(_ arguments: [String]) throws -> Command {
        try Command(try CommandLineParser.parse(arguments), today: Self.today)
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
        guard case .daily(let request) = try command(["daily"]) else { Issue.record("not daily"); return }
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
        guard case .daily(let request) = try command(arguments) else { Issue.record("not daily"); return }
        #expect(request.query.dates.map { $0.iso } == [expected])
    }

    @Test func optionsAndFormats() throws {
        guard case .daily(let request) = try command(["daily", "--format", "json", "--nation", "korean", "--type=independent", "--region", "서울", "--limit", "3", "--posters", "--no-cache"]) else {
            Issue.record("not daily"); return
        }
        #expect(request.network.format == .json)
        #expect(request.query.filter.nation == .korean)
        #expect(request.query.filter.movieType == .independent)
        #expect(request.query.filter.region?.code == "0105001")
        #expect(request.query.limit == 3)
        #expect(request.query.withPosters)
    }

    @Test func rangesListEveryDayOrWeek() throws {
        guard case .daily(let daily) = try command(["daily", "--from", "20230830", "--to", "20230902"]) else { Issue.record("not daily"); return }
        #expect(daily.query.dates.map { $0.compact } == ["20230830", "20230831", "20230901", "20230902"])
        #expect(daily.isRange)
        guard case .weekly(let weekly) = try command(["weekly", "--from", "20230810", "--to", "20230822"]) else { Issue.record("not weekly"); return }
        #expect(weekly.query.dates.map { $0.compact } == ["20230807", "20230814", "20230821"])
    }

    @Test func weeklyDefaultsToTheLatestEndedWeek() throws {
        // 2026-11-22 is a Sunday: that week has not ended yet.
        guard case .weekly(let request) = try command(["weekly"]) else { Issue.record("not weekly"); return }
        #expect(request.query.dates == [KSTDate(year: 2026, month: 11, day: 15)!])
        #expect(request.query.span == .weekly(.week))
    }

    @Test func movieAndHelp() throws {
        guard case .movie(let code, _) = try command(["movie", "20124079"]) else { Issue.record("not movie"); return }
        #expect(code == "20124079")
        guard case .help(let path) = try command(["daily", "--help"]) else { Issue.record("not help"); return }
        #expect(path == ["daily"])
        guard case .help(let topic) = try command(["help", "movie"]) else { Issue.record("not help"); return }
        #expect(topic == ["movie"])
        guard case .exitCodes = try command(["help", "exit-codes"]) else { Issue.record("not exit codes"); return }
        guard case .version = try command(["--version"]) else { Issue.record("not version"); return }
    }

    @Test func helpReachesSubcommandsTheWayItsFooterSays() throws {
        guard case .help(let topic) = try command(["help", "cache", "stats"]) else { Issue.record("not help"); return }
        #expect(topic == ["cache", "stats"])
        #expect(HelpFormatter.help(for: ["cache"]).contains("See 'boxoffice help cache <subcommand>'"))
        #expect(HelpFormatter.help(for: ["cache", "stats"]).contains("USAGE: boxoffice cache stats"))
    }

    @Test func doubleDashEndsOptions() throws {
        guard case .search(let query, _) = try command(["search", "--", "-weird title"]) else { Issue.record("not search"); return }
        #expect(query.title == "-weird title")
    }

    @Test(arguments: [
        (["daily", "--date", "20231332"], "not a valid date"),
        (["daily", "--date", "2023-02-30"], "not a valid date"),
        (["daily", "--date", "tomorrow"], "not a valid date"),
        (["daily", "--date", "20261123"], "in the future"),
        (["daily", "--date", "abc"], "not a valid date"),
        (["daily", "--date"], "Missing value"),
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
        (["cache"], "Missing subcommand"),
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
            for command in CommandCatalog.root.subcommands {
                #expect(script.contains(command.name), "\(shell) lacks \(command.name)")
            }
            #expect(script.contains(shell == .fish ? "-l format" : "--format"))
        }
    }
}
