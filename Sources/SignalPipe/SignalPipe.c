// The handler of the signals that end a run. Installed with sigaction, it is in place the moment
// signal_pipe_install returns, so no window is left in which a signal still has its default
// action; the handler itself only writes a byte, which is async-signal-safe. Swift cannot be
// trusted to stay async-signal-safe, hence C.

#include "SignalPipe.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
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

struct listener {
    int read_end;
    sigset_t takes;
    void (*arrived)(int signal_number);
};

static void *listen_to_pipe(void *argument) {
    struct listener listener = *(struct listener *)argument;
    free(argument);
    // A mask inherited from the parent's thread is kept by every thread the process makes, and
    // a signal blocked in all of them would never end the run: this thread, which does nothing
    // else, takes the ones it serves.
    pthread_sigmask(SIG_UNBLOCK, &listener.takes, NULL);
    unsigned char byte;
    for (;;) {
        ssize_t count = read(listener.read_end, &byte, 1);
        if (count < 0 && errno == EINTR) continue;
        if (count != 1) return NULL;
        listener.arrived(byte);
    }
}

int signal_pipe_listen(int read_end, const int *signals, int count, void (*arrived)(int signal_number)) {
    struct listener *listener = malloc(sizeof *listener);
    if (!listener) return -1;
    *listener = (struct listener){ .read_end = read_end, .arrived = arrived };
    sigemptyset(&listener->takes);
    for (int index = 0; index < count; index++) sigaddset(&listener->takes, signals[index]);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // The handler's work needs little stack: a small thread is quick to make.
    pthread_attr_setstacksize(&attributes, 256 * 1024);
    pthread_t thread;
    int created = pthread_create(&thread, &attributes, listen_to_pipe, listener);
    pthread_attr_destroy(&attributes);
    if (created != 0) {
        free(listener);
        return -1;
    }
    return 0;
}
