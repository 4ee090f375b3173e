// The system's SQLite, loaded the first time a command opens the archive.
//
// Linked the usual way, libsqlite3 would be mapped and relocated before `main` on every run,
// `--version` and a cached chart included. So on Linux the binary does not link it:
// `lazy_sqlite_load` opens the `libsqlite3.so.0` that the Swift toolchain itself needs with dlopen
// and finds the functions used here with dlsym. SQLite's ABI is written out (handles are pointers,
// result codes and flags the documented numbers), so no SQLite headers are needed to build. On
// Apple's systems the SDK's SQLite is linked as usual and called directly.

#include "LazySQLite.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*authorizer)(void *, int, const char *, const char *, const char *, const char *);

#if defined(__APPLE__)
#include <sqlite3.h>
#define CALL(name) sqlite3_##name
const char *lazy_sqlite_load(void) { return NULL; }
#else
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

/// SQLite's functions, once loaded.
static struct {
    int (*open_v2)(const char *, lazy_sqlite_db **, int, const char *);
    int (*close_v2)(lazy_sqlite_db *);
    const char *(*errmsg)(lazy_sqlite_db *);
    int (*extended_errcode)(lazy_sqlite_db *);
    int (*busy_timeout)(lazy_sqlite_db *, int);
    int (*exec)(lazy_sqlite_db *, const char *, void *, void *, char **);
    int (*set_authorizer)(lazy_sqlite_db *, authorizer, void *);
    void (*progress_handler)(lazy_sqlite_db *, int, int (*)(void *), void *);
    int (*prepare_v2)(lazy_sqlite_db *, const char *, int, lazy_sqlite_statement **, const char **);
    int (*step)(lazy_sqlite_statement *);
    int (*reset)(lazy_sqlite_statement *);
    int (*finalize)(lazy_sqlite_statement *);
    int (*bind_text)(lazy_sqlite_statement *, int, const char *, int, void (*)(void *));
    int (*bind_int64)(lazy_sqlite_statement *, int, int64_t);
    int (*bind_double)(lazy_sqlite_statement *, int, double);
    int (*bind_null)(lazy_sqlite_statement *, int);
    int (*column_count)(lazy_sqlite_statement *);
    int (*bind_parameter_count)(lazy_sqlite_statement *);
    const char *(*column_name)(lazy_sqlite_statement *, int);
    int (*column_type)(lazy_sqlite_statement *, int);
    int64_t (*column_int64)(lazy_sqlite_statement *, int);
    double (*column_double)(lazy_sqlite_statement *, int);
    const unsigned char *(*column_text)(lazy_sqlite_statement *, int);
    int (*stmt_readonly)(lazy_sqlite_statement *);
    int (*limit)(lazy_sqlite_db *, int, int);
} sqlite;

#define CALL(name) sqlite.name

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int state; // 0 not tried, 1 loaded, 2 failed
static char failure[512];

static int find(void *library, const char *name, void *slot) {
    char symbol[64];
    snprintf(symbol, sizeof symbol, "sqlite3_%s", name);
    void *function = dlsym(library, symbol);
    if (!function) snprintf(failure, sizeof failure, "libsqlite3.so.0 has no function %s, so it is not SQLite 3", symbol);
    memcpy(slot, &function, sizeof function);
    return function != NULL;
}

