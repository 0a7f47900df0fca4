import CSpatiaLite
import Foundation
import GeoCore

/// The embedded store: one SpatiaLite file. One instance per thread (SQLite connections are
/// not shared); open several read-only instances for parallel readers.
public final class SpatiaLiteStore: QueryEngine {
    let db: Database
    let search = RTreeSearch()
    let poiCategories = CategoryCache()
    /// How far the last nearest search of each kind had to look; the next one starts there.
    var reachGuess: [FeatureKind: Double] = [:]
    /// The kinds without rows, as of a data version (`nearestRows(of:…)` skips their walks).
    var emptyKinds: (version: Int64, kinds: Set<FeatureKind>)?
    private var statements: [String: Statement] = [:]

    /// Opens (and, unless read-only, creates and migrates) the database at `path`.
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

    public init(path: String, readOnly: Bool = false, memory: Memory = .generous) throws {
        if readOnly, !FileManager.default.fileExists(atPath: path) {
            throw DatabaseError(description: "no database at \(path)")
        }
        db = try Database(path: path, readOnly: readOnly)
        try search.register(on: db)
        // By default the file is mapped instead of read page by page through system calls, and
        // more of it kept: queries touch pages all over a large index.
        try db.execute(memory.pragmas)
        if readOnly {
            try Schema.check(db)
        } else {
            // With WAL, synchronous NORMAL keeps the database consistent and syncs at checkpoints.
            try db.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
            try Schema.migrate(db)
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
        // Prepared once: parsing the two statements anew took a tenth of a server's nearest job.
        let (begin, commit) = (try cached("BEGIN"), try cached("COMMIT"))
        try begin.run([])
        defer { try? commit.run([]) }
        return try body()
    }

    // MARK: Import

    public func importFiles(_ files: [ParsedFile], skipInvalid: Bool) throws -> ImportSummary {
        let plan = try ImportPlan(files, skipInvalid: skipInvalid)
        var summary = plan.summary
        defer {
            poiCategories.invalidate()
            emptyKinds = nil
        }
        // Room for the whole import in memory, so that SQLite does not spill pages half-way;
        // pages are only taken as they are needed.
        try db.execute("PRAGMA cache_size = -1048576")
        defer { try? db.execute("PRAGMA cache_size = \(Self.cacheSize)") }
        try db.transaction {
            let bulk = try BulkLoad(db)
            for (file, record, value, id) in plan.records {
                do {
                    try insert(value, id: id, bulk: bulk)
                } catch {
                    // A record the database refuses aborts the whole import: nothing half-written.
                    throw ImportFailure(problems: [ImportProblem(file: file, record: record, reason: "\(error)")])
                }
                summary.inserted[value.kind, default: 0] += 1
            }
            try bulk.finish()
        }
        TestHook.pauseAfterCommit()
        return summary
    }

    private func insert(_ record: ImportRecord, id: Int64?, bulk: BulkLoad) throws {
        switch record {
        case let .place(p):
            _ = try upsert("poi", bulk, ["category", "name", "names", "description", "descriptions", "address", "phone",
                                   "mobile_phone", "email", "website", "images", "timezone"], geometry: "geom",
                           [p.category, p.name, JSON.text(p.names), p.description, JSON.text(p.descriptions), p.address,
                            p.phone, p.mobilePhone, p.email, p.website, JSON.text(p.images), p.timezone],
                           GeometryValue.point(p.location), source: p.source, sourceID: p.sourceID, id: id)
        case let .water(w):
            _ = try upsert("water", bulk, ["name", "kind", "district", "organisation"], geometry: "geom",
                           [w.name, w.waterKind, w.district, w.organisation], GeometryValue.wkb(w.geometry), source: w.source, sourceID: w.sourceID, id: id)
        case let .cinema(c):
            let cinema = try upsert("cinema", bulk, ["name", "address", "website", "timezone"], geometry: "geom",
                                    [c.name, c.address, c.website, c.timezone], GeometryValue.point(c.location),
                                    source: c.source, sourceID: c.sourceID, id: id)
            // A cinema imported again brings its whole programme anew.
            try cached("DELETE FROM screening WHERE cinema_id = ?").run([cinema])
            let screening = try cached("""
                INSERT INTO screening (cinema_id, title, start_utc, timezone, minutes, rating, version)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for s in c.screenings {
                try screening.run([cinema, s.title, UTC.format(s.start), c.timezone, s.minutes, s.rating, s.version])
            }
        case let .trip(t):
            var water: Int64?
            if let name = t.waterName {
                water = try value("SELECT id FROM water WHERE name = ? ORDER BY id LIMIT 1", [name])
                guard water != nil else { throw DatabaseError(description: "water: no stored water is named '\(name)'") }
            }
            let trip = try upsert("trip", bulk, ["name", "start_utc", "end_utc", "notes", "weather", "water_id",
                                           "track"], geometry: "spot",
                                  [t.name, t.start.map(UTC.format), t.end.map(UTC.format), t.notes, t.weather, water,
                                   GeometryValue.wkb(t.track.map { .lineString($0) })],
                                  GeometryValue.point(t.spot ?? t.track?.first), source: t.source, sourceID: t.sourceID, id: id)
            try cached("DELETE FROM catch WHERE trip_id = ?").run([trip])
            let insertCatch = try cached("""
                INSERT INTO catch (trip_id, species, length_cm, weight_kg, time_utc, bait, geom)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for c in t.catches {
                try insertCatch.run([trip, c.species, c.lengthCm, c.weightKg, c.time.map(UTC.format), c.bait,
                                     GeometryValue.point(c.location)])
            }
        }
    }

    /// Inserts a row, or updates the row with the same source and source id; returns its id.
    /// Into a table that was empty when the import began there is nothing to update, and a plain
    /// insert is enough. A record of an export keeps its `id`.
    private func upsert(_ table: String, _ bulk: BulkLoad, _ columns: [String], geometry: String, _ values: [any Bindable],
                        _ shape: GeometryValue, source: String?, sourceID: String?, id: Int64?) throws -> Int64 {
        let fresh = bulk.isFresh(table)
        let statement = try cached("\(fresh ? "insert" : "upsert") \(table)\(id == nil ? "" : " with id")", {
            let all = columns + [geometry, "source", "source_id"] + (id == nil ? [] : ["id"])
            let placeholders = (values + [shape]).map { ($0 as? GeometryValue)?.placeholder ?? "?" } + ["?", "?"] + (id == nil ? [] : ["?"])
            let update = "ON CONFLICT (source, source_id) DO UPDATE SET " + all.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            return "INSERT INTO \(table) (\(all.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", "))) \(fresh ? "" : update) RETURNING id"
        }())
        try statement.bind(values + [shape, source, sourceID] + (id.map { [$0] } ?? []))
        guard try statement.step() else { throw DatabaseError(description: "\(table): the row was not stored") }
        let id = statement.int(0)
        while try statement.step() {}
        return id
    }
}

/// A value bound to a geometry column, with the SQL that makes a geometry of it.
enum GeometryValue: Bindable {
    /// A point (or NULL), bound straight in SpatiaLite's own BLOB format: points are most rows of
    /// a bulk import, and this skips parsing WKB into a geometry and writing it back out per row.
    case point(Coordinate?)
    /// Any geometry (or NULL), bound as WKB for SpatiaLite to read.
    case wkb(Geometry?)

    var placeholder: String {
        if case .point = self { "?" } else { "GeomFromWKB(?, 4326)" }
    }

    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case let .point(c): c.map { SpatiaLiteBlob.encode($0) }.bind(to: statement, at: index)
        case let .wkb(g): g.map { WKB.encode($0) }.bind(to: statement, at: index)
        }
    }
}

/// Instants as stored: ISO 8601 in UTC, second precision, so text order is time order.
package enum UTC {
    package static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    package static func parse(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(timeZone: .gmt).parse(text)
    }
}
