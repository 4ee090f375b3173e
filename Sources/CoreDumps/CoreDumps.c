// A crash must not write the keys in memory (the environment, the config file, every request's
// URL) to a core file. prctl is a variadic C function, which Swift cannot call, hence this file.

#include "CoreDumps.h"

#include <sys/resource.h>

#if defined(__linux__)
#include <sys/prctl.h>
#endif

int core_dumps_forbid(void) {
    int result = 0;
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_CORE, &none) != 0) result = -1;
#if defined(__linux__)
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) result = -1;
#endif
    return result;
}
