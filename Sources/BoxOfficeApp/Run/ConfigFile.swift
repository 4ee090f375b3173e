import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The config file's text: `name = value` lines and whole-line `#` comments, with LF or CRLF
/// line ends and an optional UTF-8 byte-order mark. Setting a value rewrites that one line and
/// keeps every other byte as it was.
package struct ConfigFile: Sendable {
    /// One line without its ending, the ending itself, and the setting it holds, if any.
    private struct Line: Sendable {
        var text: Substring
        var ending: String
        var name: String?
    }

    private var byteOrderMark: Bool
    private var lines: [Line]
    /// The values by setting name; an empty value counts as not set.
    package private(set) var values: [String: String] = [:]

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Parses a file's bytes; `names` are the settings it may hold.
    package init(_ data: Data, names: Set<String>) throws(ConfigFileError) {
        var bytes = [UInt8](data)[...]
        byteOrderMark = bytes.starts(with: Self.bom)
        if byteOrderMark { bytes = bytes.dropFirst(Self.bom.count) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ConfigFileError(line: nil, problem: "it is not UTF-8 text") }
        lines = []
        // Split on LF bytes: in Swift "\r\n" is one Character, so splitting Characters on "\n" never splits CRLF.
        var rest = Substring(text).utf8
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            var content = rest[..<(newline ?? rest.endIndex)]
            var ending = newline == nil ? "" : "\n"
            if content.last == UInt8(ascii: "\r") {
                content = content.dropLast()
                ending = "\r" + ending
            }
            lines.append(Line(text: Substring(content), ending: ending, name: nil))
            rest = newline.map { rest[rest.index(after: $0)...] } ?? rest[rest.endIndex...]
        }
        for index in lines.indices {
            guard let (name, value) = try Self.setting(in: lines[index].text, lineNumber: index + 1, names: names) else { continue }
            lines[index].name = name
            values[name] = value.isEmpty ? nil : value
        }
    }

    /// An empty file.
    package init() {
        byteOrderMark = false
        lines = []
    }

    /// The file's bytes with `name` set to `value`: its line rewritten in place, or a new line added.
    package func setting(_ name: String, to value: String) -> Data {
        var lines = self.lines
        let newLine = Substring("\(name) = \(value)")
        if let index = lines.firstIndex(where: { $0.name == name }) {
            lines[index].text = newLine
            lines.removeAll { $0.name == name && $0.text != newLine }
        } else {
            let ending = lines.first?.ending.isEmpty == false ? lines[0].ending : "\n"
            if let last = lines.indices.last, lines[last].ending.isEmpty { lines[last].ending = ending }
            lines.append(Line(text: newLine, ending: ending, name: name))
        }
        var data = Data(byteOrderMark ? Self.bom : [])
        for line in lines {
            data.append(contentsOf: line.text.utf8)
            data.append(contentsOf: line.ending.utf8)
        }
        return data
    }

    /// The file's bytes without `name`'s line; every other byte kept.
    package func removing(_ name: String) -> Data {
        var data = Data(byteOrderMark ? Self.bom : [])
        for line in lines where line.name != name {
            data.append(contentsOf: line.text.utf8)
            data.append(contentsOf: line.ending.utf8)
        }
        return data
    }

    /// The name and value on a line, nil for a blank or comment line.
    private static func setting(in line: Substring, lineNumber: Int, names: Set<String>) throws(ConfigFileError) -> (String, String)? {
        let text = line.trimmingBlanks
        if text.isEmpty || text.hasPrefix("#") { return nil }
        guard let equals = text.firstIndex(of: "=") else {
            throw ConfigFileError(line: lineNumber, problem: "it is not 'name = value'")
        }
        let name = String(text[..<equals].trimmingBlanks)
        guard names.contains(name) else {
            throw ConfigFileError(
                line: lineNumber, problem: "'\(TerminalText.sanitize(name))' is not a setting; use \(names.sorted().joined(separator: " or "))")
        }
        var value = text[text.index(after: equals)...].trimmingBlanks
        for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
            value = value.dropFirst().dropLast()
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            throw ConfigFileError(line: lineNumber, problem: "the value of \(name) contains whitespace or control characters")
        }
        return (name, String(value))
    }
}

private extension Substring {
    /// Without the spaces and tabs around it.
    var trimmingBlanks: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}

/// A config file that cannot be read as settings; the line is 1-based.
package struct ConfigFileError: Error, Sendable, Equatable {
    /// The line at fault, or nil for the whole file.
    package let line: Int?
    /// What is wrong, as a clause.
    package let problem: String
}
