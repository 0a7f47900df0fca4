import Foundation
import GeoCore
import Testing
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

@Suite struct QueryOracleTests {
    @Test(arguments: StoreKind.available)
    func nearestEqualsBruteForce(_ kind: StoreKind) throws {
        let f = try OracleFixture(kind), store = f.store
        for (i, center) in f.queryPoints.enumerated() {
            let filter: Set<String> = [[], ["eat"], ["see", "water"], ["water"]][i % 4]
            let result = try store.nearest(NearestQuery(center: center, limit: 10, categories: CategoryFilter(filter)))
            let oracle = try f.bruteForceNearest(center, categories: filter).prefix(10)
            #expect(result.features.map(\.id) == oracle.map(\.1), "nearest at \(center) \(filter)")
            for (feature, o) in zip(result.features, oracle) { #expect(feature.distance == o.0) }
        }
    }

    @Test(arguments: StoreKind.available)
    func withinEqualsBruteForceAcrossPages(_ kind: StoreKind) throws {
        let f = try OracleFixture(kind), store = f.store
        for center in f.queryPoints.prefix(20) {
            let radius = 600_000.0
            let oracle = try f.bruteForceNearest(center, categories: [], maxDistance: radius)
            var collected: [FeatureID] = []
            var after: Cursor?
            repeat {
                let page = try store.nearest(NearestQuery(center: center, limit: 7, maxDistance: radius, after: after))
                collected += page.features.map(\.id)
                #expect(page.features.allSatisfy { $0.distance! <= radius })
                after = page.next
            } while after != nil
            #expect(collected == oracle.map(\.1), "within 600 km of \(center)")
        }
    }

    @Test(arguments: StoreKind.available)
    func withinAskingForThousandsWalksUnorderedAndStillEqualsBruteForce(_ kind: StoreKind) throws {
        let f = try OracleFixture(kind), store = f.store
        for (i, center) in f.queryPoints.prefix(12).enumerated() {
            // The whole globe once, so that the answer spans pages.
            let radius = i == 0 ? 20_000_000.0 : 3_000_000
            let oracle = try f.bruteForceNearest(center, categories: ["eat", "water"], maxDistance: radius)
            var collected: [FeatureID] = []
            var after: Cursor?
            repeat {
                let page = try store.nearest(NearestQuery(center: center, limit: wholeRange,
                                                          categories: CategoryFilter(["eat", "water"]), maxDistance: radius, after: after))
                collected += page.features.map(\.id)
                after = page.next
            } while after != nil
            #expect(collected == oracle.map(\.1), "within \(radius) m of \(center)")
            if i == 0 { #expect(collected.count > wholeRange) }
        }
    }

    @Test(arguments: StoreKind.available)
    func bboxEqualsBruteForceIncludingTheAntimeridian(_ kind: StoreKind) throws {
        let f = try OracleFixture(kind), store = f.store
        let boxes = [BoundingBox(minLon: 170, minLat: -15, maxLon: -170, maxLat: 15),
                     BoundingBox(minLon: -20, minLat: 30, maxLon: 40, maxLat: 70),
                     BoundingBox(minLon: -180, minLat: 85, maxLon: 180, maxLat: 90)]
        for box in boxes {
            for filter: Set<String> in [[], ["stay", "water"]] {
                let oracle = try f.rows.filter { row in
                    (filter.isEmpty || filter.contains(row.category))
                        && box.unwrapped.contains { part in
                            if case let .point(c) = row.geometry { return part.contains(c) }
                            return PlanarGeometry.geometry(row.geometry, intersects: part)
                        }
                }.map(\.id).sorted()
                #expect(!oracle.isEmpty)
                // Small pages (an ordered walk) and large ones (unordered, then sorted).
                for limit in [50, wholeRange] {
                    var collected: [FeatureID] = []
                    var after: Cursor?
                    repeat {
                        let page = try store.bbox(BoxQuery(box: box, limit: limit, categories: CategoryFilter(filter), after: after))
                        collected += page.features.map(\.id)
                        after = page.next
                    } while after != nil
                    #expect(collected == oracle, "bbox \(box) \(filter) in pages of \(limit)")
                }
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func placesWithoutCoordinatesAreKeptButNeverReturned(_ kind: StoreKind) throws {
        let f = try OracleFixture(kind), store = f.store
        let counts = try store.categories()
        let stay = try #require(counts.first { $0.category == "stay" })
        #expect(stay.count == stay.located + 1)
        var everything: [Feature] = []
        var after: Cursor?
        repeat {
            let page = try store.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), limit: maximumLimit, after: after))
            everything += page.features
            after = page.next
        } while after != nil
        #expect(everything.count == f.places.count + f.waters.count)
        #expect(!everything.contains { $0.name == "Brīvdienu māja \"Vinkalni\"" })
    }
}

/// Where a sphere and the ellipsoid disagree about what is nearer: at the equator a degree of
/// meridian is 0.7% shorter than a degree of the equator, on a sphere they are equal. Forty places
/// east of the centre come first by sphere distance (what PostGIS's KNN orders by), forty places
/// north are nearer on the ellipsoid: a store must not stop at the sphere's order.
@Suite struct EllipsoidOrderTests {
    @Test(arguments: StoreKind.available)
    func nearestAndItsPagesFollowTheEllipsoidNotTheSphere(_ kind: StoreKind) throws {
        let center = Coordinate(lat: 0, lon: 0)
        let east = (0..<40).map { PlaceRecord(category: "see", name: "E\($0)", location: Coordinate(lat: 0, lon: 0.9 + Double($0) * 0.00002)) }
        let north = (0..<40).map { PlaceRecord(category: "see", name: "N\($0)", location: Coordinate(lat: 0.905 + Double($0) * 0.00001, lon: 0)) }
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        _ = try store.importFiles([ParsedFile(file: "places", (east + north).map(ImportRecord.place))], skipInvalid: false)
        let oracle = (east + north).map { (distance: Geodesic.distance(center, $0.location!), name: $0.name) }.sorted { $0 < $1 }
        // The premise: every northern place is nearer than every eastern one.
        #expect(oracle.prefix(40).allSatisfy { $0.name.hasPrefix("N") })

        let nearest = try store.nearest(NearestQuery(center: center, limit: 10)).features
        #expect(nearest.map(\.name) == oracle.prefix(10).map(\.name))
        #expect(nearest.map(\.distance) == oracle.prefix(10).map(\.distance))
        var names: [String?] = [], after: Cursor?
        repeat {
            let page = try store.nearest(NearestQuery(center: center, limit: 3, maxDistance: 101_000, after: after))
            names += page.features.map(\.name)
            after = page.next
        } while after != nil
        #expect(names == oracle.filter { $0.distance <= 101_000 }.map(\.name))
    }
}
