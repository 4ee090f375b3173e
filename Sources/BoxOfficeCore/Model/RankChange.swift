/// How a movie's rank moved against the previous chart.
public enum RankChange: Sendable, Hashable {
    /// Climbed this many places.
    case up(Int)
    /// Fell this many places.
    case down(Int)
    /// Held its place.
    case same
    /// Entered the chart.
    case new

    /// Builds the change from KOBIS's `rankInten` and whether `rankOldAndNew` said `NEW`.
    public init(intensity: Int, isNew: Bool) {
        if isNew {
            self = .new
        } else if intensity > 0 {
            self = .up(intensity)
        } else if intensity < 0 {
            // Int.min has no positive twin; a change that large is clamped rather than trapping.
            self = .down(Int(clamping: intensity.magnitude))
        } else {
            self = .same
        }
    }

    /// The marker a table shows: `▲3`, `▼2`, `-` or `NEW`.
    public var marker: String {
        switch self {
        case .up(let places): "▲\(places)"
        case .down(let places): "▼\(places)"
        case .same: "-"
        case .new: "NEW"
        }
    }
}
