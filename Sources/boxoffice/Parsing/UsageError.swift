import BoxOfficeCore

/// A mistake in the arguments: exit 64 with the usage line.
struct UsageError: ReportableError, Equatable {
    let message: String
    /// The command whose usage to show.
    let commandPath: [String]

    init(_ message: String, commandPath: [String] = []) {
        self.message = message
        self.commandPath = commandPath
    }
}
