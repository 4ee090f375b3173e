#ifndef ALLOCATOR_H
#define ALLOCATOR_H

#include <stddef.h>

/// Makes the C allocator give every block of at least `threshold` bytes a mapping of its own,
/// returned to the system when the block is freed, for the whole run. With glibc this fixes
/// M_MMAP_THRESHOLD, which otherwise rises to the size of the first such block freed, after
/// which blocks that size are kept in the allocator's heaps once freed. Elsewhere it does nothing.
/// Returns 0, or -1 when the allocator refused.
int allocator_map_large_blocks(size_t threshold);

#endif
