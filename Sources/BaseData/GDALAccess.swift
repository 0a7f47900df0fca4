import CGDAL
import Foundation

/// GDAL as Waymark lets it read: the one local file it is named, through the drivers of the
/// formats Waymark means to read, and nothing else. GDAL on its own opens whatever a name or a
/// file's content asks for: a VRT file (under any name) whose data source is `/vsicurl/http://…`
/// or any file the process can read, a URL, an archive, a directory. So:
/// - a file is opened only by the drivers of `drivers`, through `GDALOpenEx`'s allow-list; VRT
///   and the network drivers are not among them, and are not even registered (`GDAL_SKIP`);
/// - the name must be a regular local file: a `/vsi…` path, a URL or a directory is refused before
///   GDAL sees it, and the name GDAL gets is absolute, so no `DRIVER:` prefix can be read into it;
/// - the network is closed inside GDAL too, set before it registers its drivers: /vsicurl/ and
///   the file systems built on it (/vsis3/, /vsigs/, /vsiaz/…) may open only a file name no URL
///   has, and every other fetch (`CPLHTTPFetch`: GeoJSON from a URL, WFS…) is answered with an
///   error without a connection;
/// - GDAL lists no directory on open (`GDAL_DISABLE_READDIR_ON_OPEN`): a Shapefile's sidecars
///   (.shx, .dbf, .prj, .cpg) are looked up by name beside it, and nothing else there is read.
public enum GDALAccess {
    /// GDAL's short names of the drivers a file may be read with: OpenStreetMap (XML and PBF),
    /// Shapefile, GeoPackage, GeoJSON, GeoJSON sequences, FlatGeobuf, KML (libkml's and GDAL's
    /// own), GPX and CSV.
    public static let drivers = ["OSM", "ESRI Shapefile", "GPKG", "GeoJSON", "GeoJSONSeq", "FlatGeobuf", "LIBKML", "KML", "GPX", "CSV"]

    /// The formats of `drivers` in words, for a refusal.
    static let formats = "OpenStreetMap .osm.pbf/.osm, Shapefile, GeoPackage, GeoJSON, GeoJSON sequence, FlatGeobuf, KML, GPX, CSV"

    /// Process-wide options, set before the drivers are registered (some drivers read them then).
    static let options: [(String, String)] = [
        // Only this name may be opened through /vsicurl/ and its kin: no URL is it.
        ("CPL_VSIL_CURL_ALLOWED_FILENAME", "/waymark/opens/no/url"),
        ("CPL_VSIL_CURL_ALLOWED_EXTENSIONS", ".waymark-opens-no-url"),
        ("GDAL_HTTP_MAX_RETRY", "0"),
        ("GDAL_HTTP_TIMEOUT", "1"),
        ("GDAL_HTTP_CONNECTTIMEOUT", "1"),
        // TRUE, not EMPTY_DIR: with an empty listing the Shapefile driver finds no .shx or .dbf.
        ("GDAL_DISABLE_READDIR_ON_OPEN", "TRUE"),
        // Drivers that read other data sources, run programs or fetch from the network by what a
        // name or a file says: not registered at all, whatever asks for them.
        ("GDAL_SKIP", "VRT OGR_VRT HTTP WFS OAPIF OGCAPI WMS WMTS WCS CSW EEDA EEDAI Elasticsearch Carto AmigoCloud "
            + "PLSCENES NGW GPSBabel ESRIJSON TopoJSON GMLAS"),
    ]

    /// Set once per process, before GDAL's first use.
    static let registered: Void = {
        for (key, value) in options { CPLSetConfigOption(key, value) }
        CPLHTTPSetFetchCallback({ url, _, _, _, _, _, _ in
            let result = CPLCalloc(1, MemoryLayout<CPLHTTPResult>.size).assumingMemoryBound(to: CPLHTTPResult.self)
            result.pointee.nStatus = 1
            result.pointee.pszErrBuf = CPLStrdup("Waymark lets GDAL read local files only, not \(url.map { String(cString: $0) } ?? "a URL")")
            return result
        }, nil)
        OSRSetPROJEnableNetwork(0)
        GDALAllRegister()
    }()

    /// A file as GDAL will be asked to open it: its absolute name, and the driver its content
    /// (never its name) calls for.
    struct File {
        let path: String
        let driver: String
        /// The driver's long name ("GeoJSON", "OpenStreetMap XML and PBF").
        let format: String
    }

    /// The driver `path`'s content calls for, among `allowed` (nil: every driver registered, which
    /// `GDAL_SKIP` leaves without VRT and the network's); refused (naming `name`, the path as the
    /// user gave it) when it is not a regular local file or no allowed driver reads it.
    static func identify(_ path: String, name: String, log: GDALErrorLog, among allowed: [String]? = drivers) throws -> File {
        _ = registered
        func refused(_ reason: String) -> BaseReadError { BaseReadError(file: name, reason: reason) }
        let lower = path.lowercased()
        if lower.hasPrefix("/vsi") || lower.contains("://") {
            throw refused("not a local file: Waymark reads files, not URLs or GDAL's virtual file systems")
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var info = stat()
        guard stat(absolute, &info) == 0, access(absolute, R_OK) == 0 else { throw refused("no such readable file") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw refused("not a file (a directory or a device): name the file to read") }
        let driver = allowed.map { allowed in withCStrings(allowed) { GDALIdentifyDriverEx(absolute, UInt32(GDAL_OF_VECTOR), $0, nil) } }
            ?? GDALIdentifyDriverEx(absolute, UInt32(GDAL_OF_VECTOR), nil, nil)
        guard let driver else {
            throw refused((allowed == nil ? "unknown format: no GDAL driver reads it as vector data" : "not a file of a format Waymark reads (\(formats))")
                          + (log.firstFailure.map { ": \($0)" } ?? ""))
        }
        let file = File(path: absolute, driver: String(cString: GDALGetDriverShortName(driver)),
                        format: String(cString: GDALGetDriverLongName(driver)))
        // GDAL reads a .shp without its .dbf as features without fields: every name lost.
        if file.driver == "ESRI Shapefile", lower.hasSuffix(".shp"),
           ![".dbf", ".DBF"].contains(where: { FileManager.default.fileExists(atPath: String(absolute.dropLast(4)) + $0) }) {
            let table = ((name as NSString).lastPathComponent as NSString).deletingPathExtension + ".dbf"
            throw refused("its attribute table \(table) is missing beside it: without it every feature's name and fields are lost; keep the .dbf with the .shp")
        }
        return file
    }

    /// Opens `file` read-only with its own driver alone; nil when GDAL cannot. A CSV file's
    /// points come from its longitude and latitude columns (GDAL's CSV driver reads only a WKT
    /// column unless told their names), as Waymark's own CSV reader takes them.
    static func open(_ file: File) -> GDALDatasetH? {
        let options = file.driver == "CSV" ? ["X_POSSIBLE_NAMES=lon,lng,long,longitude,x", "Y_POSSIBLE_NAMES=lat,latitude,y"] : []
        return withCStrings([file.driver]) { allowed in
            withCStrings(options) { options in
                GDALOpenEx(file.path, UInt32(GDAL_OF_VECTOR | GDAL_OF_READONLY), allowed, options, nil)
            }
        }
    }

    /// `body` with `strings` as a NULL-terminated C array.
    static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return array.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
