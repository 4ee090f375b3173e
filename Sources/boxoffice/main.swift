import BoxOfficeCore
import Foundation

// The edge of the program: arguments and environment in; stdout, stderr and an exit code out.
Terminal.installSignalHandlers(stderrIsTerminal: Terminal.isTerminal(STDERR_FILENO))
let context = ProcessContext.current()
let status = await BoxOffice.main(Array(CommandLine.arguments.dropFirst()), context: context)
exit(status.rawValue)
