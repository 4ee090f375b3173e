/// An error that knows the one line a person reads. Every error that can reach the top of a
/// run conforms; anything else is a bug. Which exit code each ends the tool with is the tool's
/// business (`ErrorText.exitCode(for:)` in the executable), not the library's.
package protocol ReportableError: Error, Sendable {
    /// One line that says what happened and what to do; never a URL, a body or a key.
    var message: String { get }
}
