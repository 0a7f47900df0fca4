#ifndef WAYMARK_LAZY_LIBRARY_H
#define WAYMARK_LAZY_LIBRARY_H

// A shared library loaded by the first call of one of its functions, so that a command maps it
// (and the libraries it needs) only when it uses it. A shim defines each function it forwards
// with the library's own prototype (a mismatch does not compile); the definition finds the
// library's function on its first call and calls it from then on.

#include <pthread.h>

struct waymark_library {
    const char *name;                 // for messages: "GDAL"
    const char *file;                 // the file name dlopen is given: the soname the build linked against
    const char *built;                // the version of the headers this build was compiled with
    const char *(*refuses)(void *);   // why a loaded file is not the library built for, or NULL; may be NULL
    pthread_mutex_t lock;
    int tried;
    void *handle;
    char failure[512];
};

#define WAYMARK_LIBRARY(name, file, built, refuses) { name, file, built, refuses, PTHREAD_MUTEX_INITIALIZER, 0, 0, "" }

/// The library's function `symbol`, loading the library on the first call. A library that cannot
/// be loaded, or lacks the function, ends the process with the reason (exit 69), as a library
/// linked at start-up would, rather than calling through a null pointer.
void *waymark_library_symbol(struct waymark_library *library, const char *symbol);

#define WAYMARK_TARGET(library, name) \
    typedef __typeof__(name) *target_function; \
    static target_function found; \
    target_function call = __atomic_load_n(&found, __ATOMIC_ACQUIRE); \
    if (!call) { \
        call = (target_function)waymark_library_symbol(&library, #name); \
        __atomic_store_n(&found, call, __ATOMIC_RELEASE); \
    }

#define WAYMARK_FORWARD(library, type, name, params, args) \
    type name params { WAYMARK_TARGET(library, name) return call args; }
#define WAYMARK_FORWARD_VOID(library, name, params, args) \
    void name params { WAYMARK_TARGET(library, name) call args; }

#endif