const char *lazy_sqlite_load(void) {
    if (atomic_load_explicit(&state, memory_order_acquire) == 1) return NULL;
    pthread_mutex_lock(&lock);
    if (atomic_load_explicit(&state, memory_order_relaxed) == 0) {
        void *library = dlopen("libsqlite3.so.0", RTLD_LAZY | RTLD_LOCAL);
        if (!library) snprintf(failure, sizeof failure, "libsqlite3.so.0 cannot be loaded");
        int found = library != NULL
            && find(library, "open_v2", &sqlite.open_v2) && find(library, "close_v2", &sqlite.close_v2)
            && find(library, "errmsg", &sqlite.errmsg) && find(library, "extended_errcode", &sqlite.extended_errcode)
            && find(library, "busy_timeout", &sqlite.busy_timeout) && find(library, "exec", &sqlite.exec)
            && find(library, "set_authorizer", &sqlite.set_authorizer)
            && find(library, "progress_handler", &sqlite.progress_handler)
            && find(library, "prepare_v2", &sqlite.prepare_v2) && find(library, "step", &sqlite.step)
            && find(library, "reset", &sqlite.reset) && find(library, "finalize", &sqlite.finalize)
            && find(library, "bind_text", &sqlite.bind_text) && find(library, "bind_int64", &sqlite.bind_int64) && find(library, "bind_double", &sqlite.bind_double)
            && find(library, "bind_null", &sqlite.bind_null) && find(library, "column_count", &sqlite.column_count)
            && find(library, "bind_parameter_count", &sqlite.bind_parameter_count)
            && find(library, "column_name", &sqlite.column_name) && find(library, "column_type", &sqlite.column_type)
            && find(library, "column_int64", &sqlite.column_int64) && find(library, "column_double", &sqlite.column_double)
            && find(library, "column_text", &sqlite.column_text) && find(library, "stmt_readonly", &sqlite.stmt_readonly)
            && find(library, "limit", &sqlite.limit);
        atomic_store_explicit(&state, found ? 1 : 2, memory_order_release);
    }
    pthread_mutex_unlock(&lock);
    return atomic_load_explicit(&state, memory_order_acquire) == 1 ? NULL : failure;
}
#endif

// SQLite's documented numbers.
enum { OPEN_READONLY = 0x1, OPEN_READWRITE = 0x2, OPEN_CREATE = 0x4, OPEN_URI = 0x40, OPEN_NOFOLLOW = 0x01000000 };
enum { DENY = 1, ALLOW = 0 };
enum { ACTION_PRAGMA = 19, ACTION_ATTACH = 24, ACTION_DETACH = 25, ACTION_FUNCTION = 31 };

int lazy_sqlite_open(const char *path, int read_only, lazy_sqlite_db **db) {
    return CALL(open_v2)(path, db, read_only ? OPEN_READONLY : (OPEN_READWRITE | OPEN_CREATE), NULL);
}

int lazy_sqlite_open_immutable(const char *path, lazy_sqlite_db **db) {
    // file:PATH?immutable=1, with the characters a URI gives a meaning of its own escaped.
    size_t length = strlen(path);
    char *uri = malloc(length * 3 + sizeof "file:?immutable=1");
    if (!uri) return CALL(open_v2)(path, db, OPEN_READONLY, NULL);
    char *end = uri + sprintf(uri, "file:");
    for (const char *c = path; *c; c++) {
        if (*c == '%' || *c == '?' || *c == '#') end += sprintf(end, "%%%02X", (unsigned char)*c);
        else *end++ = *c;
    }
    strcpy(end, "?immutable=1");
    int code = CALL(open_v2)(uri, db, OPEN_READONLY | OPEN_URI, NULL);
    free(uri);
    return code;
}
int lazy_sqlite_close(lazy_sqlite_db *db) { return CALL(close_v2)(db); }
const char *lazy_sqlite_message(lazy_sqlite_db *db) { return CALL(errmsg)(db); }
int lazy_sqlite_extended_code(lazy_sqlite_db *db) { return CALL(extended_errcode)(db); }
int lazy_sqlite_busy_timeout(lazy_sqlite_db *db, int milliseconds) { return CALL(busy_timeout)(db, milliseconds); }
int lazy_sqlite_exec(lazy_sqlite_db *db, const char *sql) { return CALL(exec)(db, sql, NULL, NULL, NULL); }

/// Pragmas that only read, with or without an argument naming what they describe.
static const char *const reading_pragmas[] = {
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
    "user_version", "schema_version", "page_count", "page_size", "freelist_count", "encoding", "integrity_check",
    "quick_check", "compile_options", "function_list", "pragma_list", "collation_list", "database_list", NULL,
};

