import BoxOfficeCore

/// A mistake in the arguments: exit 64 with the usage line. Its words are put together when they
/// are read, in the language the run speaks by then: the command line is parsed before it knows
/// the language its `--lang` asks for.
package struct UsageError: ReportableError, Equatable {
    private let words: @Sendable () -> String
    /// The command whose usage to show.
    package let commandPath: [String]

    package init(_ message: @autoclosure @escaping @Sendable () -> String, commandPath: [String] = []) {
        words = message
        self.commandPath = commandPath
    }

    package var message: String { words() }

    package static func == (left: UsageError, right: UsageError) -> Bool {
        left.message == right.message && left.commandPath == right.commandPath
    }
}
