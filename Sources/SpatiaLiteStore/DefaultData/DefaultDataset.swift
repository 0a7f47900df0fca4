import Foundation
import GeoCore
import GeoStore

/// The embedded default: the demo data in Data/, imported once into a cached database that is
/// rebuilt when a file in Data/ changes, or when the program is newer than it (an import may
/// read the same files differently). It is the demo's, not a place for the user's own rows:
/// a rebuild starts from Data/ alone.
public enum DefaultDataset {
    /// Which files of Data/ to import, and as which kind (`-` lets the data decide), one per line.
    static let listName = "default-import.tsv"

    /// Data/ from `$WAYMARK_DATA`, the working directory, or the source tree the binary was built in.
    public static func dataDirectory() -> URL? {
        ProjectFiles.directory("Data", containing: listName, environment: "WAYMARK_DATA")
    }

    /// The time zone polygons Data/ ships (the list's `timezones` file), which a new database
    /// gets so that no record is silently UTC; nil when no Data/ is found.
    public static func shippedZones() throws -> String? {
        guard let data = dataDirectory() else { return nil }
        return try entries(in: data).first { $0.role == .zones }?.path
    }

    /// Where the default database is kept: `$XDG_CACHE_HOME/waymark/default.sqlite`, else
    /// `~/.cache/waymark/default.sqlite`.
    private static var cachedPath: String {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache"))
            .appendingPathComponent("waymark/default.sqlite").path
    }

    /// The path of the default database, building it first when it is missing or older than Data/
    /// or the program. Processes that find it stale take turns on `default.lock` beside it (an
    /// flock): the first builds, the others find it built when their turn comes.
    ///
    /// `readingBase` makes the import sources of the list's base-map files (`base`): GeoStore
    /// does not read them itself (BaseData does, through GDAL).
    public static func databasePath(readingBase: ([String]) -> [BaseSource]) throws -> String {
        guard let data = dataDirectory() else {
            throw DatabaseError(description: "no database named, $WAYMARK_DB unset, and no Data/ directory found (set $WAYMARK_DATA)")
        }
        let target = URL(fileURLWithPath: cachedPath), cache = target.deletingLastPathComponent()
        let entries = try entries(in: data)
        let built = ProjectFiles.program.flatMap { try? modified($0.path) } ?? .distantPast
        let sources = max(built, try modified(data.appendingPathComponent(listName).path),
                          try entries.map { try modified($0.path) }.max() ?? .distantPast)
        func current() -> Bool { (try? modified(target.path)).map { $0 >= sources } ?? false }
        if current() { return target.path }
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileLock.exclusive(cache.appendingPathComponent("default.lock").path) {
            if !current() { try rebuild(target, from: entries, base: readingBase) }
        }
        return target.path
    }

    /// Builds the database beside `target`, puts it on the disk, and renames it into place: a
    /// reader finds the old database or the whole new one. Called under the lock, so no other
    /// build runs and a file left by a killed one (`default-<pid>.sqlite…`) is removed first.
    private static func rebuild(_ target: URL, from entries: [Entry], base: ([String]) -> [BaseSource]) throws {
        let cache = target.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? [] where name.hasPrefix("default-") {
            try? FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        let temporary = cache.appendingPathComponent("default-\(ProcessInfo.processInfo.processIdentifier).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary.path + suffix) } }
        do {
            let store = try SpatiaLiteStore(path: temporary.path)
            try importAll(from: entries, into: store)
            let baseFiles = entries.filter { $0.role == .base }.map(\.path)
            if !baseFiles.isEmpty { _ = try store.importBase(base(baseFiles)) }
            // One file with nothing beside it: what a reader opens needs no log.
            try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        }
        try sync(temporary.path)
        // The old database's write-ahead log (left by an import killed between its commit and
        // the checkpoint), shared-memory index or rollback journal would be replayed onto the new
        // file by the next connection, whose pages are not the old file's: "database disk image
        // is malformed", or the old rows back. Gone, on the disk, before the new file is there.
        for suffix in ["-wal", "-shm", "-journal"] where unlink(target.path + suffix) != 0 && errno != ENOENT {
            throw DatabaseError(description: "cannot remove \(target.path + suffix): \(String(cString: strerror(errno)))")
        }
        try sync(cache.path)
        guard rename(temporary.path, target.path) == 0 else {
            throw DatabaseError(description: "cannot move the default database into \(target.path): \(String(cString: strerror(errno)))")
        }
        try sync(cache.path)
    }

    /// fsync of a file or a folder (a folder's entries: a rename or a removal).
    private static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw DatabaseError(description: "cannot put \(path) on the disk: \(reason)")
        }
        close(descriptor)
    }

    /// Imports the time zones and the features of the default data of `data` (Data/) into
    /// `store`, without its base map.
    public static func importAll(from data: URL, into store: SpatiaLiteStore) throws {
        try importAll(from: try entries(in: data), into: store)
    }

    private static func importAll(from entries: [Entry], into store: SpatiaLiteStore) throws {
        // The zones first: the features without a zone get theirs from them.
        for entry in entries where entry.role == .zones { _ = try store.importZones(try ZoneFileParser.parse(path: entry.path)) }
        let features = entries.compactMap { entry in if case let .features(kind) = entry.role { (entry.path, kind) } else { nil } }
        for group in Dictionary(grouping: features, by: { $0.1 }).sorted(by: { ($0.key?.rawValue ?? "") < ($1.key?.rawValue ?? "") }) {
            _ = try store.importFiles(try FileImport.parse(paths: group.value.map { $0.0 }, kind: group.key), skipInvalid: false)
        }
    }

    /// A line of the list: a file of features (of a kind, or the tags decide), a base-map file, or
    /// time zone polygons.
    private struct Entry {
        enum Role: Equatable { case features(FeatureKind?), base, zones }
        let path: String
        let role: Role
    }

    private static func entries(in data: URL) throws -> [Entry] {
        let list = try String(contentsOf: data.appendingPathComponent(listName), encoding: .utf8)
        return list.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { line in
                let fields = line.split(separator: "\t").map(String.init)
                let kind = fields.count > 1 ? fields[1] : ""
                let role: Entry.Role = switch kind {
                case "base": .base
                case "timezones": .zones
                default: .features(FeatureKind(rawValue: kind))
                }
                return Entry(path: data.appendingPathComponent(fields[0]).path, role: role)
            }
    }

    /// By stat(2) alone: FileManager's attributes look up the owner's and group's names too, a
    /// few milliseconds of every command's start.
    private static func modified(_ path: String) throws -> Date {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw DatabaseError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}
