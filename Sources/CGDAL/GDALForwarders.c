// GDAL's functions as Waymark calls them: each one defined here with the header's own prototype
// (so a mismatch does not compile) and forwarded to libgdal's, found on its first call.
#include "CGDAL.h"

#include "CLazyLibrary.h"

extern struct waymark_library waymark_gdal;

#define FORWARD(type, name, params, args) WAYMARK_FORWARD(waymark_gdal, type, name, params, args)
#define FORWARD_VOID(name, params, args) WAYMARK_FORWARD_VOID(waymark_gdal, name, params, args)

// Common portability library: options, errors, memory, HTTP and files.
FORWARD(void *, CPLCalloc, (size_t count, size_t size), (count, size))
FORWARD(char *, CPLStrdup, (const char *text), (text))
FORWARD(void *, CPLGetErrorHandlerUserData, (void), ())
FORWARD_VOID(CPLPushErrorHandlerEx, (CPLErrorHandler handler, void *data), (handler, data))
FORWARD_VOID(CPLPopErrorHandler, (void), ())
FORWARD_VOID(CPLSetConfigOption, (const char *key, const char *value), (key, value))
FORWARD_VOID(CPLSetThreadLocalConfigOption, (const char *key, const char *value), (key, value))
FORWARD(CPLHTTPResult *, CPLHTTPFetch, (const char *url, CSLConstList options), (url, options))
FORWARD_VOID(CPLHTTPDestroyResult, (CPLHTTPResult *result), (result))
FORWARD_VOID(CPLHTTPSetFetchCallback, (CPLHTTPFetchCallbackFunc callback, void *data), (callback, data))
FORWARD(VSILFILE *, VSIFOpenL, (const char *path, const char *mode), (path, mode))
FORWARD(int, VSIFCloseL, (VSILFILE *file), (file))

// Drivers and datasets.
FORWARD_VOID(GDALAllRegister, (void), ())
FORWARD(GDALDriverH, GDALGetDriverByName, (const char *name), (name))
FORWARD(GDALDriverH, GDALIdentifyDriverEx,
        (const char *path, unsigned int flags, const char *const *allowed, const char *const *siblings),
        (path, flags, allowed, siblings))
FORWARD(const char *, GDALGetDriverShortName, (GDALDriverH driver), (driver))
FORWARD(const char *, GDALGetDriverLongName, (GDALDriverH driver), (driver))
FORWARD(GDALDatasetH, GDALOpenEx,
        (const char *path, unsigned int flags, const char *const *allowed, const char *const *options,
         const char *const *siblings),
        (path, flags, allowed, options, siblings))
FORWARD(GDALDatasetH, GDALCreate,
        (GDALDriverH driver, const char *path, int width, int height, int bands, GDALDataType type,
         CSLConstList options),
        (driver, path, width, height, bands, type, options))
FORWARD_VOID(GDALClose, (GDALDatasetH dataset), (dataset))
FORWARD(GDALDriverH, GDALGetDatasetDriver, (GDALDatasetH dataset), (dataset))
FORWARD(int, GDALDatasetGetLayerCount, (GDALDatasetH dataset), (dataset))
FORWARD(OGRLayerH, GDALDatasetGetLayer, (GDALDatasetH dataset, int index), (dataset, index))
FORWARD(OGRLayerH, GDALDatasetCreateLayer,
        (GDALDatasetH dataset, const char *name, OGRSpatialReferenceH srs, OGRwkbGeometryType type,
         CSLConstList options),
        (dataset, name, srs, type, options))
FORWARD(OGRFeatureH, GDALDatasetGetNextFeature,
        (GDALDatasetH dataset, OGRLayerH *layer, double *progress, GDALProgressFunc callback, void *data),
        (dataset, layer, progress, callback, data))
FORWARD(OGRErr, GDALDatasetStartTransaction, (GDALDatasetH dataset, int force), (dataset, force))
FORWARD(OGRErr, GDALDatasetCommitTransaction, (GDALDatasetH dataset), (dataset))

// Layers.
FORWARD(const char *, OGR_L_GetName, (OGRLayerH layer), (layer))
FORWARD(OGRFeatureDefnH, OGR_L_GetLayerDefn, (OGRLayerH layer), (layer))
FORWARD(OGRwkbGeometryType, OGR_L_GetGeomType, (OGRLayerH layer), (layer))
FORWARD(OGRSpatialReferenceH, OGR_L_GetSpatialRef, (OGRLayerH layer), (layer))
FORWARD(GIntBig, OGR_L_GetFeatureCount, (OGRLayerH layer, int force), (layer, force))
FORWARD(int, OGR_L_TestCapability, (OGRLayerH layer, const char *capability), (layer, capability))
FORWARD(OGRErr, OGR_L_GetExtent, (OGRLayerH layer, OGREnvelope *extent, int force), (layer, extent, force))
FORWARD_VOID(OGR_L_ResetReading, (OGRLayerH layer), (layer))
FORWARD(OGRFeatureH, OGR_L_GetNextFeature, (OGRLayerH layer), (layer))
FORWARD(OGRErr, OGR_L_CreateField, (OGRLayerH layer, OGRFieldDefnH field, int approximate), (layer, field, approximate))
FORWARD(OGRErr, OGR_L_CreateFeature, (OGRLayerH layer, OGRFeatureH feature), (layer, feature))

