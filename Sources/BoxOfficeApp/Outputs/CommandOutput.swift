import BoxOfficeCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a command's run gives back, before anything is written: the command line writes it in the
/// format asked (`CommandState.write`), a tool call encodes its JSON once. Nothing is printed and
/// read back on the way.
package enum CommandOutput: Sendable {
    /// Data a writer lays out in the format asked; a tool answers with its JSON.
    case data(any Presentable, Layout)
    /// Text for people: help, a path, a completion script.
    case text(String)
    /// Bytes as they came: an image.
    case bytes(Data)

    /// Nothing on stdout.
    package static let empty = CommandOutput.text("")

    /// How the command line asked for data to be written.
    package struct Layout: Sendable {
        var format: OutputFormat
        var color: ColorChoice
        /// `--fields`: the columns to write, by their JSON names; nil for all.
        var fields: [String]?
        /// `--format email`: who it goes to and from.
        var envelope = MailEnvelope()
    }

    /// Data as the network options ask for it.
    static func data(_ output: some Presentable, _ options: NetworkOptions, envelope: MailEnvelope = MailEnvelope()) -> CommandOutput {
        .data(output, Layout(format: options.format, color: options.color, fields: options.fields, envelope: envelope))
    }

    /// Data of a command that calls no API: a format and colours.
    static func data(_ output: some Presentable, format: OutputFormat, color: ColorChoice) -> CommandOutput {
        .data(output, Layout(format: format, color: color))
    }
}
