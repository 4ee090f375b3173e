/// The words on the command line, sorted into a command, its options and its arguments.
struct Invocation: Sendable {
    /// The commands named, from `boxoffice` down.
    var path: [CommandSpec]
    /// Option values by long name; the last one given wins.
    var values: [String: String] = [:]
    /// Every value given for each option, in order, for options that may repeat.
    var allValues: [String: [String]] = [:]
    /// Flags given, by long name.
    var flags: Set<String> = []
    /// Positional arguments.
    var positionals: [String] = []

    var command: CommandSpec { path.last ?? CommandCatalog.root }
    var wantsHelp: Bool { flags.contains(OptionSpec.help.name) }
}