// Field definitions.
FORWARD(int, OGR_FD_GetFieldCount, (OGRFeatureDefnH definition), (definition))
FORWARD(OGRFieldDefnH, OGR_FD_GetFieldDefn, (OGRFeatureDefnH definition, int index), (definition, index))
FORWARD(int, OGR_FD_GetFieldIndex, (OGRFeatureDefnH definition, const char *name), (definition, name))
FORWARD(OGRFieldDefnH, OGR_Fld_Create, (const char *name, OGRFieldType type), (name, type))
FORWARD_VOID(OGR_Fld_Destroy, (OGRFieldDefnH field), (field))
FORWARD(const char *, OGR_Fld_GetNameRef, (OGRFieldDefnH field), (field))
FORWARD(OGRFieldType, OGR_Fld_GetType, (OGRFieldDefnH field), (field))
FORWARD(OGRFieldSubType, OGR_Fld_GetSubType, (OGRFieldDefnH field), (field))
FORWARD_VOID(OGR_Fld_SetSubType, (OGRFieldDefnH field, OGRFieldSubType subtype), (field, subtype))
FORWARD_VOID(OGR_Fld_SetWidth, (OGRFieldDefnH field, int width), (field, width))

// Features.
FORWARD(OGRFeatureH, OGR_F_Create, (OGRFeatureDefnH definition), (definition))
FORWARD_VOID(OGR_F_Destroy, (OGRFeatureH feature), (feature))
FORWARD(GIntBig, OGR_F_GetFID, (OGRFeatureH feature), (feature))
FORWARD(OGRGeometryH, OGR_F_GetGeometryRef, (OGRFeatureH feature), (feature))
FORWARD(OGRErr, OGR_F_SetGeometryDirectly, (OGRFeatureH feature, OGRGeometryH geometry), (feature, geometry))
FORWARD(int, OGR_F_IsFieldSetAndNotNull, (OGRFeatureH feature, int index), (feature, index))
FORWARD(const char *, OGR_F_GetFieldAsString, (OGRFeatureH feature, int index), (feature, index))
FORWARD(GIntBig, OGR_F_GetFieldAsInteger64, (OGRFeatureH feature, int index), (feature, index))
FORWARD(double, OGR_F_GetFieldAsDouble, (OGRFeatureH feature, int index), (feature, index))
FORWARD(int, OGR_F_GetFieldAsDateTimeEx,
        (OGRFeatureH feature, int index, int *year, int *month, int *day, int *hour, int *minute, float *second,
         int *zone),
        (feature, index, year, month, day, hour, minute, second, zone))
FORWARD_VOID(OGR_F_SetFieldString, (OGRFeatureH feature, int index, const char *value), (feature, index, value))
FORWARD_VOID(OGR_F_SetFieldInteger64, (OGRFeatureH feature, int index, GIntBig value), (feature, index, value))

// Geometries.
FORWARD(OGRwkbGeometryType, OGR_GT_Flatten, (OGRwkbGeometryType type), (type))
FORWARD(OGRErr, OGR_G_CreateFromWkb,
        (const void *wkb, OGRSpatialReferenceH srs, OGRGeometryH *geometry, int size), (wkb, srs, geometry, size))
FORWARD(OGRErr, OGR_G_ExportToWkb, (OGRGeometryH geometry, OGRwkbByteOrder order, unsigned char *wkb),
        (geometry, order, wkb))
FORWARD(int, OGR_G_WkbSize, (OGRGeometryH geometry), (geometry))
FORWARD(OGRwkbGeometryType, OGR_G_GetGeometryType, (OGRGeometryH geometry), (geometry))
FORWARD(int, OGR_G_IsEmpty, (OGRGeometryH geometry), (geometry))
FORWARD_VOID(OGR_G_GetEnvelope, (OGRGeometryH geometry, OGREnvelope *envelope), (geometry, envelope))
FORWARD_VOID(OGR_G_FlattenTo2D, (OGRGeometryH geometry), (geometry))
FORWARD(OGRGeometryH, OGR_G_ForceTo, (OGRGeometryH geometry, OGRwkbGeometryType type, char **options),
        (geometry, type, options))
FORWARD(OGRErr, OGR_G_Transform, (OGRGeometryH geometry, OGRCoordinateTransformationH transformation),
        (geometry, transformation))

// Spatial references and transformations.
FORWARD(OGRSpatialReferenceH, OSRNewSpatialReference, (const char *wkt), (wkt))
FORWARD(OGRErr, OSRImportFromEPSG, (OGRSpatialReferenceH srs, int code), (srs, code))
FORWARD_VOID(OSRSetAxisMappingStrategy, (OGRSpatialReferenceH srs, OSRAxisMappingStrategy strategy), (srs, strategy))
FORWARD_VOID(OSRSetPROJEnableNetwork, (int enabled), (enabled))
FORWARD_VOID(OSRRelease, (OGRSpatialReferenceH srs), (srs))
FORWARD_VOID(OSRDestroySpatialReference, (OGRSpatialReferenceH srs), (srs))
FORWARD(OGRCoordinateTransformationH, OCTNewCoordinateTransformation,
        (OGRSpatialReferenceH source, OGRSpatialReferenceH target), (source, target))
FORWARD_VOID(OCTDestroyCoordinateTransformation, (OGRCoordinateTransformationH transformation), (transformation))
