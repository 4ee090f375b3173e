#ifndef SIGNAL_PIPE_H
#define SIGNAL_PIPE_H

/// Makes each of `signals` (but those the process ignores, which stay ignored) write its number,
/// one byte, to `write_end` when it arrives, from a handler that does nothing else: a signal
/// handler may call only async-signal-safe functions, so the work a signal asks for is done by
/// whoever reads the pipe. The handlers are in place when this returns.
/// Returns 0, or -1 when a handler could not be installed (the others still are).
int signal_pipe_install(const int *signals, int count, int write_end);

/// Starts a thread of its own (a plain one, so that no dispatch queue's worker is held for the
/// life of the run) that reads signal numbers from `read_end` and calls `arrived` with each, until
/// the pipe closes. The thread takes `signals` even where the process was started with them
/// blocked, as a program spawned from another's worker thread can be. Returns 0, or -1 when no
/// thread could be made.
int signal_pipe_listen(int read_end, const int *signals, int count, void (*arrived)(int signal_number));

#endif
