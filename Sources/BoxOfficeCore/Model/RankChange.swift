/// How a movie's rank moved against the previous chart. It encodes as the signed number of places
/// (`3`, `-2`, `0`), as charts' `rankChange` and CSV's `rank_change` write it, or `"new"`.
public enum RankChange: Sendable, Hashable, Codable {
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

    /// The signed number of places, or `"new"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .up(let places): try container.encode(places)
        case .down(let places): try container.encode(-Int(clamping: places.magnitude))
        case .same: try container.encode(0)
        case .new: try container.encode("new")
        }
    }

    /// Reads the signed number of places or `"new"` back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let places = try? container.decode(Int.self) {
            self.init(intensity: places, isNew: false)
        } else if try container.decode(String.self) == "new" {
            self = .new
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a rank change is a number of places or \"new\"")
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
