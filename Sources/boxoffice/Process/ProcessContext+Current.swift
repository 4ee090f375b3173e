import BoxOfficeApp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProcessContext {
    /// The real process's surroundings.
    static func current() -> ProcessContext {
        streams(input: STDIN_FILENO, output: STDOUT_FILENO, error: STDERR_FILENO, variables: environmentVariables())
    }

    /// The environment, read from the C library's list: `ProcessInfo` builds far more on first use
    /// than the variables, at a cost larger than all the rest of a `--version` run.
    private static func environmentVariables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // Split at the first "=" byte: as characters, an "=" followed by a combining mark would
            // be one character with it, and the variable would go unseen.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: pointer.distance(to: equals)), as: UTF8.self)
                // The first of a repeated name wins, as it does for getenv.
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }
}
