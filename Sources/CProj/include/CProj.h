#ifndef WAYMARK_CPROJ_H
#define WAYMARK_CPROJ_H

// PROJ's C API as Waymark uses it. The functions are defined in this module (PROJForwarders.c),
// each calling PROJ's own through a pointer found on its first call, so a process maps libproj
// and the libraries it needs (curl, TLS, TIFF: thirty-odd) only once it transforms or measures.
// Declared hidden: they are this program's own, and libproj's calls to its own functions must
// never bind to them.
#define PROJ_DLL __attribute__((visibility("hidden")))
#define GEOD_DLL __attribute__((visibility("hidden")))
#include <proj.h>
#include <geodesic.h>

#endif
