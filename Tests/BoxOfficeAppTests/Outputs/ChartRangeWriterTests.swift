@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

/// A range written a chart at a time is, byte for byte, what the whole range gives.
struct ChartRangeWriterTests {
    /// Three days, the middle one missing (`--keep-going`), or one day alone.
    static func parts(missingFirst: Bool = false) throws -> [ChartsOutput.Part] {
        let query = ChartQuery(kind: .daily, dates: [])
        let missing = ChartsOutput.Part.missing(
            (
                MissingChart(query: query, date: try ChartsOutputTests.day(2023, 8, 17), error: BoxOfficeError.timedOut(.kobis, seconds: 15)),
                "It timed out."
            ))
        let days = try [
            ChartsOutputTests.daily(on: ChartsOutputTests.day(2023, 8, 16)), ChartsOutputTests.daily(on: ChartsOutputTests.day(2023, 8, 18)),
        ]
        return missingFirst ? [missing, .chart(days[1])] : [.chart(days[0]), missing, .chart(days[1])]
    }

    /// The text the writer hands on, and in how many pieces.
    static func written(_ parts: [ChartsOutput.Part], format: OutputFormat, fields: [String]?, asRange: Bool) -> (text: String, pieces: [Int]) {
        var writer = ChartRangeWriter(format: format, fields: fields, asRange: asRange, withPosters: false)
        var text = ""
        var pieces: [Int] = []
        for part in parts {
            var count = 0
            writer.write(part) {
                text += $0
                count += 1
            }
            pieces.append(count)
        }
        writer.finish { text += $0 }
        return (text, pieces)
    }

    @Test(arguments: OutputFormat.allCases)
    func eachFormatIsWhatTheWholeRangeGives(_ format: OutputFormat) throws {
        for parts in try [Self.parts(), Self.parts(missingFirst: true), [Self.parts()[0]], []] {
            for fields in [nil, ["rank", "title"], ["title", "startDate"]] {
                let whole = DocumentWriter.write(ChartsOutput(parts: parts, asRange: true), format: format, fields: fields)
                #expect(Self.written(parts, format: format, fields: fields, asRange: true).text == whole, "\(format) \(String(describing: fields))")
            }
        }
        let one = try [Self.parts()[0]]
        #expect(Self.written(one, format: format, fields: nil, asRange: false).text == DocumentWriter.write(ChartsOutput(parts: one), format: format))
    }

    @Test func rowShapedFormatsAndJSONAreHandedOnAsEachChartComes() throws {
        let parts = try Self.parts()
        for format in [OutputFormat.csv, .tsv, .jsonl, .json] {
            #expect(Self.written(parts, format: format, fields: nil, asRange: true).pieces[0] > 0, "\(format)")
        }
        // CSV: the header and four rows, then nothing for the missing day, then four rows.
        #expect(Self.written(parts, format: .csv, fields: nil, asRange: true).pieces == [5, 0, 4])
        // The formats for people lay the range out whole, at the end.
        #expect(Self.written(parts, format: .table, fields: nil, asRange: true).pieces == [0, 0, 0])
    }
}
