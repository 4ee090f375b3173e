import BoxOfficeCore
/// A run of numbers drawn small, each bar from zero up to the run's greatest, so that a small
/// change looks small (a 3 % dip is a step, not a fall to the floor); a nil is a gap.
package enum Sparkline {
    private static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// How the scale reads, for a note beside the bars.
    package static var scale: String {
        bilingual("Each trend runs from zero to the movie's best day.", "추이는 0부터 영화마다 관객이 가장 많았던 날까지로 그립니다.")
    }

    /// `▁▃▅ ▇`: one bar a value, `gap` (a space) for a missing one.
    package static func text(_ values: [Int64?], gap: Character = " ") -> String {
        String(levels(values, steps: bars.count).map { $0.map { bars[$0] } ?? gap })
    }

    /// Each value's step from 0 (zero) to `steps - 1` (the greatest), nil for a gap.
    static func levels(_ values: [Int64?], steps: Int) -> [Int?] {
        let high = values.compactMap { $0 }.max() ?? 0
        // In doubles: products of 64-bit figures may not fit in 64 bits.
        return values.map { value in
            value.map { high <= 0 ? 0 : Int((Double(max($0, 0)) / Double(high) * Double(steps - 1)).rounded()) }
        }
    }

    /// What the bars say, for a screen reader: `Audience a day: 1,200, 900, not in the top 10, 1,000`.
    package static func label(_ values: [Int64?]) -> String {
        bilingual("Audience a day: ", "일별 관객수: ")
            + values.map { $0.map(NumberText.grouped) ?? bilingual("not in the top 10", "10위 밖") }.joined(separator: ", ")
    }

    /// An inline SVG: a line a run of values, a dot for a value alone between gaps. Its stroke
    /// and fill are on the elements, so it draws the same where a `<style>` is dropped.
    package static func svg(_ values: [Int64?], width: Int = 96, height: Int = 24, color: String = "#c2410c") -> String {
        let steps = 100
        let levels = levels(values, steps: steps + 1)
        let stepX = values.count > 1 ? Double(width - 4) / Double(values.count - 1) : 0
        func point(_ index: Int, _ level: Int) -> (x: String, y: String) {
            let x = 2 + Double(index) * stepX
            let y = Double(height - 2) - Double(level) / Double(steps) * Double(height - 4)
            return (NumberText.oneDecimal(x), NumberText.oneDecimal(y))
        }
        var runs: [[(x: String, y: String)]] = []
        var current: [(x: String, y: String)] = []
        for (index, level) in levels.enumerated() {
            if let level { current.append(point(index, level)) } else if !current.isEmpty { runs.append(current); current = [] }
        }
        if !current.isEmpty { runs.append(current) }
        let shapes = runs.map { run in
            run.count == 1
                ? "<circle cx=\"\(run[0].x)\" cy=\"\(run[0].y)\" r=\"2\" fill=\"\(color)\"/>"
                : "<polyline points=\"\(run.map { "\($0.x),\($0.y)" }.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>"
        }.joined()
        return
            "<svg class=\"spark\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"\(HTMLWriter.escape(label(values)))\">\(shapes)</svg>"
    }
}
