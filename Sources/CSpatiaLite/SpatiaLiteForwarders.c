// SpatiaLite's functions as Waymark calls them, each with the header's own prototype, forwarded
// to libspatialite's, found on its first call. Defined hidden (spatialite.h declares them
// exported unless its documentation pass is on, which here stands for "declare them ourselves"):
// libspatialite's calls to its own functions must never bind to them.
#define DOXYGEN_SHOULD_SKIP_THIS
#define SPATIALITE_DECLARE __attribute__((visibility("hidden")))
#define GAIAGEO_DECLARE extern
#include <stdio.h> // gaiageo.h includes it only outside the documentation pass
#include <sqlite3.h>
#include <spatialite.h>
#include "CLazyLibrary.h"

#ifndef WAYMARK_SPATIALITE_LIBRARY
#define WAYMARK_SPATIALITE_LIBRARY "libspatialite.so"
#endif

// The headers carry no version number; the package's is the build's.
static struct waymark_library spatialite = WAYMARK_LIBRARY("SpatiaLite", WAYMARK_SPATIALITE_LIBRARY, WAYMARK_SPATIALITE_VERSION, 0);

#define FORWARD(type, name, params, args) WAYMARK_FORWARD(spatialite, type, name, params, args)
#define FORWARD_VOID(name, params, args) WAYMARK_FORWARD_VOID(spatialite, name, params, args)

FORWARD(const char *, spatialite_version, (void), ())
FORWARD(void *, spatialite_alloc_connection, (void), ())
FORWARD_VOID(spatialite_init_ex, (sqlite3 *db, const void *ptr, int verbose), (db, ptr, verbose))
FORWARD_VOID(spatialite_cleanup_ex, (const void *ptr), (ptr))
