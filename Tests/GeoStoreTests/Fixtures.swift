import Foundation
import Testing
import GeoCore
@testable import GeoStore
@testable import PostGISStore

/// A fresh database file in a temporary directory, removed with its directory at deinit.
final class TemporaryDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("test.sqlite").path }

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

extension ParsedFile {
    init(file: String, _ records: [ImportRecord]) {
        self.init(file: file)
        for (i, r) in records.enumerated() { add(r, at: "feature \(i)") }
    }
}

let testCategories = ["do", "see", "stay", "eat", "route"]

/// Random places: uniform over the globe, plus clusters at both poles and on both sides of the antimeridian.
func randomPlaces(_ count: Int, seed: UInt64) -> [PlaceRecord] {
    var rng = SeededRandom(seed: seed)
    return (0..<count).map { i in
        let location: Coordinate
        switch i % 10 {
        case 0: location = Coordinate(lat: .random(in: 88...90, using: &rng), lon: .random(in: -180...180, using: &rng))
        case 1: location = Coordinate(lat: .random(in: -90 ... -88, using: &rng), lon: .random(in: -180...180, using: &rng))
        case 2: location = Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: 179...180, using: &rng))
        case 3: location = Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: -180 ... -179, using: &rng))
        default: location = Coordinate(lat: .random(in: -90...90, using: &rng), lon: .random(in: -180...180, using: &rng))
        }
        return PlaceRecord(category: testCategories[Int.random(in: 0..<5, using: &rng)], name: "P\(i)", location: location)
    }
}

extension Database {
    /// The first column of every row, as text ("NULL" for null).
    func texts(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        var result: [String] = []
        while try statement.step() { result.append(statement.string(0) ?? "NULL") }
        return result
    }

    func count(_ table: String) throws -> Int {
        Int(try scalar("SELECT count(*) FROM \"\(table)\"") as Int64? ?? -1)
    }

    /// Every row of every ordinary table — ours, SpatiaLite's metadata and the R*Tree shadow tables —
    /// with each value quoted, plus the row count of each R*Tree. Equal snapshots mean equal content.
    func contentSnapshot() throws -> [String: [String]] {
        var snapshot: [String: [String]] = [:]
        for table in try texts("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'") {
            let columns = try texts("SELECT name FROM pragma_table_info('\(table)')")
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            snapshot[table] = try texts("SELECT \(row) FROM \"\(table)\" ORDER BY rowid")
        }
        for index in try texts("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%USING rtree%'") {
            snapshot[index] = ["\(try count(index)) rows"]
        }
        return snapshot
    }
}

/// The stores the conformance suite runs against: SpatiaLite always, PostGIS when
/// `$WAYMARK_TEST_POSTGRES` names a database with the postgis extension (.ci/run starts one with
/// scripts/pg-test-cluster.sh). Without it the PostGIS half is skipped, and
/// `PostGISAvailabilityTests` says so in the test report.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case spatiaLite, postGIS

    static let postgresURL = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    static let available: [StoreKind] = postgresURL == nil ? [.spatiaLite] : allCases

    var testDescription: String { rawValue }
}

/// A store under test, and what the tests read of its tables with their own SQL (which both
/// databases understand as written).
protocol TestedStore: QueryEngine {
    /// The first column of every row, as text ("NULL" for null).
    func texts(_ sql: String) throws -> [String]
    /// Every row of every table of Waymark's, as text: equal snapshots mean equal content.
    func contentSnapshot() throws -> [String: [String]]
}

extension TestedStore {
    func count(_ table: String) throws -> Int { Int(try texts("SELECT count(*) FROM \(table)").first ?? "") ?? -1 }
}

extension SpatiaLiteStore: TestedStore {
    func texts(_ sql: String) throws -> [String] { try db.texts(sql) }
    func contentSnapshot() throws -> [String: [String]] { try db.contentSnapshot() }
}

extension PostGISStore: TestedStore {
    func texts(_ sql: String) throws -> [String] {
        try rows("SELECT (q.*)::text FROM (\(sql)) AS q").map { row in
            // A one-column row's text is "(value)", quoted when it has to be.
            var text = try row[0].decode(String.self)
            text = String(text.dropFirst().dropLast())
            if text.isEmpty { return "NULL" }
            if text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
            }
            return text
        }
    }

    func contentSnapshot() throws -> [String: [String]] {
        var snapshot: [String: [String]] = [:]
        for table in ["poi", "water", "cinema", "screening", "trip", "catch", "waymark_schema"] {
            snapshot[table] = try rows("SELECT t::text FROM \(table) AS t ORDER BY 1").map { try $0[0].decode(String.self) }
        }
        return snapshot
    }
}

/// A fresh, empty database of one kind: a SpatiaLite file in a temporary folder, or a schema of
/// its own in the test database (so that tests run in parallel), dropped at deinit.
final class TemporaryStore {
    let kind: StoreKind
    let files = TemporaryDatabase()
    private let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()

    init(_ kind: StoreKind) { self.kind = kind }

    /// Where the store is: a file path, or a postgres:// URL.
    var location: String {
        switch kind {
        case .spatiaLite: files.path
        case .postGIS: StoreKind.postgresURL! + "?schema=" + schema
        }
    }

