// mallopt is declared in <malloc.h>, which the Glibc module does not bring to Swift, hence this file.

#include "Allocator.h"

// Any header of the C library defines __GLIBC__ when it is glibc.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int allocator_map_large_blocks(size_t threshold) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, (int)threshold) == 1 ? 0 : -1;
#else
    (void)threshold;
    return 0;
#endif
}
