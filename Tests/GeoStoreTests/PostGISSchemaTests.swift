import Foundation
import GeoCore
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import PostGISStore

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
        #expect(indexes.count == 14 && indexes.contains("poi_geom") && indexes.contains("poi_geom_planar") && indexes.contains("base_geom")
                && indexes.contains("time_zone_geom"), "\(indexes)")
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
