@testable import BoxOfficeCore
import Foundation

extension TestFiles {
    /// A fixture read as the API's answer.
    package static func decoded<Response: Decodable>(_ path: String, as type: Response.Type) throws -> Response {
        try JSONDecoder().decode(type, from: fixture(path))
    }

    /// A chart fixture read as the library reads it.
    package static func chart(_ path: String, kind: ChartKind, filter: ChartFilter = ChartFilter()) throws -> BoxOfficeChart {
        try BoxOfficeChart(decoded(path, as: BoxOfficeResponse.self), kind: kind, requested: "test", filter: filter)
    }
}
