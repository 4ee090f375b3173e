import BoxOfficeApp

/// The words on the command line, sorted into a command, its options and its arguments.
struct Invocation: Sendable {
    /// The commands named, from `boxoffice` down.
    var path: [CommandSpec]
    /// Every value given for each option, by long name, in order: the last counts, unless the
    /// option may repeat.
    var values: [String: [String]] = [:]
    /// Flags given, by long name.
    var flags: Set<String> = []
    /// Positional arguments.
    var positionals: [String] = []

    var command: CommandSpec { path.last ?? CommandCatalog.root }
    var wantsHelp: Bool { flags.contains(OptionSpec.help.name) }
}

extension Invocation: ArgumentSource {
    var caller: Caller { .shell }

    var commandPath: [String] { path.dropFirst().map(\.name) }

    func values(of option: OptionName) -> [GivenValue] {
        if flags.contains(option.rawValue) { return [.present] }
        return (values[option.rawValue] ?? []).map(GivenValue.word)
    }

    func argument(at index: Int) -> GivenValue? {
        positionals.indices.contains(index) ? .word(positionals[index]) : nil
    }
}
