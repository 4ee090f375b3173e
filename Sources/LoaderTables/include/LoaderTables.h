#ifndef LOADER_TABLES_H
#define LOADER_TABLES_H

/// Drops from memory the pages of the program's relocation table, which the dynamic loader has
/// applied and nothing reads again. Call it once, at the start of `main`.
void loader_tables_release(void);

#endif
