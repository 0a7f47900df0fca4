#include <sqlite3.h>
#include <spatialite.h>

// SQLITE_TRANSIENT is a macro Swift cannot import.
static inline sqlite3_destructor_type waymark_sqlite_transient(void) { return SQLITE_TRANSIENT; }
