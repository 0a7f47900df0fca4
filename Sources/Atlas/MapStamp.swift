import Foundation
import GeoCore
import Stores

/// What a map's files were drawn from, written beside them as `<file>.stamp` once they all are:
/// the data (the database's location and data version), the base map (none, the database's own,
/// or another database's location and data version), the style file's size and modification
/// time, the program (a newer Waymark may draw the same map otherwise), and the manifest's words
/// for the map. A map is up to date when its files are there and
/// its stamp says what it would say now, so a map of another database, base, entry or style,
/// however old its files, is drawn again.
public enum MapStamp {
    static func url(of map: AtlasMap, in folder: URL) -> URL {
        folder.appendingPathComponent(map.fileName + ".stamp")
    }

    static func text(of map: AtlasMap, data: String, base: String) -> String {
        "data: \(data)\nbase: \(base)\nstyle: \(file(map.styleFile))\nprogram: \(file(ProjectFiles.program?.path))\n\(map.words)"
    }

    /// A database as a stamp names it: a file by its absolute path, PostGIS by its URL without
    /// the password (the stamp lies beside the maps, for anyone to read).
    public static func identity(of location: String) -> String {
        guard StoreLocation.isPostgres(location) else { return URL(fileURLWithPath: location).standardizedFileURL.path }
        var url = URLComponents(string: location)
        url?.password = nil
        return url?.string ?? "postgres"
    }

    /// A file as its path, size and modification time.
    private static func file(_ path: String?) -> String {
        guard let path else { return "none" }
        var info = stat()
        return stat(path, &info) == 0 ? "\(path) \(info.st_size) bytes, modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "\(path) missing"
    }
}