    /// A new connection to the database (created and migrated on first use).
    func open(readOnly: Bool = false) throws -> any TestedStore {
        switch kind {
        case .spatiaLite: try SpatiaLiteStore(path: location, readOnly: readOnly)
        case .postGIS: try PostGISStore(url: location, readOnly: readOnly)
        }
    }

    deinit {
        guard kind == .postGIS, let store = try? PostGISStore(url: location) else { return }
        try? store.execute("DROP SCHEMA \(schema) CASCADE")
    }
}

/// Says in the test report whether the PostGIS half of the conformance suite ran.
@Suite struct PostGISAvailabilityTests {
    @Test(.enabled(if: StoreKind.postgresURL != nil,
                   "WAYMARK_TEST_POSTGRES is unset: the PostGIS half of the store tests was skipped (.ci/run starts a cluster)"))
    func theTestDatabaseHasPostGIS() throws {
        let temporary = TemporaryStore(.postGIS)
        let store = try #require(try temporary.open() as? PostGISStore)
        #expect(try store.texts("SELECT extname FROM pg_extension WHERE extname = 'postgis'") == ["postgis"])
        #expect(store.schemaVersion == PostGISSchema.current)
    }
}

/// PostGIS's own side of the schema: tables, indexes and versions.
@Suite struct PostGISSchemaTests {
    @Test(.enabled(if: StoreKind.postgresURL != nil, "WAYMARK_TEST_POSTGRES is unset: PostGIS's schema was not checked"))
    func aNewDatabaseHasGeographyColumnsWithBothIndexesAndRefusesANewerSchema() throws {
        let temporary = TemporaryStore(.postGIS)
        let store = try #require(try temporary.open() as? PostGISStore)
        #expect(try store.texts("""
            SELECT f_table_name || '.' || f_geography_column || ' ' || type || ' ' || srid FROM geography_columns
            WHERE f_table_schema = current_schema() ORDER BY 1
            """) == ["catch.geom Point 4326", "cinema.geom Point 4326", "poi.geom Point 4326",
                     "trip.spot Point 4326", "trip.track LineString 4326", "water.geom Geometry 4326"])
        let indexes = try store.texts("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE '%USING gist%' ORDER BY 1")
        #expect(indexes.count == 12 && indexes.contains("poi_geom") && indexes.contains("poi_geom_planar"), "\(indexes)")
        // A large import into the empty table builds the indexes after the rows: they are back.
        _ = try store.importFiles([ParsedFile(file: "many", randomPlaces(10_000, seed: 7).map(ImportRecord.place))], skipInvalid: false)
        #expect(try store.texts("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexdef LIKE '%USING gist%' ORDER BY 1") == indexes)
        try store.execute("DELETE FROM poi")
        // Opening it again migrates nothing and keeps the data.
        try importEveryKind(into: store)
        let before = try store.contentSnapshot()
        #expect(try temporary.open().contentSnapshot() == before)

        try store.execute("UPDATE waymark_schema SET version = version + 1")
        for readOnly in [false, true] {
            let error = #expect(throws: DatabaseError.self) { try temporary.open(readOnly: readOnly) }
            #expect(error?.description.contains("schema version \(PostGISSchema.current + 1), newer") == true, "\(String(describing: error))")
        }
        // Read-only connections refuse writes (a replica's would anyway).
        try store.execute("UPDATE waymark_schema SET version = version - 1")
        let reader = try temporary.open(readOnly: true)
        #expect(throws: DatabaseError.self) { try reader.importFiles([ParsedFile(file: "x", [.place(PlaceRecord(category: "eat", name: "X", location: nil))])], skipInvalid: false) }
        #expect(try store.contentSnapshot() == before)
    }

    /// A database used without `?schema=` has Waymark's tables in public, which is on every store's
    /// search path (PostGIS lives there): a store in a schema of its own still makes and uses its own.
    @Test(.enabled(if: StoreKind.postgresURL != nil, "WAYMARK_TEST_POSTGRES is unset: PostGIS's schema was not checked"))
    func aSchemaOfItsOwnIsMigratedWhenPublicHoldsWaymarksTables() throws {
        // Its own database, so that its public schema is this test's alone.
        let admin = try PostGISStore(url: StoreKind.postgresURL!, readOnly: true)
        try admin.execute("SET default_transaction_read_only = off")
        let name = "waymark_public_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try admin.execute("CREATE DATABASE \(name)")
        defer { try? admin.execute("DROP DATABASE \(name) WITH (FORCE)") }
        var components = try #require(URLComponents(string: StoreKind.postgresURL!))
        components.path = "/" + name
        let base = try #require(components.string)
        do {
            let inPublic = try PostGISStore(url: base)
            try importEveryKind(into: inPublic)
            let own = try PostGISStore(url: base + "?schema=own")
            #expect(try own.texts("SELECT count(*) FROM poi") == ["0"])
            #expect(try own.texts("SELECT count(*) FROM pg_tables WHERE schemaname = 'own' AND tablename = 'poi'") == ["1"])
            #expect(try inPublic.texts("SELECT count(*) FROM poi") != ["0"])
            // Read-only, a schema that is not there is refused rather than read through to public's tables.
            let missing = #expect(throws: DatabaseError.self) { try PostGISStore(url: base + "?schema=misspelt", readOnly: true) }
            #expect(missing?.description.contains("the schema 'misspelt' does not exist") == true, "\(String(describing: missing))")
        }
    }
}
