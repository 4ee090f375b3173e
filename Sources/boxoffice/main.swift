import BoxOfficeCore
import Foundation
import LoaderTables

// The edge of the program: arguments and environment in; stdout, stderr and an exit code out.
loader_tables_release()
// A closed pipe (`| head`) is reported by the write that meets it instead of killing the process.
signal(SIGPIPE, SIG_IGN)
let context = ProcessContext.current()
let status = await BoxOffice.main(Array(CommandLine.arguments.dropFirst()), context: context)
exit(status.rawValue)
