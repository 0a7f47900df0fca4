import CSpatiaLite
import Foundation
import GeoCore
import GeoStore

/// The embedded store: one SpatiaLite file. One instance per thread (SQLite connections are
/// not shared); open several read-only instances for parallel readers.
public final class SpatiaLiteStore: QueryEngine {
    let db: Database
    let search = RTreeSearch()
    let poiCategories = CategoryCache()
    public let searchCache: SearchCache
    /// How far the last nearest search of each kind had to look; the next one starts there.
    var reachGuess: [FeatureKind: Double] = [:]
    /// The kinds without rows, as of a data version (`nearestRows(of:…)` skips their walks).
    var emptyKinds: (version: Int64, kinds: Set<FeatureKind>)?
    /// The names records come from, as of a data version (`knownSources`).
    var sourceNames: (version: Int64, names: Set<String>)?
    private var statements: [String: Statement] = [:]
    /// Whether the file has been seen to hold the base table (`holdsBase`), and its sources and box
    /// as of a data version (`baseSources`, `baseBounds`).
    var hasBaseTable = false
    var baseSourceList: (version: UInt64, sources: [String])?
    var baseBox: (version: UInt64, box: BoundingBox?)?
    /// Whether the file holds time zone polygons, as of a data version (`holdsZones`).
    var hasZones: (version: UInt64, holds: Bool)?
    /// `SELECT AsBinary(?)` on a connection of its own, in memory, for the BLOBs `SpatiaLiteBlob`
    /// leaves to SpatiaLite (`geometry(ofBlob:)`): registering SpatiaLite on `db` in the middle of
    /// a query (a read-only connection registers it when first needed) would meet SQLite refusing
    /// to replace its built-in functions while a statement runs.
    var wkbReader: (connection: Database, statement: Statement)?

    /// What the connection was opened with: an import sets it aside and puts it back.
    let memory: Memory

    /// How much memory a connection may use for the database's pages.
    public enum Memory: Sendable {
        /// The file mapped (up to 1 GiB) and 64 MiB of page cache: fastest for one connection.
        case generous
        /// No mapping, 8 MiB of page cache: pages come from the kernel's file cache, which is not
        /// the process's own memory, so a server with a connection per worker stays small.
        case lean

        var pragmas: String {
            switch self {
            case .generous: "PRAGMA mmap_size = 1073741824; PRAGMA cache_size = \(SpatiaLiteStore.cacheSize)"
            case .lean: "PRAGMA mmap_size = 0; PRAGMA cache_size = -8192"
            }
        }
    }

    /// Opens (and, unless read-only, creates and migrates) the database at `path`; `searchCache` may be
    /// shared with other connections to it.
    public init(path: String, readOnly: Bool = false, memory: Memory = .generous, searchCache: SearchCache = SearchCache()) throws {
        self.searchCache = searchCache
        self.memory = memory
        if readOnly, !FileManager.default.fileExists(atPath: path) {
            throw DatabaseError(description: "no database at \(path)")
        }
        db = try Database(path: path, readOnly: readOnly)
        try search.register(on: db)
        // By default the file is mapped instead of read page by page through system calls, and
        // more of it kept: queries touch pages all over a large index.
        try db.execute(memory.pragmas)
        if readOnly {
            // A file of an older schema is brought up to date first when it and its folder may be
            // written: this version's queries read this version's tables (the connection sees the
            // new schema). When that fails, the queries make do with the older tables.
            let folder = (path as NSString).deletingLastPathComponent
            if try Schema.check(db) < Schema.version, access(path, W_OK) == 0, access(folder.isEmpty ? "." : folder, W_OK) == 0 {
                _ = try? SpatiaLiteStore(path: path, memory: .lean, searchCache: searchCache)
            }
        } else {
            // With WAL, synchronous NORMAL keeps the database consistent and syncs at checkpoints.
            try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
            try Schema.migrate(db)
            // Names another program's writes (or migration 9) left to choose a water's mark for.
            if try db.scalar("SELECT EXISTS (SELECT 1 FROM water_regroup)") == Int64(1) {
                try db.waitingForTheWriteLock { try db.transaction { try regroupWaters() } }
            }
        }
    }

    deinit {
        // Finalize every statement while the connection and SpatiaLite's cache are still alive.
        statements.removeAll()
    }

    /// The page cache of a connection, in SQLite's notation (negative: KiB).
    static let cacheSize = -65536

    /// The size and modification time of the file and of its write-ahead log, which every commit
    /// of any process touches.
    public func dataVersion() -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in [db.path, db.path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            for n in [UInt64(bitPattern: Int64(info.st_size)), UInt64(bitPattern: Int64(info.st_mtim.tv_sec)),
                      UInt64(bitPattern: Int64(info.st_mtim.tv_nsec))] {
                hash = (hash ^ n) &* 0x100_0000_01b3
            }
        }
        return hash
    }

    /// Whether the search index has a column per `SearchField` (`Schema.searchFieldsVersion`), as
    /// the connection first finds it.
    lazy var searchIsFielded = schemaVersion >= Schema.searchFieldsVersion

    public var schemaVersion: Int { Int((try? db.scalar("PRAGMA user_version") as Int64?) ?? 0) }

    /// A prepared statement kept for the life of the connection, under `key` (by default its SQL);
    /// `sql` is only built the first time.
    func cached(_ key: String, _ sql: @autoclosure () -> String) throws -> Statement {
        if let statement = statements[key] { return statement }
        let statement = try db.prepare(sql())
        statements[key] = statement
        return statement
    }

    func cached(_ sql: String) throws -> Statement { try cached(sql, sql) }

    /// The single value of a one-row query, through a cached statement (for lookups per record).
    func value<T: ColumnValue>(_ sql: String, _ bindings: [any Bindable]) throws -> T? {
        let statement = try cached(sql)
        try statement.bind(bindings)
        defer { statement.reset() }
        return try statement.step() ? T(statement, column: 0) : nil
    }

    /// Runs `body` in one read transaction: its statements all see the same state of the
    /// database (an import that commits meanwhile shows in all of them or none), and the file's
    /// locks are taken once rather than for every statement (a page of nearest features with
    /// their details is a dozen). Not nested, and not around writes.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        // Prepared once per connection, not parsed anew around every job (BENCHMARKS.md).
        let (begin, commit) = (try cached("BEGIN"), try cached("COMMIT"))
        try begin.run([])
        defer { try? commit.run([]) }
        return try body()
    }
}
