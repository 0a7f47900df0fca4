// Loads a library on its first use, once per process, and finds its functions in it.
#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void load(struct waymark_library *library) {
    // Lazy: a command binds only the functions it calls. RTLD_LOCAL: the library's symbols stay out
    // of the global scope, so nothing loaded later binds to them by accident and they never shadow
    // the shims' forwarders.
    void *handle = dlopen(library->file, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(library->failure, sizeof library->failure, "%s", reason ? reason : "unknown reason");
        return;
    }
    const char *refusal = library->refuses ? library->refuses(handle) : NULL;
    if (refusal) {
        snprintf(library->failure, sizeof library->failure, "%s", refusal);
        return;
    }
    library->handle = handle;
}

void *waymark_library_symbol(struct waymark_library *library, const char *symbol) {
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        load(library);
        library->tried = 1;
    }
    pthread_mutex_unlock(&library->lock);
    if (!library->handle) {
        fprintf(stderr, "waymark: %s (%s) could not be loaded: %s\n", library->name, library->file, library->failure);
        exit(69);
    }
    void *found = dlsym(library->handle, symbol);
    if (!found) {
        fprintf(stderr, "waymark: %s (%s) has no %s: install the %s this build was made with (%s)\n",
                library->name, library->file, symbol, library->name, library->built);
        exit(69);
    }
    return found;
}
