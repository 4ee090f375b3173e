import BoxOfficeCore
@testable import BoxOfficeApp
import Testing

/// `config show` at a narrow terminal: the masked key gives way, then the source is cut.
struct ConfigOutputTests {
    static let output = ConfigOutput(
        configFile: "/home/someone/.config/boxoffice/config",
        keys: [
            .kobis: KeyStore.Key(value: "0123456789abcdef0123456789abcdef", source: .environment(variable: "KOBIS_API_KEY")),
            .kakao: KeyStore.Key(value: "fedcba9876543210fedcba9876543210", source: .file(path: "/home/someone/.config/boxoffice/config")),
        ])

    /// The table alone, without the heading (prose the terminal may wrap).
    static func table(width: Int) -> [String] {
        let text = DocumentWriter.write(output, format: .table, style: RenderStyle(terminalWidth: width))
        return text.split(separator: "\n").dropFirst().map(String.init)
    }

    @Test func theKeyGivesWayThenTheSourceIsCutAndRowsFit() {
        var shown: [[String]] = []
        for width in stride(from: 200, through: 20, by: -1) {
            let lines = Self.table(width: width)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width):\n\(lines.joined(separator: "\n"))")
            let header = lines.first?.split(separator: " ", omittingEmptySubsequences: true).map(String.init) ?? []
            if shown.last != header { shown.append(header) }
        }
        #expect(shown == [["Service", "Key", "Source"], ["Service", "Source"]], "\(shown)")
        #expect(Self.table(width: 200).contains { $0.contains("config file (/home/someone/.config/boxoffice/config)") })
        #expect(Self.table(width: 20).contains { $0.hasPrefix("kakao    config fil…") }, "\(Self.table(width: 20))")
    }
}
