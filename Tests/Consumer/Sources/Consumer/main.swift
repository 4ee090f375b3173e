import BoxOfficeArchive
import BoxOfficeCore
import Foundation

// Decodes a recorded chart through the README's stub loader and prints its top line, so the
// test sees the library work from outside as well as compile.
guard let path = CommandLine.arguments.dropFirst().first else {
    print("usage: Consumer <recorded daily chart>")
    exit(64)
}
let body = try Data(contentsOf: URL(fileURLWithPath: path))
if let chart = try await chartFromRecording(body), let first = chart.entries.first {
    print("\(chart.startDate.iso) #\(first.rank) \(first.title) \(first.audience ?? 0)")
    // The chart kept in an archive of the app's own, and asked for back.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString).sqlite3").path
    let archive = try BoxOfficeArchive(path: file)
    try archive.store(chart, settled: true, fetchedAt: Date())
    let top = try archive.top(.days(from: chart.startDate, to: chart.startDate), limit: 1)
    print("archived: \(top.first?.title ?? "-") \(top.first?.total ?? 0)")
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    // The recording's folder is a fixtures folder: what an app meets, replayed from it.
    let fixtures = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
    for line in try await AppChecks.run(fixtures: fixtures) { print(line) }
} else {
    print("no chart")
    exit(1)
}