static int guard(void *context, int action, const char *first, const char *second, const char *database, const char *trigger) {
    (void)context; (void)database; (void)trigger;
    switch (action) {
    case ACTION_ATTACH:
    case ACTION_DETACH:
        return DENY;
    case ACTION_FUNCTION:
        return second && (strcmp(second, "load_extension") == 0) ? DENY : ALLOW;
    case ACTION_PRAGMA:
        for (const char *const *name = reading_pragmas; *name; name++) {
            if (first && strcmp(first, *name) == 0) {
                // `user_version = 9` writes; `table_info(x)` and `integrity_check(5)` read.
                int writes = second != NULL && (strcmp(*name, "user_version") == 0 || strcmp(*name, "schema_version") == 0
                                                || strcmp(*name, "page_size") == 0 || strcmp(*name, "encoding") == 0);
                return writes ? DENY : ALLOW;
            }
        }
        return DENY;
    default:
        return ALLOW;
    }
}

int lazy_sqlite_refuse_writes(lazy_sqlite_db *db) { return CALL(set_authorizer)(db, guard, NULL); }

static int past_deadline(void *deadline) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t nanoseconds = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
    return nanoseconds >= *(const int64_t *)deadline;
}

void lazy_sqlite_set_deadline(lazy_sqlite_db *db, const int64_t *deadline_nanoseconds) {
    CALL(progress_handler)(db, deadline_nanoseconds ? 1000 : 0, deadline_nanoseconds ? past_deadline : NULL, (void *)deadline_nanoseconds);
}

int lazy_sqlite_prepare(lazy_sqlite_db *db, const char *sql, lazy_sqlite_statement **statement, const char **rest) {
    return CALL(prepare_v2)(db, sql, -1, statement, rest);
}
int lazy_sqlite_step(lazy_sqlite_statement *statement) { return CALL(step)(statement); }
int lazy_sqlite_reset(lazy_sqlite_statement *statement) { return CALL(reset)(statement); }
int lazy_sqlite_finalize(lazy_sqlite_statement *statement) { return CALL(finalize)(statement); }
int lazy_sqlite_bind_text(lazy_sqlite_statement *statement, int index, const char *text) {
    // SQLITE_TRANSIENT: SQLite copies the text before this returns.
    return CALL(bind_text)(statement, index, text, -1, (void (*)(void *))(intptr_t)-1);
}
int lazy_sqlite_bind_int64(lazy_sqlite_statement *statement, int index, int64_t value) { return CALL(bind_int64)(statement, index, value); }
int lazy_sqlite_bind_double(lazy_sqlite_statement *statement, int index, double value) { return CALL(bind_double)(statement, index, value); }
int lazy_sqlite_bind_null(lazy_sqlite_statement *statement, int index) { return CALL(bind_null)(statement, index); }
int lazy_sqlite_column_count(lazy_sqlite_statement *statement) { return CALL(column_count)(statement); }
int lazy_sqlite_bind_parameter_count(lazy_sqlite_statement *statement) { return CALL(bind_parameter_count)(statement); }
const char *lazy_sqlite_column_name(lazy_sqlite_statement *statement, int column) { return CALL(column_name)(statement, column); }
int lazy_sqlite_column_type(lazy_sqlite_statement *statement, int column) { return CALL(column_type)(statement, column); }
int64_t lazy_sqlite_column_int64(lazy_sqlite_statement *statement, int column) { return CALL(column_int64)(statement, column); }
double lazy_sqlite_column_double(lazy_sqlite_statement *statement, int column) { return CALL(column_double)(statement, column); }
const char *lazy_sqlite_column_text(lazy_sqlite_statement *statement, int column) {
    return (const char *)CALL(column_text)(statement, column);
}
int lazy_sqlite_statement_reads_only(lazy_sqlite_statement *statement) { return CALL(stmt_readonly)(statement); }
// SQLITE_LIMIT_LENGTH (0): the longest string or blob a statement may make, in bytes.
int lazy_sqlite_limit_length(lazy_sqlite_db *db, int bytes) { return CALL(limit)(db, 0, bytes); }
