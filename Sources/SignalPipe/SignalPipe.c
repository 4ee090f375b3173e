// The handler of the signals that end a run. Installed with sigaction, it is in place the moment
// signal_pipe_install returns, so no window is left in which a signal still has its default
// action; the handler itself only writes a byte, which is async-signal-safe. Swift cannot be
// trusted to stay async-signal-safe, hence C.

#include "SignalPipe.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t write_end_fd = -1;

static void forward(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    (void)write(write_end_fd, &byte, 1);
    errno = saved;
}

int signal_pipe_install(const int *signals, int count, int write_end) {
    int result = 0;
    write_end_fd = write_end;
    for (int index = 0; index < count; index++) {
        struct sigaction current;
        if (sigaction(signals[index], NULL, &current) != 0) { result = -1; continue; }
        // nohup's SIGHUP and a background job's SIGINT stay ignored.
        if (current.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = forward;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        if (sigaction(signals[index], &action, NULL) != 0) result = -1;
    }
    return result;
}
