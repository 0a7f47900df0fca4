#ifndef WAYMARK_CSPATIALITE_H
#define WAYMARK_CSPATIALITE_H

// SQLite, linked, and SpatiaLite's set-up functions, defined in this module
// (SpatiaLiteForwarders.c) and forwarded to libspatialite's, found on the first call: a process
// maps libspatialite and what it needs (GEOS, RTTOPO, PROJ and PROJ's thirty-odd libraries) only
// once a connection registers its SQL functions. spatialite.h comes first here and in the
// forwarders, whose definitions it declares.
#include <sqlite3.h>
#include <spatialite.h>

// SQLITE_TRANSIENT is a macro Swift cannot import.
static inline sqlite3_destructor_type waymark_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call. Without the memory statistics (which
// Waymark never reads) SQLite's allocations take no process-wide lock: the server's workers, each
// on its own connection, had waited on it for one another.
static inline int waymark_sqlite_without_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
