import BoxOfficeCore

/// A problem with the local set-up rather than with a service.
struct ConfigurationError: ReportableError, CustomStringConvertible {
    let description: String
    /// A local write that failed (exit 70) rather than a setting to fix (exit 78).
    var isInternal = false

    var message: String { description }
    var exitCode: ExitCode { isInternal ? .internalError : .configuration }
}

/// The one line a person reads for an error, and its exit code; never a URL, a body or a stack trace.
enum ErrorText {
    static func message(for error: any Error) -> String {
        (error as? any ReportableError)?.message ?? "Internal error (\(type(of: error))). Please report it."
    }

    static func exitCode(for error: any Error) -> ExitCode {
        (error as? any ReportableError)?.exitCode ?? .internalError
    }
}
