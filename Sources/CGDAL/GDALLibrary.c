// GDAL, loaded by the first call into it.
#include "CGDAL.h"
#include "CLazyLibrary.h"

#include <dlfcn.h>

#ifndef WAYMARK_GDAL_LIBRARY
#define WAYMARK_GDAL_LIBRARY "libgdal.so"
#endif

// The library found by that name must be the GDAL whose headers gave the forwarders their
// prototypes (a minor version's ABI): an upgrade under the same name is refused, not called.
static const char *refuses(void *handle) {
    int (*check)(int, int, const char *) = (int (*)(int, int, const char *))dlsym(handle, "GDALCheckVersion");
    if (check && check(GDAL_VERSION_MAJOR, GDAL_VERSION_MINOR, "waymark")) return NULL;
    return "its minor version is not that of GDAL " GDAL_RELEASE_NAME ", which this build was made with";
}

struct waymark_library waymark_gdal = WAYMARK_LIBRARY("GDAL", WAYMARK_GDAL_LIBRARY, GDAL_RELEASE_NAME, refuses);

const char *waymark_gdal_library(void) { return WAYMARK_GDAL_LIBRARY; }
