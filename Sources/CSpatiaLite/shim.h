#include <sqlite3.h>
#include <spatialite.h>

// SQLITE_TRANSIENT is a macro Swift cannot import.
static inline sqlite3_destructor_type waymark_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call. Without the memory statistics (which
// Waymark never reads) SQLite's allocations take no process-wide lock: the server's workers, each
// on its own connection, had waited on it for one another.
static inline int waymark_sqlite_without_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
