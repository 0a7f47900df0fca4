import GeoCore
@testable import GeoStore

/// The query engine against brute force over every stored row, with the same distance function,
/// for each store.
struct OracleFixture {
    let database: TemporaryStore
    let store: any TestedStore
    let places: [PlaceRecord]
    let waters: [WaterRecord]

    init(_ kind: StoreKind) throws {
        places = randomPlaces(6_000, seed: 42)
        var rng = SeededRandom(seed: 5)
        // Small square lakes and short rivers scattered where the places are dense.
        waters = (0..<120).map { i in
            let c = Coordinate(lat: .random(in: -80...80, using: &rng), lon: .random(in: -179.5...179.5, using: &rng))
            let d = Double.random(in: 0.01...0.3, using: &rng)
            let geometry: Geometry = i % 2 == 0
                ? .polygon([[c, Coordinate(lat: c.lat, lon: c.lon + d), Coordinate(lat: c.lat + d, lon: c.lon + d),
                             Coordinate(lat: c.lat + d, lon: c.lon), c]])
                : .lineString([c, Coordinate(lat: c.lat + d, lon: c.lon + d / 2), Coordinate(lat: c.lat + d, lon: c.lon + d)])
            return WaterRecord(name: "W\(i)", waterKind: i % 2 == 0 ? "lake" : "river", geometry: geometry)
        }
        database = TemporaryStore(kind)
        store = try database.open()
        var unlocated = PlaceRecord(category: "stay", name: "Brīvdienu māja \"Vinkalni\"", location: nil)
        unlocated.names = ["lv": "Brīvdienu māja \"Vinkalni\""]
        _ = try store.importFiles([ParsedFile(file: "places", places.map(ImportRecord.place) + [.place(unlocated)]),
                                   ParsedFile(file: "waters", waters.map(ImportRecord.water))], skipInvalid: false)
    }

    /// Every located row as (id, category, geometry), from the generated records. Only the ids
    /// come from the database (an import numbers rows in its own order), matched by unique name.
    var rows: [(id: FeatureID, category: String, geometry: Geometry)] {
        get throws {
            func ids(_ kind: FeatureKind) throws -> [String: Int64] {
                var ids: [String: Int64] = [:]
                for pair in try store.texts("SELECT name || '|' || id FROM \(kind.rawValue)") {
                    let parts = pair.split(separator: "|")
                    ids[String(parts[0])] = Int64(parts[1])
                }
                return ids
            }
            let poi = try ids(.poi), water = try ids(.water)
            return places.map { (FeatureID(kind: .poi, row: poi[$0.name]!), $0.category, Geometry.point($0.location!)) }
                + waters.map { (FeatureID(kind: .water, row: water[$0.name!]!), "water", $0.geometry) }
        }
    }

    func bruteForceNearest(_ center: Coordinate, categories: Set<String>, maxDistance: Double = .infinity) throws -> [(Double, FeatureID)] {
        try rows.filter { categories.isEmpty || categories.contains($0.category) }
            .map { (Geodesic.distance(from: center, to: $0.geometry), $0.id) }
            .filter { $0.0 <= maxDistance }
            .sorted { $0 < $1 }
    }

    var queryPoints: [Coordinate] {
        var rng = SeededRandom(seed: 99)
        return [Coordinate(lat: 90, lon: 0), Coordinate(lat: -89.9, lon: 45), Coordinate(lat: 0, lon: 180),
                Coordinate(lat: 1, lon: -179.99), Coordinate(lat: 89.5, lon: 179.9), Coordinate(lat: 0, lon: 0)]
            + (0..<40).map { _ in Coordinate(lat: .random(in: -90...90, using: &rng), lon: .random(in: -180...180, using: &rng)) }
    }
}
