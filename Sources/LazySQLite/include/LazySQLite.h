#ifndef LAZY_SQLITE_H
#define LAZY_SQLITE_H

#include <stdint.h>

/// The system's SQLite, loaded the first time an archive is opened (on Linux with dlopen, the
/// `libsqlite3.so.0` the Swift toolchain needs; elsewhere the SDK's, linked as usual). Returns
/// NULL once it is ready, or a sentence saying why it is not; the first call decides.
const char *lazy_sqlite_load(void);

typedef struct lazy_sqlite_db lazy_sqlite_db;
typedef struct lazy_sqlite_statement lazy_sqlite_statement;

/// The result codes used here, as SQLite documents them.
enum {
    LAZY_SQLITE_OK = 0,
    LAZY_SQLITE_BUSY = 5,
    LAZY_SQLITE_READONLY = 8,
    LAZY_SQLITE_INTERRUPT = 9,
    LAZY_SQLITE_FULL = 13,
    LAZY_SQLITE_CANTOPEN = 14,
    LAZY_SQLITE_NOTADB = 26,
    LAZY_SQLITE_ROW = 100,
    LAZY_SQLITE_DONE = 101,
};

/// Column types.
enum { LAZY_SQLITE_INTEGER = 1, LAZY_SQLITE_FLOAT = 2, LAZY_SQLITE_TEXT = 3, LAZY_SQLITE_BLOB = 4, LAZY_SQLITE_NULL = 5 };

/// Opens `path` read-write (creating it) or read-only; the connection is returned even on failure,
/// for its message, and must be closed.
int lazy_sqlite_open(const char *path, int read_only, lazy_sqlite_db **db);
/// Opens `path` read-only as immutable: no lock, no -shm, for a file no one writes (read-only media,
/// an app's bundle, a folder this process cannot write).
int lazy_sqlite_open_immutable(const char *path, lazy_sqlite_db **db);
int lazy_sqlite_close(lazy_sqlite_db *db);
/// The connection's last error, in SQLite's words.
const char *lazy_sqlite_message(lazy_sqlite_db *db);
int lazy_sqlite_extended_code(lazy_sqlite_db *db);
int lazy_sqlite_busy_timeout(lazy_sqlite_db *db, int milliseconds);
int lazy_sqlite_exec(lazy_sqlite_db *db, const char *sql);
/// Refuses ATTACH, DETACH, writing pragmas, functions that load extensions and every write
/// statement from now on: the guard of a read-only query beside the read-only connection.
int lazy_sqlite_refuse_writes(lazy_sqlite_db *db);
/// Interrupts any statement still running once CLOCK_MONOTONIC passes `*deadline_nanoseconds`
/// (read as it goes, so the caller may move it); NULL removes the limit. The caller keeps the
/// value alive while it is set.
void lazy_sqlite_set_deadline(lazy_sqlite_db *db, const int64_t *deadline_nanoseconds);

int lazy_sqlite_prepare(lazy_sqlite_db *db, const char *sql, lazy_sqlite_statement **statement, const char **rest);
int lazy_sqlite_step(lazy_sqlite_statement *statement);
int lazy_sqlite_reset(lazy_sqlite_statement *statement);
int lazy_sqlite_finalize(lazy_sqlite_statement *statement);
int lazy_sqlite_bind_text(lazy_sqlite_statement *statement, int index, const char *text);
int lazy_sqlite_bind_int64(lazy_sqlite_statement *statement, int index, int64_t value);
int lazy_sqlite_bind_double(lazy_sqlite_statement *statement, int index, double value);
int lazy_sqlite_bind_null(lazy_sqlite_statement *statement, int index);
int lazy_sqlite_column_count(lazy_sqlite_statement *statement);
/// The number of the statement's placeholders (its largest parameter index).
int lazy_sqlite_bind_parameter_count(lazy_sqlite_statement *statement);
const char *lazy_sqlite_column_name(lazy_sqlite_statement *statement, int column);
int lazy_sqlite_column_type(lazy_sqlite_statement *statement, int column);
int64_t lazy_sqlite_column_int64(lazy_sqlite_statement *statement, int column);
double lazy_sqlite_column_double(lazy_sqlite_statement *statement, int column);
/// The column's text, NUL-terminated, valid until the next step.
const char *lazy_sqlite_column_text(lazy_sqlite_statement *statement, int column);
/// Whether the statement only reads.
int lazy_sqlite_statement_reads_only(lazy_sqlite_statement *statement);
/// Sets the longest string or blob a statement may make (SQLITE_LIMIT_LENGTH); returns the limit before.
int lazy_sqlite_limit_length(lazy_sqlite_db *db, int bytes);

#endif
