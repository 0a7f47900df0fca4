#ifndef WAYMARK_CGDAL_H
#define WAYMARK_CGDAL_H

// GDAL's C API as Waymark uses it. The functions are defined in this module (GDALForwarders.c),
// each calling GDAL's own through a pointer looked up when it is first called, so a process maps
// libgdal and its hundred-odd libraries only once it reads or writes a file through GDAL.
// Declared hidden, not exported as GDAL declares them: they are this program's own, and libgdal's
// calls to its own functions must never bind to them (one would wait on the load that made it).
#define CPL_DLL __attribute__((visibility("hidden")))
#include <gdal/gdal.h>
#include <gdal/gdal_version.h>
#include <gdal/ogr_api.h>
#include <gdal/ogr_srs_api.h>
#include <gdal/cpl_conv.h>
#include <gdal/cpl_error.h>
#include <gdal/cpl_http.h>
#include <gdal/cpl_vsi.h>

/// The library's file name this build loads (its soname, such as "libgdal.so.32").
const char *waymark_gdal_library(void);

#endif
