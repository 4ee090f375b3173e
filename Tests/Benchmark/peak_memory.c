// Runs a command and prints its peak resident memory in KiB (ru_maxrss) on stderr.
//
// The benchmark's Python cannot measure this itself: a child's high-water mark includes the
// memory of the process it was forked or spawned from, and Python is larger than what is
// measured. This program is small, and vfork shares its memory with the child until the exec.
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: peak_memory <program> [argument...]\n");
        return 64;
    }
    pid_t child = vfork();
    if (child == 0) {
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (child < 0 || wait4(child, &status, 0, &usage) < 0) {
        perror("peak_memory");
        return 70;
    }
    fprintf(stderr, "%ld\n", usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
