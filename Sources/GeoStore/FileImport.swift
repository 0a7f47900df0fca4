import Foundation

/// Reads files into parsed records, choosing the parser by extension. The travel guide's feed
/// comes one file per language; all `.xml` files of one call are merged into one feed.
public enum FileImport {
    public static func parse(paths: [String], kind: FeatureKind? = nil) throws -> [ParsedFile] {
        var parsed: [ParsedFile] = []
        var feed: [(data: Data, file: String, language: String)] = []
        for path in paths {
            guard let format = ImportFormat.detect(path: path) else {
                throw ImportProblem(file: path, record: "file",
                                    reason: "unknown format; use .geojson, .json, .csv, .gpx or the travel guide's .xml")
            }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw ImportProblem(file: path, record: "file", reason: "cannot read: \(error.localizedDescription)")
            }
            switch format {
            case .geojson: parsed.append(try GeoJSONParser.parse(data, file: path, kind: kind))
            case .csv: parsed.append(try CSVParser.parse(data, file: path, kind: kind))
            case .gpx: parsed.append(try GPXParser.parse(data, file: path))
            case .travelGuide:
                let name = URL(fileURLWithPath: path).lastPathComponent
                feed.append((data, path, TravelGuideFeedParser.language(forFileName: name)))
            }
        }
        if !feed.isEmpty { parsed.append(try TravelGuideFeedParser.parse(feed)) }
        return parsed
    }
}

/// The embedded default: the demo data in Data/, imported once into a cached database that is
/// rebuilt when a file in Data/ changes, or when the program is newer than it (an import may
/// read the same files differently).
public enum DefaultDataset {
    /// Which files of Data/ to import, and as which kind (`-` lets the data decide), one per line.
    static let listName = "default-import.tsv"

    /// Data/ from `$WAYMARK_DATA`, the working directory, or the source tree the binary was built in.
    public static func dataDirectory() -> URL? {
        ProjectFiles.directory("Data", containing: listName, environment: "WAYMARK_DATA")
    }

    /// The path of the default database, building it first when it is missing or older than Data/.
    public static func databasePath() throws -> String {
        guard let data = dataDirectory() else {
            throw DatabaseError(description: "no --db given, $WAYMARK_DB unset, and no Data/ directory found (set $WAYMARK_DATA)")
        }
        let cache = URL(fileURLWithPath: ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
            ?? (NSHomeDirectory() + "/.cache")).appendingPathComponent("waymark")
        let target = cache.appendingPathComponent("default.sqlite")
        let entries = try entries(in: data)
        let built = ProjectFiles.program.flatMap { try? modified($0.path) } ?? .distantPast
        let newest = max(built, try entries.map { try modified($0.path) }.max() ?? .distantPast)
        if let built = try? modified(target.path), built >= max(newest, try modified(data.appendingPathComponent(listName).path)) {
            return target.path
        }
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // Build beside the target and rename, so that a reader never sees half a database.
        let temporary = cache.appendingPathComponent("default-\(ProcessInfo.processInfo.processIdentifier).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary.path + suffix) } }
        do {
            let store = try SpatiaLiteStore(path: temporary.path)
            try importAll(from: entries, into: store)
            try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        }
        guard rename(temporary.path, target.path) == 0 else {
            throw DatabaseError(description: "cannot move the default database into \(target.path): \(String(cString: strerror(errno)))")
        }
        return target.path
    }

    /// Imports the default data of `data` (Data/) into `store`.
    public static func importAll(from data: URL, into store: SpatiaLiteStore) throws {
        try importAll(from: try entries(in: data), into: store)
    }

    private static func importAll(from entries: [(path: String, kind: FeatureKind?)], into store: SpatiaLiteStore) throws {
        for group in Dictionary(grouping: entries, by: \.kind).sorted(by: { ($0.key?.rawValue ?? "") < ($1.key?.rawValue ?? "") }) {
            _ = try store.importFiles(try FileImport.parse(paths: group.value.map(\.path), kind: group.key), skipInvalid: false)
        }
    }

    private static func entries(in data: URL) throws -> [(path: String, kind: FeatureKind?)] {
        let list = try String(contentsOf: data.appendingPathComponent(listName), encoding: .utf8)
        return list.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { line in
                let fields = line.split(separator: "\t").map(String.init)
                return (data.appendingPathComponent(fields[0]).path, fields.count > 1 ? FeatureKind(rawValue: fields[1]) : nil)
            }
    }

    private static func modified(_ path: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date ?? .distantPast
    }
}
