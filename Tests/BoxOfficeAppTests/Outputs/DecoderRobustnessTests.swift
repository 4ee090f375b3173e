import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import TestSupport
import Testing

/// SplitMix64: a tiny generator that gives the same sequence on every platform, so a failing
/// case can be replayed from its seed and round.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Random and mutated bytes fed through every query the client offers: each either yields a
/// value, which then renders in every format, or throws a `BoxOfficeError`; none crashes.
struct DecoderRobustnessTests {
    static let fixtureFolders = ["kobis", "kakao", "errors"]

    static func fixtures(in folder: String) -> [URL] {
        let directory = TestFiles.fixtures.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    static let allFixtures = fixtureFolders.flatMap(fixtures(in:))

    /// Bytes that break JSON or UTF-8 when dropped in anywhere: a quote, a closing brace, a lone
    /// 0xFF (never valid UTF-8) and a lone 0xC3 (a lead byte missing its continuation).
    static let hostileInsertions: [[UInt8]] = [[0x22], [0x7D], [0xFF], [0xC3], [0x5B, 0x5D], [0x5C]]

    /// One to four random edits of the kinds that real damage and hostile servers produce.
    static func mutate(_ data: Data, using generator: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !bytes.isEmpty else {
                bytes = hostileInsertions.randomElement(using: &generator) ?? [0xFF]
                continue
            }
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            let end = min(bytes.count, index + Int.random(in: 1...64, using: &generator))
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                bytes[index] ^= UInt8.random(in: 1...255, using: &generator)
            case 1:
                bytes.removeSubrange(index...)
            case 2:
                bytes.removeSubrange(index..<end)
            case 3:
                bytes.insert(contentsOf: bytes[index..<end], at: index)
            case 4:
                for position in bytes.indices where (0x30...0x39).contains(bytes[position]) && Int.random(in: 0..<4, using: &generator) == 0 {
                    bytes[position] = UInt8.random(in: 0x61...0x7A, using: &generator)
                }
            default:
                bytes.insert(contentsOf: hostileInsertions.randomElement(using: &generator) ?? [0xFF], at: index)
            }
        }
        return Data(bytes)
    }

    /// What came of one query: a value rendered in every format, our error, or something else.
    enum Outcome: Equatable {
        case rendered
        case failed
        case unexpected(String)
    }

    static let styles = [RenderStyle(), RenderStyle(usesColor: true, terminalWidth: 40)]

    static func renderEverywhere(_ render: (OutputFormat, RenderStyle) -> String) -> Outcome {
        for format in OutputFormat.allCases {
            // JSONL is a record a line: no records, no lines.
            for style in styles where format != .jsonl && render(format, style).isEmpty {
                return .unexpected("\(format) rendered nothing")
            }
        }
        return .rendered
    }

    /// Every query the client offers, each answered with `body`.
    static func exercise(_ body: Data, status: Int = 200, round: Int = 0) async -> [String: Outcome] {
        let date = KSTDate(year: 2023, month: 8, day: 18) ?? KSTDate.today(at: Date(timeIntervalSince1970: 1_692_316_800))
        let period = WeekPeriod.allCases[round % WeekPeriod.allCases.count]
        let queries: [(String, @Sendable (BoxOfficeClient) async throws -> Outcome)] = [
            (
                "daily",
                { client in
                    let chart = try await client.dailyChart(on: date)
                    return renderEverywhere { DocumentWriter.write(ChartsOutput([chart], asRange: true, withPosters: true), format: $0, style: $1) }
                }
            ),
            (
                "weekly",
                { client in
                    // The weekly fixtures hold the week of 2023-08-07 to 08-13.
                    let chart = try await client.weeklyChart(containing: date.adding(days: -5), period: period)
                    return renderEverywhere { DocumentWriter.write(ChartsOutput([chart, chart], asRange: true), format: $0, style: $1) }
                }
            ),
            (
                "movie",
                { client in
                    let movie = try await client.movie(code: "20218541")
                    return renderEverywhere { DocumentWriter.write(MovieOutput(movie), format: $0, style: $1) }
                }
            ),
            (
                "search",
                { client in
                    let result = try await client.searchMovies(MovieSearchQuery(title: "밀수"))
                    return renderEverywhere { DocumentWriter.write(SearchOutput(result), format: $0, style: $1) }
                }
            ),
            (
                "images",
                { client in
                    let result = try await client.searchImages(ImageSearchQuery(text: "밀수 영화 포스터"))
                    return renderEverywhere { DocumentWriter.write(ImagesOutput(result), format: $0, style: $1) }
                }
            ),
            (
                "people",
                { client in
                    let result = try await client.searchPeople(PeopleQuery(name: "봉준호"))
                    return renderEverywhere { DocumentWriter.write(PeopleOutput(result, page: 1), format: $0, style: $1) }
                }
            ),
            (
                "person",
                { client in
                    let person = try await client.person(code: "20164001")
                    return renderEverywhere { DocumentWriter.write(PersonOutput(person), format: $0, style: $1) }
                }
            ),
            (
                "companies",
                { client in
                    let result = try await client.searchCompanies(CompanyQuery(name: "쇼박스"))
                    return renderEverywhere { DocumentWriter.write(CompaniesOutput(result, page: 1), format: $0, style: $1) }
                }
            ),
            (
                "company",
                { client in
                    let company = try await client.company(code: "20060555")
                    return renderEverywhere { DocumentWriter.write(CompanyOutput(company), format: $0, style: $1) }
                }
            ),
            (
                "codes",
                { client in
                    let list = try await client.codes(group: CodeGroup.regions.code)
                    return renderEverywhere { DocumentWriter.write(CodesOutput(list), format: $0, style: $1) }
                }
            ),
            (
                "report",
                { client in
                    let report = try await client.report(on: date, days: 2)
                    return renderEverywhere { DocumentWriter.write(ReportOutput(report, withPosters: false), format: $0, style: $1) }
                }
            ),
        ]
        var outcomes: [String: Outcome] = [:]
        for (name, query) in queries {
            let client = BoxOfficeClient.testing(StubLoader(body: body, status: status))
            do {
                outcomes[name] = try await query(client)
            } catch let error as any ReportableError {
                // Ours, a range's included.
                outcomes[name] = error.message.isEmpty ? .unexpected("an error without a message") : .failed
            } catch {
                outcomes[name] = .unexpected("\(type(of: error)): \(error)")
            }
        }
        return outcomes
    }

    static func unexpected(_ outcomes: [String: Outcome]) -> [String] {
        outcomes.sorted { $0.key < $1.key }.compactMap { name, outcome in
            if case .unexpected(let reason) = outcome { return "\(name): \(reason)" }
            return nil
        }
    }

    @Test func everyFixtureFolderIsFound() {
        for folder in Self.fixtureFolders {
            #expect(Self.fixtures(in: folder).count >= 6, "Fixtures/\(folder) is missing or nearly empty")
        }
    }

    /// The harness reaches the decoders: unharmed fixtures decode and render through their query.
    @Test(arguments: [
        ("kobis/daily-20230818.json", "daily"), ("kobis/weekly-20230813-weekGb=0.json", "weekly"), ("kobis/movie-20218541.json", "movie"),
        ("kobis/movielist-movieNm=밀수.json", "search"), ("kakao/image-search-query=밀수-size=10.json", "images"),
    ])
    func unharmedFixturesDecodeAndRender(_ path: String, _ query: String) async throws {
        let outcomes = await Self.exercise(try TestFiles.fixture(path))
        #expect(outcomes[query] == .rendered, "\(outcomes)")
        #expect(Self.unexpected(outcomes).isEmpty, "\(outcomes)")
    }

    @Test func mutatedFixturesThrowOurErrorsOrDecode() async {
        #expect(Self.allFixtures.count > 20, "the fixtures were found")
        var generator = SplitMix64(seed: 20_230_818)
        var rendered = 0
        var failed = 0
        for file in Self.allFixtures {
            guard let original = try? Data(contentsOf: file) else {
                Issue.record("unreadable fixture \(file.path)")
                continue
            }
            for round in 0..<6 {
                let mutated = Self.mutate(original, using: &generator)
                let outcomes = await Self.exercise(mutated, round: round)
                rendered += outcomes.values.filter { $0 == .rendered }.count
                failed += outcomes.values.filter { $0 == .failed }.count
                let unexpected = Self.unexpected(outcomes)
                #expect(unexpected.isEmpty, "\(file.lastPathComponent) round \(round): \(unexpected)")
            }
        }
        // Some damage is harmless (a changed digit), most is not: both paths must have been taken.
        #expect(rendered > 0, "mutations should sometimes still decode; rendered \(rendered)")
        #expect(failed > 100, "mutations should usually fail; failed \(failed)")
    }

    @Test func randomBytesThrowOurErrors() async {
        var generator = SplitMix64(seed: 42)
        for round in 0..<40 {
            let count = Int.random(in: 0...512, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Half the rounds look like JSON at first glance, so the decoder gets past the first byte.
            if round.isMultiple(of: 2) { bytes = Array(#"{"boxOfficeResult":{"#.utf8) + bytes }
            let status = [200, 200, 200, 400, 401, 429, 500].randomElement(using: &generator) ?? 200
            let unexpected = Self.unexpected(await Self.exercise(Data(bytes), status: status, round: round))
            #expect(unexpected.isEmpty, "round \(round): \(unexpected)")
        }
    }

    /// Reads as `Int.min`, whose negation in `RankChange(intensity:isNew:)` traps.
    static let rankIntensityThatTraps = "-9223372036854775809"

    /// A `rankInten` of `Int.min` once trapped when `RankChange.init` negated it (fixed in b0e5573).
    @Test
    func aRankChangeOfIntMinNeverTraps() async {
        let body =
            #"{"boxOfficeResult":{"showRange":"20230818~20230818","dailyBoxOfficeList":[{"rank":"1","rankInten":"#
            + "\"\(Self.rankIntensityThatTraps)\""
            + #","rankOldAndNew":"OLD","movieCd":"1","movieNm":"x"}]}}"#
        let outcomes = await Self.exercise(Data(body.utf8))
        #expect(Self.unexpected(outcomes).isEmpty, "\(outcomes)")
    }

    /// One field at a time set to a value at the edge of what `Double`, `Int64` and `Int` hold.
    @Test func hugeTinyAndOddNumbersNeverTrap() async throws {
        let sane: [(String, String)] = [
            ("rank", "1"), ("rankInten", "0"), ("rankOldAndNew", "OLD"), ("movieCd", "1"), ("movieNm", "x"), ("openDt", ""),
            ("salesAmt", "1"), ("salesShare", "1"), ("salesInten", "1"), ("salesChange", "1"), ("salesAcc", "1"),
            ("audiCnt", "1"), ("audiInten", "1"), ("audiChange", "1"), ("audiAcc", "1"), ("scrnCnt", "1"), ("showCnt", "1"),
        ]
        let oddValues = [
            "99999999999999999999", "9223372036854775808", "-9223372036854775809", "2147483648", "1e400", "-1e308", "1e-300",
            "4.9e-324", "1.7976931348623157e308", "NaN", "inf", "-0", "1.5", "0x10", " 7 ", "１２", "",
        ]
        var rendered = 0
        for (index, (field, _)) in sane.enumerated() {
            for value in oddValues {
                var fields = sane
                fields[index].1 = value
                let entry = "{" + fields.map { #""\#($0.0)":"\#($0.1)""# }.joined(separator: ",") + "}"
                let body = #"{"boxOfficeResult":{"showRange":"20230818~20230818","dailyBoxOfficeList":["# + entry + "]}}"
                let outcomes = await Self.exercise(Data(body.utf8))
                #expect(Self.unexpected(outcomes).isEmpty, "\(field)=\(value): \(outcomes)")
                if outcomes["daily"] == .rendered { rendered += 1 }
            }
        }
        #expect(rendered > sane.count * 3, "many odd values are legal and must render; rendered \(rendered)")
    }
}
