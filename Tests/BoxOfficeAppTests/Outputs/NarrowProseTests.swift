import Testing

@testable import BoxOfficeCore
@testable import BoxOfficeApp

/// What is not a table at a narrow terminal: cards and remarks wrap inside the width too.
struct NarrowProseTests {
    static let card = Document([
        Document.Section([
            .card([
                ("English title", "Smugglers"), ("Directors", "류승완 (RYOO Seung-wan)"),
                ("Cast", "김혜수 (KIM Hye-soo) as 조춘자, 염정아 (YUM Jung-ah) as 엄진숙, 조인성 (ZO In-sung) as 권상사"),
            ]),
            .note("Missing: 2023-08-03, KOBIS answered HTTP 500 three times. Try again later; the days fetched are cached."),
        ])
    ])

    @Test(arguments: [20, 27, 34, 40, 60, 80])
    func everyLineFitsTheTerminal(_ width: Int) {
        let text = TerminalWriter(style: RenderStyle(terminalWidth: width)).write(Self.card)
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)")
        }
        let joined = text.split(separator: "\n").joined(separator: " ")
        #expect(joined.contains("Smugglers") && joined.contains("조춘자") && joined.contains("HTTP 500 three times"))
    }

    @Test func aCardWithRoomKeepsItsValuesBesideTheirLabels() {
        let text = TerminalWriter(style: RenderStyle(terminalWidth: 80)).write(Self.card)
        #expect(text.hasPrefix("English title  Smugglers\n"), "\(text)")
        let narrow = TerminalWriter(style: RenderStyle(terminalWidth: 30)).write(Self.card)
        #expect(narrow.hasPrefix("English title\n  Smugglers\n"), "\(narrow)")
    }
}
