import Foundation
import Testing

/// `--fields`: the columns of table, CSV, TSV and Markdown, and the members of JSON lines, named
/// as in the JSON and in the order given; a typo is a usage error that lists the names.
@Suite(.serialized)
struct FieldsEndToEndTests {
    static let daily = ["daily", "--date", "20230818", "--limit", "2", "--replay", "Fixtures"]

    static func lines(_ arguments: [String]) async throws -> [String] {
        let run = try await BinaryRunner(keys: false).run(arguments)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
        return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theFieldsPickAndOrderTheColumnsInEveryFormat() async throws {
        // audienceChange is a column only machines saw: asked for by name, people see it too.
        let fields = ["--fields", "title,rank,audienceChange"]
        let table = try await Self.lines(Self.daily + fields)
        #expect(table.first == "Daily box office, 2023-08-18")
        #expect(table.dropFirst().first?.split(separator: " ", omittingEmptySubsequences: true) == ["Title", "#", "Audience", "change"])
        #expect(table.dropFirst(2).first?.split(separator: " ") == ["콘크리트", "유토피아", "1", "-3,871"], "grouped for people as every count is")
        #expect(!table.contains { $0.contains("2,218,295") || $0.contains("Opened") }, "no other column")

        let csv = try await Self.lines(Self.daily + fields + ["--format", "csv"])
        #expect(csv == ["title,rank,audience_change", "콘크리트 유토피아,1,-3871", "오펜하이머,2,-3264", ""])
        let tsv = try await Self.lines(Self.daily + fields + ["--format", "tsv"])
        #expect(tsv == ["title\trank\taudience_change", "콘크리트 유토피아\t1\t-3871", "오펜하이머\t2\t-3264", ""])
        let markdown = try await Self.lines(Self.daily + fields + ["--format", "markdown"])
        #expect(markdown.contains("| Title | # | Audience change |"))
        #expect(markdown.contains("| [콘크리트 유토피아](<https://www.kobis.or.kr/kobis/business/mast/mvie/searchMovieDtl.do?code=20226411>) | 1 | -3,871 |"))
        let jsonl = try await Self.lines(Self.daily + ["--fields", "rank,startDate,title", "--format", "jsonl"])
        #expect(jsonl == [#"{"rank":1,"startDate":"2023-08-18","title":"콘크리트 유토피아"}"#, #"{"rank":2,"startDate":"2023-08-18","title":"오펜하이머"}"#, ""])
    }

    @Test func otherCommandsOfferTheirOwnFields() async throws {
        let search = try await Self.lines(["search", "밀수", "--fields", "genres,code", "--format", "csv", "--replay", "Fixtures"])
        #expect(search == ["genres,code", "범죄; 액션,20218541", "드라마,19990123", ""], "genres is a column only machines saw")
        let weekly = try await Self.lines(["weekly", "--date", "20230813", "--limit", "1", "--fields", "yearWeek,title", "--replay", "Fixtures"])
        #expect(weekly.dropFirst().first?.split(separator: " ").prefix(3) == ["Year", "week", "Title"])
        #expect(weekly.dropFirst(2).first?.hasPrefix("202332 ") == true)
    }

    @Test func everyOfferedFieldIsInEachJSONLine() async throws {
        // The help offers what the CSV has; each JSON line must hold it too, or it is silently dropped.
        let codes = try await Self.lines(["codes", "company-parts", "--fields", "group,name", "--format", "jsonl", "--replay", "Fixtures"])
        #expect(codes.first == #"{"group":"2601","name":"제작사"}"#, "\(codes)")
        let whole = try await Self.lines(["codes", "company-parts", "--format", "jsonl", "--replay", "Fixtures"])
        #expect(whole.first == #"{"group":"2601","code":"260101","name":"제작사","nameEnglish":"Production"}"#, "\(whole)")
    }

    @Test func aTypoListsTheValidNamesBeforeAnyRequest() async throws {
        let server = try LoopbackServer(handler: StubResponse.recorded)
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let typo = try await state.run(["daily", "--date", "20230818", "--fields", "rank,titel"])
        BinaryRunner.expectFailure(
            typo, status: 64, mentioning: ["'titel' is not a field of daily", "Did you mean 'title'?", "audienceTotal, sales"])
        let snake = try await state.run(["daily", "--date", "20230818", "--fields", "audience_total"])
        BinaryRunner.expectFailure(snake, status: 64, mentioning: ["Did you mean 'audienceTotal'?"])
        let weeklyOnly = try await state.run(["daily", "--date", "20230818", "--fields", "yearWeek"])
        BinaryRunner.expectFailure(weeklyOnly, status: 64, mentioning: ["'yearWeek' is not a field of daily"])
        let posters = try await state.run(["daily", "--date", "20230818", "--fields", "rank,posterURL"])
        BinaryRunner.expectFailure(posters, status: 64, mentioning: ["'posterURL' is not a field of daily. It comes with --posters."])
        let json = try await state.run(["daily", "--date", "20230818", "--fields", "rank", "--format", "json"])
        BinaryRunner.expectFailure(json, status: 64, mentioning: ["--format json has every field"])
        BinaryRunner.expectFailure(try await state.run(["search", "x", "--fields", "code,,title"]), status: 64, mentioning: ["empty name"])
        BinaryRunner.expectFailure(try await state.run(["search", "x", "--fields", "code,code"]), status: 64, mentioning: ["twice"])
        #expect(server.requestCount == 0, "refused before any request")
    }
}

extension FieldsEndToEndTests {
    @Test func aTrendOffersItsTitleAsItsJSONLinesCarryIt() async throws {
        let trend = ["trend", "20218541", "--from", "20230817", "--to", "20230818", "--replay", "Fixtures", "--fields", "date,title,rank"]
        #expect(try await Self.lines(trend + ["--format", "csv"]) == ["date,title,rank", "2023-08-17,밀수,3", "2023-08-18,밀수,3", ""])
        let json = try await Self.lines(trend + ["--format", "jsonl"])
        #expect(json.first == #"{"date":"2023-08-17","title":"밀수","rank":3}"#, "\(json)")
        let whole = try await Self.lines(Array(trend.dropLast(2)) + ["--format", "jsonl"])
        let first = try #require(whole.first)
        #expect(first.hasPrefix(#"{"code":"20218541","title":"밀수","date":"2023-08-17","rank":3,"rankChange":"#), "\(first)")
        #expect(first.components(separatedBy: #""code":"#).count == 2, "the movie's code once a line, though each day carries it: \(first)")
        #expect(first.contains(#""sales":"#) && first.contains(#""shows":"#), "the day's whole line of the chart")
    }
}
