import Foundation

/// What a map's files were drawn from, written beside them as `<file>.stamp` once they all are:
/// the data (the database's location and data version), the style file's size and modification
/// time, and the manifest's words for the map. A map is up to date when its files are there and
/// its stamp says what it would say now, so a map of another database, entry or style, however
/// old its files, is drawn again.
enum MapStamp {
    static func url(of map: AtlasMap, in folder: URL) -> URL {
        folder.appendingPathComponent(map.fileName + ".stamp")
    }

    static func text(of map: AtlasMap, data: String) -> String {
        var style = "none"
        if let path = map.styleFile {
            var info = stat()
            style = stat(path, &info) == 0 ? "\(path) \(info.st_size) bytes, modified \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "\(path) missing"
        }
        return "data: \(data)\nstyle: \(style)\n\(map.words)"
    }
}
