/// A run of numbers drawn small, scaled between their own least and greatest; a nil is a gap.
package enum Sparkline {
    private static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// `▁▃▅ ▇`: one bar a value, `gap` (a space) for a missing one.
    package static func text(_ values: [Int64?], gap: Character = " ") -> String {
        String(levels(values, steps: bars.count).map { $0.map { bars[$0] } ?? gap })
    }

    /// Each value's step from 0 to `steps - 1`, nil for a gap.
    static func levels(_ values: [Int64?], steps: Int) -> [Int?] {
        let present = values.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return values.map { _ in nil } }
        // In doubles: the difference of two 64-bit figures may not fit in 64 bits.
        let span = Double(high) - Double(low)
        return values.map { value in
            value.map { span == 0 ? steps / 2 : Int(((Double($0) - Double(low)) / span * Double(steps - 1)).rounded()) }
        }
    }

    /// An inline SVG: a line a run of values, a dot for a value alone between gaps.
    package static func svg(_ values: [Int64?], width: Int = 96, height: Int = 24) -> String {
        let steps = 100
        let levels = levels(values, steps: steps + 1)
        let stepX = values.count > 1 ? Double(width - 4) / Double(values.count - 1) : 0
        func point(_ index: Int, _ level: Int) -> String {
            let x = 2 + Double(index) * stepX
            let y = Double(height - 2) - Double(level) / Double(steps) * Double(height - 4)
            return "\(NumberText.oneDecimal(x)),\(NumberText.oneDecimal(y))"
        }
        var runs: [[String]] = []
        var current: [String] = []
        for (index, level) in levels.enumerated() {
            if let level { current.append(point(index, level)) } else if !current.isEmpty { runs.append(current); current = [] }
        }
        if !current.isEmpty { runs.append(current) }
        let shapes = runs.map { run in
            run.count == 1
                ? "<circle cx=\"\(run[0].split(separator: ",")[0])\" cy=\"\(run[0].split(separator: ",")[1])\" r=\"2\"/>"
                : "<polyline points=\"\(run.joined(separator: " "))\"/>"
        }.joined()
        return "<svg class=\"spark\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"trend\">\(shapes)</svg>"
    }
}
