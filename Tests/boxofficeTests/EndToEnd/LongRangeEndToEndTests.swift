import Foundation
import Testing

/// A range is written a day at a time as each is decided, in date order, in memory that does not
/// grow with its length; and it is still all or nothing: a range that fails prints nothing. The
/// runs are long, so they are waited for off the cooperative pool.
@Suite(.serialized)
struct LongRangeEndToEndTests {
    /// The 2023-08-18 chart with each of its ten titles some 200 KB long (`<rank> 가나다…`): a
    /// 2 MiB answer, cut where the day goes. (The benchmark measures days of 7 MiB; here a month
    /// of them would take the machine from the suites beside it for half a minute.)
    static let bigDay: (head: Data, tail: Data) = {
        let url = BinaryRunner.repositoryRoot.appendingPathComponent("Fixtures/kobis/daily-20230818.json")
        var text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let syllables = String(repeating: "가나다라마바사아자차카타파하", count: 200 * 1024 / 42)
        for rank in 1...10 {
            guard let range = text.range(of: #""rank":"\#(rank)","#),
                let name = text.range(of: #""movieNm":"(\\"|[^"])*""#, options: .regularExpression, range: range.upperBound..<text.endIndex)
            else { continue }
            text.replaceSubrange(name, with: #""movieNm":"\#(rank) \#(syllables)""#)
        }
        let marker = #""showRange":""#
        guard let start = text.range(of: marker) else { return (Data(), Data()) }
        let dayLength = "20230818~20230818".count
        return (Data(text[..<start.upperBound].utf8), Data(text[text.index(start.upperBound, offsetBy: dayLength)...].utf8))
    }()

    /// The big chart of the requested day.
    static func bigDay(_ request: RecordedRequest) -> StubResponse {
        let day = request.query["targetDt"] ?? ""
        return StubResponse(
            status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"], body: bigDay.head + Data("\(day)~\(day)".utf8) + bigDay.tail)
    }

    /// A server of big days but those given, which get HTTP 500.
    static func server(failing days: Set<String> = []) throws -> LoopbackServer {
        try LoopbackServer { request in days.contains(request.query["targetDt"] ?? "") ? StubResponse(status: 500) : Self.bigDay(request) }
    }

    /// `YYYY-MM-DD` of July 2023's days.
    static func july(_ days: ClosedRange<Int>) -> [String] {
        days.map { String(format: "2023-07-%02d", $0) }
    }

    /// The lines of a short output.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 }
    }

    /// A state whose temporary folder is its own, to see that nothing is left there.
    static func state(_ server: LoopbackServer) -> (BinaryRunner, URL) {
        var state = BinaryRunner(kobisURL: server.baseURL)
        let scratch = state.home.appendingPathComponent("tmp")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        state.environment["TMPDIR"] = scratch.path
        return (state, scratch)
    }

    static func contents(_ folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? ["<unreadable>"]
    }

    /// What a range's CSV holds: its header, and each row's day, rank and title length in bytes.
    struct CSVRows: Sendable {
        var header = ""
        var days: [String] = []
        var ranks: [String] = []
        var titleLengths: [Int] = []

        /// Read as bytes: hundreds of megabytes are too many characters to split.
        init(_ text: String) {
            var lines = text.utf8.split(separator: UInt8(ascii: "\n"))[...]
            header = lines.popFirst().map { String(decoding: $0, as: UTF8.self) } ?? ""
            for line in lines {
                let fields = line.split(separator: UInt8(ascii: ","), maxSplits: 7)
                guard fields.count > 6 else { continue }
                days.append(String(decoding: fields[0], as: UTF8.self))
                ranks.append(String(decoding: fields[2], as: UTF8.self))
                titleLengths.append(fields[6].count)
            }
        }
    }

    @Test func aMonthOfBigDaysIsPrintedWholeInOrderInBoundedMemory() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let (state, scratch) = Self.state(server)
        let (run, peak) = try await state.runMeasuringMemory(["daily", "--from", "20230701", "--to", "20230730", "--format", "csv"])
        let csv = CSVRows(run.stdout)
        #expect(run.status == 0, "\(run.stderr)")
        // Held whole, the month took 252 MiB: 60 MB of charts and several copies of its text. Written
        // as it comes it takes some 43 MiB, four days in flight at most, whatever the length.
        #expect(peak < 64, "peak \(peak) MiB")
        #expect(csv.header.hasPrefix("start_date,end_date,rank,"))
        #expect(csv.days == Self.july(1...30).flatMap { Array(repeating: $0, count: 10) })
        #expect(csv.ranks == (0..<300).map { String($0 % 10 + 1) })
        #expect(csv.titleLengths.count == 300 && csv.titleLengths.allSatisfy { $0 > 200_000 }, "every title whole")
        #expect(Self.contents(scratch).isEmpty, "\(Self.contents(scratch))")
        BinaryRunner.expectNoKey(run)
    }

    @Test func aSlowFirstDayStillComesFirst() async throws {
        let server = try LoopbackServer { request in
            var response = StubResponse.syntheticDay(request)
            if request.query["targetDt"] == "20230701" { response.delay = 0.3 }
            return response
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let range = ["daily", "--from", "20230701", "--to", "20230712", "--format", "jsonl", "--no-cache"]
        let concurrent = try await state.run(range)
        #expect(concurrent.status == 0, "\(concurrent.stderr)")
        let days = try Self.lines(concurrent.stdout).map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["startDate"] as? String
        }
        #expect(days == Self.july(1...12).flatMap { Array(repeating: $0, count: 10) })
        let oneAtATime = try await state.run(range + ["--jobs", "1"])
        #expect(oneAtATime.stdout == concurrent.stdout)
    }

    /// The days before the failure were written, out of memory, to where the output waits: none
    /// of it reaches stdout or the file, and nothing is left behind.
    @Test func aDayThatFailsInTheMiddlePrintsNothingAndLeavesNothing() async throws {
        let server = try Self.server(failing: ["20230707"])
        defer { server.stop() }
        let (state, scratch) = Self.state(server)
        let range = ["daily", "--from", "20230701", "--to", "20230710", "--format", "csv", "--retries", "0", "--no-cache", "--jobs", "2"]
        let toStdout = try await state.run(range)
        BinaryRunner.expectFailure(toStdout, status: 69, mentioning: ["1 of 10 charts failed (2023-07-07)", "so nothing was printed"])
        #expect(Self.contents(scratch).isEmpty, "\(Self.contents(scratch))")

        let folder = state.home.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("july.csv")
        try Data("last month's\n".utf8).write(to: file)
        let toFile = try await state.run(range + ["-o", file.path])
        BinaryRunner.expectFailure(toFile, status: 69, mentioning: ["1 of 10 charts failed"])
        #expect(try String(contentsOf: file, encoding: .utf8) == "last month's\n")
        #expect(Self.contents(folder) == ["july.csv"], "\(Self.contents(folder))")
    }

    @Test func withKeepGoingWhatArrivedIsPrintedInOrderAndTheRunExits23() async throws {
        let server = try Self.server(failing: ["20230705"])
        defer { server.stop() }
        let (state, scratch) = Self.state(server)
        let range = ["daily", "--from", "20230701", "--to", "20230708", "--retries", "0", "--no-cache", "--keep-going"]
        let run = try await state.run(range + ["--format", "jsonl", "--fields", "startDate,rank"])
        #expect(run.status == 23, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: 1 of 8 charts failed and are missing (2023-07-05): "), "\(run.stderr)")
        let lines = Self.lines(run.stdout)
        #expect(lines.count == 7 * 10 + 1)
        #expect(lines[40].contains(#""startDate":"2023-07-05","endDate":"2023-07-05","missing":true"#), "\(lines[40])")
        #expect(
            lines.prefix(40).allSatisfy { $0.hasPrefix(#"{"startDate":"2023-07-0"#) } && lines[0].hasPrefix(#"{"startDate":"2023-07-01","rank":1}"#))
        #expect(lines.last == #"{"startDate":"2023-07-08","rank":10}"#)
        #expect(Self.contents(scratch).isEmpty)

        let file = state.home.appendingPathComponent("july.csv")
        let written = try await state.run(range + ["--format", "csv", "-o", file.path])
        let csv = CSVRows((try? String(contentsOf: file, encoding: .utf8)) ?? "")
        #expect(written.status == 23 && written.stdout.isEmpty, "\(written.stderr)")
        #expect(csv.days == Self.july(1...8).filter { $0 != "2023-07-05" }.flatMap { Array(repeating: $0, count: 10) })
    }
}
