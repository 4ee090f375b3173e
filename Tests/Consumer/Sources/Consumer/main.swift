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
} else {
    print("no chart")
    exit(1)
}
