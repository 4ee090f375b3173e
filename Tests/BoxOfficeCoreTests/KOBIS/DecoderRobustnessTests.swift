import BoxOfficeCore
import Foundation
import Testing

/// Random and mutated bytes fed through every decoding path: each either yields a value or throws
/// a `BoxOfficeError`; none crashes. Seeded, so a failure names a reproducible case.
struct DecoderRobustnessTests {
    /// SplitMix64: small, fast and the same on every platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let fixtures: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { ["json", "html"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }()

    static func mutate(_ data: Data, using generator: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return Data([0xFF]) }
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let index = Int.random(in: 0..<max(bytes.count, 1), using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where index < bytes.count: bytes[index] ^= UInt8.random(in: 1...255, using: &generator)
            case 1: bytes = Array(bytes.prefix(index))
            case 2 where index < bytes.count:
                let end = min(bytes.count, index + Int.random(in: 1...64, using: &generator))
                bytes.removeSubrange(index..<end)
            case 3 where index < bytes.count:
                let end = min(bytes.count, index + Int.random(in: 1...64, using: &generator))
                bytes.insert(contentsOf: bytes[index..<end], at: index)
            case 4: bytes.insert(contentsOf: [[0x22], [0x7D], [0xFF], [0xC3], [0x5B, 0x5D]].randomElement(using: &generator) ?? [0xFF], at: min(index, bytes.count))
            case 5:
                for position in bytes.indices where (0x30...0x39).contains(bytes[position]) && Bool.random(using: &generator) {
                    bytes[position] = UInt8.random(in: 0x61...0x7A, using: &generator)
                }
            default: bytes.append(contentsOf: [UInt8](repeating: 0x7B, count: 3))
            }
        }
        return Data(bytes)
    }

    /// Every query the client offers, each answered with `body`.
    static func exercise(_ body: Data, status: Int = 200) async -> [String] {
        var unexpected: [String] = []
        let date = KSTDate(year: 2023, month: 8, day: 18) ?? KSTDate.today(at: Date())
        let queries: [(String, @Sendable (BoxOfficeClient) async throws -> Void)] = [
            ("daily", { _ = try await $0.dailyChart(on: date) }),
            ("weekly", { _ = try await $0.weeklyChart(containing: date, period: .weekend) }),
            ("movie", { _ = try await $0.movie(code: "20218541") }),
            ("search", { _ = try await $0.searchMovies(MovieSearchQuery(title: "밀수")) }),
            ("images", { _ = try await $0.searchImages(ImageSearchQuery(text: "밀수")) }),
        ]
        for (name, query) in queries {
            let client = BoxOfficeClient.testing(StubLoader(body: body, status: status))
            do {
                try await query(client)
            } catch is BoxOfficeError {
                continue
            } catch {
                unexpected.append("\(name): \(type(of: error))")
            }
        }
        return unexpected
    }

    @Test func mutatedFixturesThrowOurErrorsOrDecode() async {
        #expect(Self.fixtures.count > 20, "the fixtures were found")
        var generator = SeededGenerator(state: 20_230_818)
        for file in Self.fixtures {
            guard let original = try? Data(contentsOf: file) else { continue }
            for round in 0..<6 {
                let mutated = Self.mutate(original, using: &generator)
                let unexpected = await Self.exercise(mutated)
                #expect(unexpected.isEmpty, "\(file.lastPathComponent) round \(round): \(unexpected)")
            }
        }
    }

    @Test func randomBytesThrowOurErrors() async {
        var generator = SeededGenerator(state: 42)
        for round in 0..<40 {
            let count = Int.random(in: 0...512, using: &generator)
            let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let status = [200, 200, 400, 401, 429, 500].randomElement(using: &generator) ?? 200
            let unexpected = await Self.exercise(bytes, status: status)
            #expect(unexpected.isEmpty, "round \(round): \(unexpected)")
        }
    }

    @Test func hugeAndOddNumbersNeverTrap() async throws {
        let body = #"{"boxOfficeResult":{"showRange":"20230818~20230818","dailyBoxOfficeList":[{"rank":"1","rankInten":"99999999999999999999","rankOldAndNew":"OLD","movieCd":"1","movieNm":"x","openDt":"","salesAmt":"1e400","salesShare":"1e20","salesInten":"-1e308","salesChange":"NaN","salesAcc":"9223372036854775808","audiCnt":"-0","audiInten":"1.5","audiChange":"inf","audiAcc":"12","scrnCnt":"2147483648","showCnt":"1"}]}}"#
        let client = BoxOfficeClient.testing(StubLoader(body: Data(body.utf8)))
        do {
            let chart = try await client.dailyChart(on: KSTDate(year: 2023, month: 8, day: 18) ?? KSTDate.today(at: Date()))
            let rendered = ChartRenderer.render([chart], format: .table) + ChartRenderer.render([chart], format: .csv) + ChartRenderer.render([chart], format: .json)
            #expect(!rendered.isEmpty)
        } catch let error as BoxOfficeError {
            #expect(!error.description.isEmpty)
        }
    }
}
