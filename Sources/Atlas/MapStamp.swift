import Foundation
import GeoCore

/// What a map's files were drawn from, written beside them as `<file>.stamp` once they all are:
/// the data (the database's location and data version), the style file's size and modification
/// time, the program (a newer Waymark may draw the same map otherwise), and the manifest's words
/// for the map. A map is up to date when its files are there and
/// its stamp says what it would say now, so a map of another database, entry or style, however
/// old its files, is drawn again.
enum MapStamp {
    static func url(of map: AtlasMap, in folder: URL) -> URL {
        folder.appendingPathComponent(map.fileName + ".stamp")
    }

    static func text(of map: AtlasMap, data: String) -> String {
        "data: \(data)\nstyle: \(file(map.styleFile))\nprogram: \(file(ProjectFiles.program?.path))\n\(map.words)"
    }

    /// A file as its path, size and modification time.
    private static func file(_ path: String?) -> String {
        guard let path else { return "none" }
        var info = stat()
        return stat(path, &info) == 0 ? "\(path) \(info.st_size) bytes, modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "\(path) missing"
    }
}
