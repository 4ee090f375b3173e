@testable import BoxOfficeCore
@testable import BoxOfficeApp
@testable import boxoffice
import Foundation
import Synchronization
import Testing

/// Pages of a list and days of a range advance the same progress line, wherever it goes (a
/// terminal's stderr, an MCP client's progress notifications).
struct ProgressLineTests {
    /// A loader no request may reach: the pages here come from the test.
    struct NoNetwork: HTTPDataLoading {
        func data(for request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            Issue.record("a request was sent: \(request.url)")
            throw CancellationError()
        }
    }

    @Test func everyPageOfAListAdvancesTheProgressLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = ProcessContext(
            variables: ["HOME": folder.path], now: Date(), stdoutIsTerminal: false, stderrIsTerminal: false, readStandardInput: { _ in Data() },
            log: { _ in })
        let paths = Paths(context)
        var state = CommandState(
            context: context, quota: QuotaLedger(file: paths.quotaFile), paths: paths, keys: KeyRing(KeyStore(context: context, paths: paths)),
            network: Network { _, _ in NoNetwork() })
        let steps = Mutex<[[Int]]>([])
        state.progressNotifier = { done, total in steps.withLock { $0.append([done, total]) } }
        let people = try #require(
            try CommandCatalog.command(for: try CommandLineParser.parse(["people", "사람", "--all"]), today: context.today) as? PeopleCommand)
        let client = BoxOfficeClient(configuration: ClientConfiguration(kobisKey: "0123456789abcdef"), loader: NoNetwork())
        let total = 250
        let result = try await people.list.fetch(in: state, client: client) { page, size in
            let (page, size) = (page ?? 1, size ?? total)
            return (Array((page - 1) * size..<min(page * size, total)), total)
        }
        #expect(result.items == Array(0..<total))
        // The pages arrive in any order; the line counts them as they come.
        #expect(steps.withLock { $0 }.sorted { $0[0] < $1[0] } == [[1, 3], [2, 3], [3, 3]])
    }
}
