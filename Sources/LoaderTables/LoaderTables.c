// The loader's relocation table, handed back once it has been applied.
//
// The binary is position-independent and links the Swift runtime and Foundation statically, so
// the dynamic loader applies about 80,000 relocations at start-up, reading a 1.9 MB table
// (`.rela.dyn`) that nothing reads again. Its pages stay in the process's resident set, and on
// a run as short as a cached chart they are a tenth of its peak. `loader_tables_release` tells
// the kernel to drop them: they are clean pages of the file, so if anything did read them again
// they would simply be read back from it.
//
// Only the pages that lie wholly inside the table are dropped; the ones it shares with its
// neighbours stay. The file is for glibc Linux; elsewhere the call does nothing.

#define _GNU_SOURCE // for dl_iterate_phdr

#include "LoaderTables.h"

#include <stdio.h> // (which defines __GLIBC__)

#if defined(__linux__) && defined(__GLIBC__)

#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

extern ElfW(Dyn) _DYNAMIC[];

/// The load address of the program itself, the first object the loader lists.
static int program_base(struct dl_phdr_info *info, size_t size, void *base) {
    (void)size;
    *(ElfW(Addr) *)base = info->dlpi_addr;
    return 1;
}

void loader_tables_release(void) {
    ElfW(Addr) base = 0;
    dl_iterate_phdr(program_base, &base);
    ElfW(Addr) table = 0;
    size_t size = 0;
    for (ElfW(Dyn) *entry = _DYNAMIC; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_RELA) table = entry->d_un.d_ptr;
        if (entry->d_tag == DT_RELASZ) size = entry->d_un.d_val;
    }
    if (table == 0 || size == 0) return;
    // glibc turns the entry into an address as it loads the program; another loader may not.
    if (table < base) table += base;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t start = (table + page - 1) & ~(page - 1);
    uintptr_t end = (table + size) & ~(page - 1);
    if (end > start) madvise((void *)start, end - start, MADV_DONTNEED);
}

#else

void loader_tables_release(void) {}

#endif
