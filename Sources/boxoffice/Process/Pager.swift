import BoxOfficeApp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long output on a terminal through a pager, as git and gh do: `BOXOFFICE_PAGER`, else `PAGER`,
/// else `less -FRX` (which quits at once when the output fits the screen, keeps colours, and
/// leaves the text on the screen). Never when stdout is not a terminal, nor with `--no-pager`; an
/// empty pager or `cat` means none, and a pager that cannot be found is passed over.
struct Pager {
    /// The shell command that pages.
    let command: String
    let variables: [String: String]

    /// The pager this run's output goes through, if any.
    static func chosen(for context: ProcessContext, disabled: Bool) -> Pager? {
        guard context.stdoutIsTerminal, !disabled else { return nil }
        let command = context.variables["BOXOFFICE_PAGER"] ?? context.variables["PAGER"] ?? "less -FRX"
        let trimmed = command.trimmed
        guard !trimmed.isEmpty, trimmed != "cat", let program = trimmed.split(separator: " ").first,
            isExecutable(String(program), path: context.variables["PATH"] ?? "/usr/bin:/bin")
        else { return nil }
        return Pager(command: trimmed, variables: context.variables)
    }

    /// Whether `program` (a path, or a name on `path`) can be run.
    private static func isExecutable(_ program: String, path: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }

    /// Runs the pager on the terminal and hands `write` its input; returns once the reader is
    /// done. nil when it could not be started, so the caller writes to stdout itself.
    func run(writing write: (Int32) -> Terminal.WriteOutcome) -> Terminal.WriteOutcome? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        // As git: less keeps colours and quits when the text fits, unless the user set LESS.
        var environment = variables
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        if environment["LV"] == nil { environment["LV"] = "-c" }
        // boxoffice always writes UTF-8; less would take it as the locale's charset, and under C
        // (a container, cron, an SSH session) or a locale not installed show Hangul as <EC><BD>….
        if environment["LESSCHARSET"] == nil, environment["LESSCHARDEF"] == nil { environment["LESSCHARSET"] = "utf-8" }
        let arguments = ["/bin/sh", "-c", command]
        let pairs = environment.map { "\($0.key)=\($0.value)" }
        var process = pid_t()
        let spawned = withCStrings(arguments) { argv in
            withCStrings(pairs) { envp in posix_spawn(&process, "/bin/sh", &actions, nil, argv, envp) }
        }
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            return nil
        }
        // The output is whole by now: a Ctrl-C is the pager's to handle, not a reason to leave it.
        let (interrupt, quit) = (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN))
        let outcome = write(ends[1])
        close(ends[1])
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 && errno == EINTR {}
        _ = signal(SIGINT, interrupt)
        _ = signal(SIGQUIT, quit)
        // A reader that quit early (q in less) took what it wanted.
        return outcome
    }

    /// The strings as C strings, ending with a null, for as long as `body` runs.
    private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
