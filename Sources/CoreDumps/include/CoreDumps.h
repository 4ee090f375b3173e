#ifndef CORE_DUMPS_H
#define CORE_DUMPS_H

/// Forbids core dumps of this process for good: the core size limit becomes 0, soft and hard, and
/// on Linux the process is made non-dumpable, which also keeps a core-handling pipe (systemd,
/// apport) from receiving its memory, and other processes of the same user from attaching to it
/// or reading its memory and environment through /proc.
/// Returns 0, or -1 when one of the calls failed (the others are still made).
int core_dumps_forbid(void);

#endif
