// Loads libgdal on first use, once per process, and finds its functions in it.
#include "CGDAL.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef WAYMARK_GDAL_LIBRARY
#define WAYMARK_GDAL_LIBRARY "libgdal.so"
#endif

void *waymark_gdal_symbol(const char *name);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *library;
static char failure[512];

static void load(void) {
    // Lazy: a command binds only the functions it calls. RTLD_LOCAL: GDAL's symbols stay out of the global scope, so nothing loaded later binds
    // to them by accident and they never shadow this module's forwarders.
    library = dlopen(WAYMARK_GDAL_LIBRARY, RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "unknown reason");
        return;
    }
    // The library found by that name must be the GDAL whose headers gave the forwarders their
    // prototypes (a minor version's ABI): an upgrade under the same name is refused, not called.
    int (*check)(int, int, const char *) = (int (*)(int, int, const char *))dlsym(library, "GDALCheckVersion");
    if (!check || !check(GDAL_VERSION_MAJOR, GDAL_VERSION_MINOR, "waymark")) {
        snprintf(failure, sizeof failure, "it is not GDAL %d.%d, which this build was made with",
                 GDAL_VERSION_MAJOR, GDAL_VERSION_MINOR);
        library = NULL;
    }
}

const char *waymark_gdal_library(void) { return WAYMARK_GDAL_LIBRARY; }

// Every forwarder's first call lands here; a library that cannot be loaded (or lacks a function
// this build was compiled against) ends the process with the reason, as a missing library
// linked at start-up would, rather than calling through a null pointer.
void *waymark_gdal_symbol(const char *name) {
    pthread_once(&once, load);
    if (!library) {
        fprintf(stderr, "waymark: GDAL (%s) could not be loaded: %s\n", WAYMARK_GDAL_LIBRARY, failure);
        exit(69);
    }
    void *symbol = dlsym(library, name);
    if (!symbol) {
        fprintf(stderr, "waymark: GDAL (%s) has no %s: install the GDAL this build was made with (%s)\n",
                WAYMARK_GDAL_LIBRARY, name, GDAL_RELEASE_NAME);
        exit(69);
    }
    return symbol;
}
