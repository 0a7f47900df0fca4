import Foundation
import GeoCore
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore

/// The spatial indexes an import leaves behind, checked by SQLite's own `rtreecheck` and by
/// SpatiaLite's `CheckSpatialIndex` (which compares every R*Tree entry with its row's geometry).
@Suite struct SpatialIndexTests {
    func assertIndexesSound(_ store: SpatiaLiteStore, _ comment: Comment) throws {
        for t in Schema.spatialTables {
            let index = "idx_\(t.table)_\(t.column)"
            #expect(try store.db.scalar("SELECT rtreecheck(?)", [index]) == "ok", "\(index) \(comment)")
            #expect(try store.db.scalar("SELECT CheckSpatialIndex(?, ?)", [t.table, t.column]) == Int64(1), "\(index) \(comment)")
            let located: Int64? = try store.db.scalar("SELECT count(*) FROM \"\(t.table)\" WHERE \"\(t.column)\" IS NOT NULL")
            #expect(try store.db.scalar("SELECT count(*) FROM \"\(index)\"") == located, "\(index) \(comment)")
        }
        // SpatiaLite's triggers are all back, so that other writers (QGIS, SQL) keep the index current.
        let triggers = try store.db.texts("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'g[gi][iud]_*'")
        #expect(Set(triggers).isSuperset(of: Schema.spatialTables.flatMap { t in
            ["ggi", "gii", "giu", "gid"].map { "\($0)_\(t.table)_\(t.column)" }
        }), "\(comment)")
    }

    @Test func packedBulkImportIncrementalImportAndPlainSQLInsertsAllKeepTheIndexesSound() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        let places = randomPlaces(20_000, seed: 3)
        _ = try store.importFiles([ParsedFile(file: "bulk", places.map(ImportRecord.place))], skipInvalid: false)
        try assertIndexesSound(store, "after a packed bulk import")
        #expect(try store.db.scalar("SELECT count(*) FROM idx_poi_geom_node") ?? 0 < Int64(20_000 / 51 * 11 / 10 + 10),
                "packed nodes are nearly full")

        let more = randomPlaces(50, seed: 4)
        _ = try store.importFiles([ParsedFile(file: "few", more.map(ImportRecord.place))], skipInvalid: false)
        try assertIndexesSound(store, "after a small import into a large index")

        // Another writer, through SpatiaLite's triggers alone.
        try store.db.execute("INSERT INTO poi (category, name, geom) VALUES ('see', 'Added by SQL', MakePoint(22.80612, 57.50935, 4326))")
        try assertIndexesSound(store, "after an insert by plain SQL")
        let found = try store.nearest(NearestQuery(center: Coordinate(lat: 57.50935, lon: 22.80612), limit: 1))
        #expect(found.features.first?.name == "Added by SQL")
        #expect(found.features.first?.distance == 0)
    }

    /// A trip's re-import replaces its catches: deleted, then inserted again at the same row ids
    /// when they were the newest rows, which the index must take in as new.
    @Test func catchesReplacedAtTheirOldRowIdsAreIndexed() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        var trip = TripRecord(name: "Evening at Roja")
        (trip.source, trip.sourceID, trip.spot) = ("diary", "t1", Coordinate(lat: 57.51, lon: 22.8))
        trip.catches = (0..<3).map { i in
            var c = CatchRecord(species: "perch")
            c.location = Coordinate(lat: 57.51 + Double(i) / 1000, lon: 22.8)
            return c
        }
        _ = try store.importFiles([ParsedFile(file: "diary", [.trip(trip)])], skipInvalid: false)
        try assertIndexesSound(store, "after the first import")
        _ = try store.importFiles([ParsedFile(file: "diary", [.trip(trip)])], skipInvalid: false)
        #expect(try store.db.scalar("SELECT count(*) FROM catch") == Int64(3))
        try assertIndexesSound(store, "after the re-import")
    }

    @Test func oneImportWithTheSameSourceIdTwiceKeepsTheLastAndTheUniqueIndexComesBack() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        func place(_ name: String, _ id: String, lat: Double) -> ImportRecord {
            var p = PlaceRecord(category: "see", name: name, location: Coordinate(lat: lat, lon: 24))
            (p.source, p.sourceID) = ("guide", id)
            return .place(p)
        }
        // Into an empty table (the unique index is set aside and rebuilt), then into a filled one.
        _ = try store.importFiles([ParsedFile(file: "a", [place("Old", "1", lat: 57), place("Other", "2", lat: 56), place("New", "1", lat: 58)])],
                                  skipInvalid: false)
        #expect(try store.db.texts("SELECT name FROM poi ORDER BY name") == ["New", "Other"])
        #expect(try store.db.texts("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'poi'").contains("poi_source"))
        _ = try store.importFiles([ParsedFile(file: "b", [place("Newer", "1", lat: 59)])], skipInvalid: false)
        #expect(try store.db.texts("SELECT name FROM poi ORDER BY name") == ["Newer", "Other"])
        try assertIndexesSound(store, "after updates by source id")
    }

    @Test func aRefusedGeometryTypeStillFailsThroughSpatiaLitesCheck() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        _ = try store.importFiles([ParsedFile(file: "one", randomPlaces(10, seed: 1).map(ImportRecord.place))], skipInvalid: false)
        // The type-check trigger set aside during imports is back: a line is no POI.
        #expect(throws: DatabaseError.self) {
            try store.db.execute("INSERT INTO poi (category, name, geom) VALUES ('see', 'Line', GeomFromText('LINESTRING(0 0, 1 1)', 4326))")
        }
    }
}
