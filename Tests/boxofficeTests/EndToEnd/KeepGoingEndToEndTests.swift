import Foundation
import Testing

/// `--keep-going`: a range prints what arrived, names what did not, and exits 23.
struct KeepGoingEndToEndTests {
    static let range = ["daily", "--from", "20230801", "--to", "20230805", "--retries", "0", "--no-cache"]

    /// A server that answers every day but those given, which get HTTP 500.
    static func server(failing days: Set<String>) throws -> LoopbackServer {
        try LoopbackServer { request in
            days.contains(request.query["targetDt"] ?? "") ? StubResponse(status: 500) : StubResponse.syntheticDay(request)
        }
    }

    @Test func jsonMarksTheMissingDayInItsPlaceAndTheRunExits23() async throws {
        let server = try Self.server(failing: ["20230803"])
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(Self.range + ["--keep-going", "--format", "json"])
        #expect(run.status == 23, "\(run.stderr)")
        let charts = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout)")
        #expect(charts.map { $0["startDate"] as? String } == ["2023-08-01", "2023-08-02", "2023-08-03", "2023-08-04", "2023-08-05"])
        let missing = charts[2]
        #expect(missing["missing"] as? Bool == true && missing["kind"] as? String == "daily" && missing["endDate"] as? String == "2023-08-03")
        #expect((missing["error"] as? String)?.contains("HTTP 500") == true, "\(missing)")
        #expect(charts.enumerated().allSatisfy { $0.offset == 2 || ($0.element["movies"] as? [Any])?.count == 10 })
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: 1 of 5 charts failed and are missing (2023-08-03): "), "\(run.stderr)")
        BinaryRunner.expectNoKey(run)
    }

    @Test func csvAndJSONLinesHoldEveryDayThatArrived() async throws {
        let server = try Self.server(failing: ["20230802", "20230804"])
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let csv = try await state.run(Self.range + ["--keep-going", "--format", "csv"])
        #expect(csv.status == 23, "\(csv.stderr)")
        let rows = csv.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count == 30, "three days of ten movies")
        #expect(Set(rows.map { $0.prefix(10) }) == ["2023-08-01", "2023-08-03", "2023-08-05"])
        #expect(csv.stderr.contains("2 of 5 charts failed and are missing (2023-08-02, 2023-08-04)"), "\(csv.stderr)")

        let lines = try await state.run(Self.range + ["--keep-going", "--format", "jsonl"])
        #expect(lines.status == 23)
        let objects = try lines.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let marked = objects.filter { $0["missing"] as? Bool == true }.compactMap { $0["startDate"] as? String }
        #expect(marked == ["2023-08-02", "2023-08-04"])
        #expect(objects.count == 30 + 2)

        // --fields picks a movie's members; a missing chart's line stays whole, or it would be `{}`.
        let picked = try await state.run(Self.range + ["--keep-going", "--format", "jsonl", "--fields", "rank,title"])
        #expect(picked.status == 23, "\(picked.stderr)")
        let pickedLines = picked.stdout.split(separator: "\n").map(String.init)
        #expect(pickedLines.count == 30 + 2)
        #expect(pickedLines.filter { $0.hasPrefix("{\"rank\":") }.count == 30, "\(picked.stdout)")
        let pickedMissing = pickedLines.filter { $0.contains("\"missing\":true") }
        #expect(pickedMissing.count == 2 && pickedMissing.allSatisfy { $0.hasPrefix("{\"kind\":\"daily\",\"startDate\":") }, "\(picked.stdout)")

        let table = try await state.run(Self.range + ["--keep-going"])
        #expect(table.status == 23)
        #expect(table.stdout.contains("Daily box office, 2023-08-02\nMissing: "), "\(table.stdout)")
    }

    @Test func withoutItARangeIsAllOrNothing() async throws {
        let server = try Self.server(failing: ["20230803"])
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(Self.range + ["--format", "json"])
        BinaryRunner.expectFailure(run, status: 69, mentioning: ["1 of 5 charts failed", "so nothing was printed"])
    }

    @Test func aRangeOfWhichNothingArrivedIsAnErrorStill() async throws {
        let server = try Self.server(failing: ["20230801", "20230802", "20230803", "20230804", "20230805"])
        defer { server.stop() }
        let run = try await BinaryRunner(kobisURL: server.baseURL).run(Self.range + ["--keep-going", "--jobs", "1"])
        BinaryRunner.expectFailure(run, status: 69)
    }

    @Test func theCodeIsDocumented() async throws {
        let readme = try Readme.text()
        #expect(readme.contains("| 23 |") && readme.contains("--keep-going"))
        let help = try await BinaryRunner().run(["help", "exit-codes"]).stdout
        #expect(help.contains("  23 "), "\(help)")
    }
}

extension KeepGoingEndToEndTests {
    @Test func aPartialRangeIsWrittenToItsFileAsWell() async throws {
        let server = try Self.server(failing: ["20230803"])
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let file = state.home.appendingPathComponent("range.json")
        let run = try await state.run(Self.range + ["--keep-going", "--format", "json", "-o", file.path])
        #expect(run.status == 23, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let charts = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        #expect(charts.count == 5 && charts[2]["missing"] as? Bool == true)
        #expect(run.stderr.contains("Wrote \(file.path).") && run.stderr.contains("1 of 5 charts failed"), "\(run.stderr)")
    }
}

extension KeepGoingEndToEndTests {
    /// A trend's days are a range too: the movie from the fixtures, its days from the server.
    @Test func aTrendKeepsGoingPastADayThatFailed() async throws {
        let server = try LoopbackServer { request in
            guard request.path.hasSuffix("/searchDailyBoxOfficeList.json") else { return .recorded(request) }
            return request.query["targetDt"] == "20230803" ? StubResponse(status: 500) : StubResponse.syntheticDay(request)
        }
        defer { server.stop() }
        let state = BinaryRunner(kobisURL: server.baseURL)
        let trend = ["trend", "20218541", "--from", "20230801", "--to", "20230805", "--retries", "0", "--no-cache"]
        let run = try await state.run(trend + ["--keep-going", "--format", "json"])
        #expect(run.status == 23, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2023-08-01", "2023-08-02", "2023-08-03", "2023-08-04", "2023-08-05"])
        #expect(days[2]["missing"] as? Bool == true && days[1]["rank"] as? Int == 3, "\(days)")
        #expect(run.stderr.hasPrefix("Error: 1 of 5 charts failed and are missing (2023-08-03): "), "\(run.stderr)")

        let table = try await state.run(trend + ["--keep-going"])
        #expect(table.status == 23)
        #expect(table.stdout.contains("In the top 10 on 4 of 4 days fetched.") && table.stdout.contains("Missing: 2023-08-03, "), "\(table.stdout)")

        BinaryRunner.expectFailure(try await state.run(trend), status: 69, mentioning: ["1 of 5 charts failed"])
    }
}
