// PROJ's functions as Waymark calls them, each with the header's own prototype, forwarded to
// libproj's, found on its first call.
#include "CProj.h"
#include "CLazyLibrary.h"

#ifndef WAYMARK_PROJ_LIBRARY
#define WAYMARK_PROJ_LIBRARY "libproj.so"
#endif
#define STRING(x) #x
#define VERSION(major, minor, patch) STRING(major) "." STRING(minor) "." STRING(patch)

static struct waymark_library proj = WAYMARK_LIBRARY(
    "PROJ", WAYMARK_PROJ_LIBRARY, VERSION(PROJ_VERSION_MAJOR, PROJ_VERSION_MINOR, PROJ_VERSION_PATCH), 0);

#define FORWARD(type, name, params, args) WAYMARK_FORWARD(proj, type, name, params, args)
#define FORWARD_VOID(name, params, args) WAYMARK_FORWARD_VOID(proj, name, params, args)

// Geodesics on the ellipsoid.
FORWARD_VOID(geod_init, (struct geod_geodesic *g, double a, double f), (g, a, f))
FORWARD_VOID(geod_direct, (const struct geod_geodesic *g, double lat1, double lon1, double azi1, double s12,
                           double *plat2, double *plon2, double *pazi2),
             (g, lat1, lon1, azi1, s12, plat2, plon2, pazi2))
FORWARD_VOID(geod_inverse, (const struct geod_geodesic *g, double lat1, double lon1, double lat2, double lon2,
                            double *ps12, double *pazi1, double *pazi2),
             (g, lat1, lon1, lat2, lon2, ps12, pazi1, pazi2))
FORWARD_VOID(geod_inverseline, (struct geod_geodesicline *l, const struct geod_geodesic *g,
                                double lat1, double lon1, double lat2, double lon2, unsigned caps),
             (l, g, lat1, lon1, lat2, lon2, caps))
FORWARD_VOID(geod_position, (const struct geod_geodesicline *l, double s12, double *plat2, double *plon2, double *pazi2),
             (l, s12, plat2, plon2, pazi2))
FORWARD_VOID(geod_polygonarea, (const struct geod_geodesic *g, double lats[], double lons[], int n, double *pA, double *pP),
             (g, lats, lons, n, pA, pP))

// Contexts, coordinate reference systems and transformations.
FORWARD(PJ_INFO, proj_info, (void), ())
FORWARD(PJ_CONTEXT *, proj_context_create, (void), ())
FORWARD(PJ_CONTEXT *, proj_context_destroy, (PJ_CONTEXT *ctx), (ctx))
FORWARD(PJ *, proj_create, (PJ_CONTEXT *ctx, const char *definition), (ctx, definition))
FORWARD(PJ *, proj_create_crs_to_crs, (PJ_CONTEXT *ctx, const char *source, const char *target, PJ_AREA *area),
        (ctx, source, target, area))
FORWARD(PJ *, proj_normalize_for_visualization, (PJ_CONTEXT *ctx, const PJ *obj), (ctx, obj))
FORWARD(PJ *, proj_destroy, (PJ *P), (P))
FORWARD(PJ_TYPE, proj_get_type, (const PJ *obj), (obj))
FORWARD(int, proj_get_area_of_use, (PJ_CONTEXT *ctx, const PJ *obj, double *west, double *south, double *east,
                                    double *north, const char **name),
        (ctx, obj, west, south, east, north, name))
FORWARD(PJ *, proj_crs_get_coordinate_system, (PJ_CONTEXT *ctx, const PJ *crs), (ctx, crs))
FORWARD(int, proj_cs_get_axis_info, (PJ_CONTEXT *ctx, const PJ *cs, int index, const char **name, const char **abbrev,
                                     const char **direction, double *factor, const char **unitName,
                                     const char **unitAuthority, const char **unitCode),
        (ctx, cs, index, name, abbrev, direction, factor, unitName, unitAuthority, unitCode))
FORWARD(PJ_COORD, proj_trans, (PJ *P, PJ_DIRECTION direction, PJ_COORD coord), (P, direction, coord))
FORWARD(PJ_COORD, proj_coord, (double x, double y, double z, double t), (x, y, z, t))
