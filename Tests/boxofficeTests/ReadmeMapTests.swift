import Foundation
import Testing

/// The README's map of the code is the tree: every folder it draws and every Swift file it names
/// is there, and every target of the package is on it.
struct ReadmeMapTests {
    @Test func everyFolderAndFileTheMapNamesExists() throws {
        let section = try Readme.section("How it is built")
        let root = BinaryRunner.repositoryRoot
        let map = try #require(section.components(separatedBy: "```\n").dropFirst().first)
        var target = ""
        var missing: [String] = []
        for line in map.split(separator: "\n") {
            let first = line.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            if line.hasPrefix("Sources/") {
                target = first
                if !FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path) { missing.append(target) }
            } else if line.hasPrefix("  "), !line.hasPrefix("   "), first.hasSuffix("/") {
                // `Commands/` or `KOBIS/ Kakao/`: each folder under the target above.
                for folder in line.split(separator: " ").prefix(while: { $0.hasSuffix("/") }) {
                    let path = target + folder
                    if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) { missing.append(path) }
                }
            } else if line.hasPrefix("  "), !line.hasPrefix("   "), first.hasSuffix(".swift") {
                if !FileManager.default.fileExists(atPath: root.appendingPathComponent(target + first).path) { missing.append(target + first) }
            }
        }
        // Every `…swift` file named in backquotes in the section, wherever it is in the tree.
        let sources = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)?.compactMap { $0 as? String } ?? []
        let names = Set(sources.map { ($0 as NSString).lastPathComponent })
        for match in section.matches(of: /`([^`\s]*?([A-Za-z+]+\.swift))`/) where !names.contains(String(match.output.2)) {
            missing.append(String(match.output.1))
        }
        #expect(missing.isEmpty, "the README's map names what is not there: \(missing)")
        let drawn = Set(map.split(separator: "\n").filter { $0.hasPrefix("Sources/") }.map { $0.split(separator: "/")[1] })
        let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
        #expect(
            Set(targets.map { Substring($0) }).subtracting(drawn).isEmpty,
            "targets missing from the map: \(Set(targets.map { Substring($0) }).subtracting(drawn))")
    }
}
