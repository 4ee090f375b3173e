import BoxOfficeCore
import Foundation

/// Parse, then validate, then run; print the result or one line of error.
enum BoxOffice {
    static func main(_ arguments: [String], context: ProcessContext) async -> ExitCode {
        let output: String
        do {
            let invocation = try ArgumentParser.parse(arguments)
            let command = try Command(invocation, today: context.today)
            output = try await Runner(context: context).run(command)
        } catch let error as UsageError {
            context.log("Error: \(error.message)")
            context.log("Usage: \(HelpFormatter.usage(forPath: error.commandPath))")
            context.log("  See 'boxoffice \((error.commandPath + ["--help"]).joined(separator: " "))' for more.")
            return .usage
        } catch {
            context.log("Error: \(ErrorText.message(for: error))")
            return ExitCode(for: error)
        }
        if !Terminal.write(output, to: STDOUT_FILENO) {
            // The reader went away (`| head`): nothing more to say, and nothing went wrong.
            return .success
        }
        return .success
    }
}
