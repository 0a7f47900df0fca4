import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import PostGISStore
import Testing

/// A water mapped in pieces carries one mark: of the pieces of its name that touch, the largest
/// area, else the longest line. The waters are laid out here so that the answer is known beforehand; each store
/// must keep it through imports, updates, deletions and its migration.
@Suite struct WaterMarkTests {
    let files = TemporaryDatabase()

    /// A water's feature line: a line from `points` (longitude, latitude), named or not.
    static func water(_ id: String, _ name: String?, _ points: [(Double, Double)], polygon: Bool = false) -> String {
        let coordinates = "[" + points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ") + "]"
        let geometry = polygon ? #"{"type": "Polygon", "coordinates": [\#(coordinates)]}"# : #"{"type": "LineString", "coordinates": \#(coordinates)}"#
        let properties = name.map { "\"name\": \"\($0)\", " } ?? ""
        return #"{"type": "Feature", "id": "\#(id)", "properties": {\#(properties)"waterway": "river"}, "geometry": \#(geometry)}"#
    }

    /// Valira: a1–a2–a3 joined end to end (a2 the longest), b1–b2 apart from them, and a lake of
    /// the same name apart from both; two unnamed stretches joined; Arinsal, another name, from
    /// a1's first point; the Gran Valira's area in two pieces sharing an edge, g2 the larger.
    static let rivers = [
        water("a1", "Valira", [(1.50, 42.50), (1.51, 42.50)]),
        water("a2", "Valira", [(1.51, 42.50), (1.52, 42.501), (1.54, 42.50)]),
        water("a3", "Valira", [(1.54, 42.50), (1.55, 42.50)]),
        water("b1", "Valira", [(1.60, 42.60), (1.62, 42.60)]),
        water("b2", "Valira", [(1.62, 42.60), (1.63, 42.60)]),
        water("lake", "Valira", [(1.57, 42.55), (1.58, 42.55), (1.58, 42.56), (1.57, 42.55)], polygon: true),
        water("u1", nil, [(1.45, 42.45), (1.46, 42.45)]),
        water("u2", nil, [(1.46, 42.45), (1.48, 42.45)]),
        water("r1", "Riu d'Arinsal", [(1.50, 42.50), (1.49, 42.52)]),
        water("g1", "Riu Gran Valira", [(1.40, 42.40), (1.41, 42.40), (1.41, 42.41), (1.40, 42.41), (1.40, 42.40)], polygon: true),
        water("g2", "Riu Gran Valira", [(1.41, 42.40), (1.43, 42.40), (1.43, 42.41), (1.41, 42.41), (1.41, 42.40)], polygon: true),
    ]

    private func load(_ store: any TestedStore, _ features: [String]) throws {
        let url = files.directory.appendingPathComponent("rivers-\(UUID().uuidString).geojson")
        try Data(#"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ",\n"))]}"#.utf8).write(to: url)
        _ = try store.importFiles(FileImport.parse(paths: [url.path], kind: .water, source: "rivers"), skipInvalid: false,
                                  strictTimezones: false, replacingSources: [], allowShrink: false)
    }

    /// The source ids of the waters whose features carry a mark, as a map reads them.
    private func carriers(_ store: any TestedStore) throws -> Set<String> {
        let features = try store.bbox(BoxQuery(box: BoundingBox(minLon: 1, minLat: 42, maxLon: 2, maxLat: 43), limit: 100)).features
        #expect(features.count == (try store.count("water")))
        let ids = try Dictionary(uniqueKeysWithValues: store.texts("SELECT id || ' ' || source_id FROM water").map { row in
            let parts = row.split(separator: " ")
            return (Int64(parts[0])!, String(parts[1]))
        })
        return Set(features.filter(\.carriesMark).map { ids[$0.id.row]! })
    }

    @Test(arguments: StoreKind.available)
    func aRiverOfManyStretchesCarriesOneMarkThroughEveryChange(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        try load(store, Self.rivers)
        #expect(try carriers(store) == ["a2", "b1", "lake", "u1", "u2", "r1", "g2"])

        // Without its longest stretch the river falls apart in two, each marked.
        let a2 = try #require(Int64(store.texts("SELECT id FROM water WHERE source_id = 'a2'").first ?? ""))
        #expect(try store.delete(.ids([FeatureID(kind: .water, row: a2)])) == [.water: 1])
        #expect(try carriers(store) == ["a1", "a3", "b1", "lake", "u1", "u2", "r1", "g2"])

        // A long stretch joins a3 to b1: one river, marked at the new stretch; imported again
        // under another name, b2 leaves it and is marked on its own.
        try load(store, [Self.water("j", "Valira", [(1.55, 42.50), (1.60, 42.60)]),
                         Self.water("b2", "Valira Petita", [(1.62, 42.60), (1.63, 42.60)])])
        #expect(try carriers(store) == ["a1", "j", "b2", "lake", "u1", "u2", "r1", "g2"])
        // Search follows the new name (its trigger now fires on the name, not on every column).
        #expect(try store.search(SearchQuery(text: "petita")).features.map(\.name) == ["Valira Petita"])

        // Another connection sees the same marks.
        #expect(try carriers(temporary.open(readOnly: true)) == ["a1", "j", "b2", "lake", "u1", "u2", "r1", "g2"])
    }

    /// A database of version 8 holds river stretches written before any mark was chosen, and a
    /// row another program inserts later; opening it chooses for both.
    @Test(arguments: StoreKind.available)
    func aDatabaseOfVersion8MarksItsRiversOnce(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let rows = [("a1", "LINESTRING(1.50 42.50, 1.51 42.50)"), ("a2", "LINESTRING(1.51 42.50, 1.54 42.50)"),
                    ("a3", "LINESTRING(1.54 42.50, 1.55 42.50)")]
        switch kind {
        case .spatiaLite:
            let db = try oldSpatiaLiteDatabase(temporary.location, version: 8)
            for (i, (id, line)) in rows.enumerated() {
                try db.execute("INSERT INTO water (id, name, kind, source, source_id, geom) VALUES (\(i + 1), 'Valira', 'river', 'rivers', '\(id)', GeomFromText('\(line)', 4326))")
            }
        case .postGIS:
            let old = try oldPostGISSchema(temporary, version: 8)
            for (i, (id, line)) in rows.enumerated() {
                try old.execute("INSERT INTO water (id, name, kind, source, source_id, geom) VALUES (\(i + 1), 'Valira', 'river', 'rivers', '\(id)', 'SRID=4326;\(line)')")
            }
        }
        let store = try temporary.open()
        #expect(try carriers(store) == ["a2"])
        // Rows written by other SQL are chosen for by the next writer that opens the database.
        switch store {
        case let spatiaLite as SpatiaLiteStore:
            try spatiaLite.db.execute("INSERT INTO water (id, name, kind, source, source_id, geom) VALUES (4, 'Valira', 'river', 'rivers', 'a4', GeomFromText('LINESTRING(1.55 42.50, 1.60 42.50)', 4326))")
        case let postGIS as PostGISStore:
            try postGIS.execute("INSERT INTO water (id, name, kind, source, source_id, geom) VALUES (4, 'Valira', 'river', 'rivers', 'a4', 'SRID=4326;LINESTRING(1.55 42.50, 1.60 42.50)')")
        default: Issue.record("\(kind): no SQL")
        }
        #expect(try carriers(temporary.open()) == ["a4"])
    }
}
