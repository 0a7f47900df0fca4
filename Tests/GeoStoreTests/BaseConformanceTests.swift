import Foundation
import GeoCore
@testable import GeoStore
@testable import PostGISStore
import Testing

/// The base map in either store: the same features in, the same answers out (the same features in
/// the same order at every band), the same after a re-import, and kept by `copy`.
@Suite struct BaseConformanceTests {
    static let zooms = [16.0, 11, 8, 5]
    /// Around Helsinki, and across the antimeridian (a box of two parts).
    static let boxes = [BoundingBox(minLon: 24.5, minLat: 59.9, maxLon: 25.5, maxLat: 60.4),
                        BoundingBox(minLon: 24.93, minLat: 60.15, maxLon: 24.97, maxLat: 60.18),
                        BoundingBox(minLon: 179.5, minLat: -17, maxLon: -179.5, maxLat: -16),
                        BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90)]

    /// Features of every layer and of kinds that some bands leave out, many of them of equal rank
    /// (ordered by when they were stored), in two files.
    static func sources() -> [BaseSource] {
        var rng = SeededRandom(seed: 15)
        func features(around centre: Coordinate, _ count: Int) -> [BaseFeature] {
            (0..<count).map { i in
                func near(_ spread: Double) -> Coordinate {
                    Coordinate(lat: centre.lat + Double.random(in: -spread...spread, using: &rng),
                               lon: min(180, max(-180, centre.lon + Double.random(in: -spread...spread, using: &rng))))
                }
                let layer = BaseLayer.allCases[i % BaseLayer.allCases.count]
                let kinds: [BaseLayer: [String]] = [.road: ["motorway", "primary", "residential", "footway"], .rail: ["rail", "tram"],
                                                    .waterway: ["river", "stream", "ditch"], .place: ["city", "town", "village", "hamlet"],
                                                    .border: ["2", "4", "8", "10"]]
                let kind = kinds[layer]?[i % kinds[layer]!.count] ?? "\(layer.rawValue)-kind"
                let geometry: Geometry
                switch layer {
                case .place: geometry = .point(near(0.3))
                case .road, .rail, .waterway, .border: geometry = .lineString((0..<Int.random(in: 2...40, using: &rng)).map { _ in near(0.3) })
                default:
                    let c = near(0.3), r = [0.0005, 0.005, 0.05, 0.2][i % 4]
                    let ring = (0...12).map { k in
                        k == 12 ? Coordinate(lat: c.lat, lon: c.lon + r)
                            : Coordinate(lat: c.lat + r * sin(Double(k) * .pi / 6), lon: c.lon + r * cos(Double(k) * .pi / 6))
                    }
                    geometry = .polygon([ring])
                }
                return BaseFeature(layer: layer, kind: kind, name: i % 3 == 0 ? nil : "Feature \(i)",
                                   names: i % 5 == 0 ? ["fi": "Kohde \(i)", "sv": "Objekt \(i)"] : [:],
                                   rank: layer == .place ? [0, 1_000, 50_000, 1_000][i % 4] : 0, geometry: geometry)
            }
        }
        let helsinki = features(around: Coordinate(lat: 60.17, lon: 24.95), 1_500)
        let fiji = features(around: Coordinate(lat: -16.5, lon: 179.9), 300)
        return [BaseSource(name: "helsinki.osm.pbf") { batch in
                    try batch(Array(helsinki.prefix(700)))
                    try batch(Array(helsinki.dropFirst(700)))
                },
                BaseSource(name: "fiji.geojson") { batch in try batch(fiji) }]
    }

    static func answers(_ store: any BaseMapStore) throws -> [[BaseFeature]] {
        try boxes.flatMap { box in try zooms.map { try store.baseFeatures(in: box, zoom: $0) } }
    }

    func baseRows(_ store: any TestedStore) throws -> Int { try store.count("base") }

    @Test(arguments: StoreKind.available)
    func bothStoresAnswerTheSameAndAReimportChangesNoCounts(_ kind: StoreKind) throws {
        let reference = TemporaryStore(.spatiaLite), tested = TemporaryStore(kind)
        let expected = try #require(try reference.open() as? any BaseMapStore)
        let store = try #require(try tested.open() as? any BaseMapStore & TestedStore)
        let first = try expected.importBase(Self.sources())
        #expect(try store.importBase(Self.sources()) == first)
        #expect(first.features.values.reduce(0, +) == 1_800 && first.copies.count == 3, "\(first)")
        let answers = try Self.answers(expected)
        // Boxes and bands that find different features.
        #expect(Set(answers.map(\.count)).count >= 8, "\(answers.map(\.count))")
        #expect(try Self.answers(store) == answers)
        #expect(try store.baseSources() == ["fiji.geojson", "helsinki.osm.pbf"])

        // The same files again: the same rows, the same answers.
        let rows = try baseRows(store)
        let again = try store.importBase(Self.sources())
        #expect(again.replaced == rows && again.features == first.features && again.copies == first.copies)
        #expect(try baseRows(store) == rows)
        #expect(try Self.answers(store) == answers)
    }

    /// A source that would store fewer features than it replaces is refused in either store,
    /// storing nothing, with both counts; told it may shrink, it replaces them. A source given
    /// twice is read once, and one may replace the rows of other names (a namesake's) as well.
    @Test(arguments: StoreKind.available)
    func aShrinkingSourceReplacesNothingUnlessAllowed(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try #require(try database.open() as? any BaseMapStore & TestedStore)
        let whole = Self.sources()[0], fiji = Self.sources()[1]
        _ = try store.importBase([whole, fiji])
        let rows = try baseRows(store), answers = try Self.answers(store)
        var reads = 0
        let part = BaseSource(name: whole.name) { batch in
            reads += 1
            try whole.read { features in try batch(Array(features.prefix(100))) }
        }
        let error = try #require(throws: ShrinkRefused.self) { try store.importBase([part]) }
        #expect(error.stored == 200 && error.removed == 1_500 && "\(error)".contains("allow_shrink"), "\(error)")
        #expect(try baseRows(store) == rows)
        #expect(try Self.answers(store) == answers)

        var allowed = part
        allowed.mayShrink = true
        let summary = try store.importBase([allowed, allowed])
        #expect(reads == 2 && summary.features.values.reduce(0, +) == 200, "\(summary)")
        // Under another name, replacing both files' rows (500 by 200, as told); again, its own 200 by 200.
        var renamed = BaseSource(name: "/data/helsinki.osm.pbf", replacing: [whole.name, fiji.name], mayShrink: true) { batch in
            try whole.read { features in try batch(Array(features.prefix(100))) }
        }
        _ = try store.importBase([renamed])
        #expect(try store.baseSources() == ["/data/helsinki.osm.pbf"])
        renamed.mayShrink = false
        _ = try store.importBase([renamed])
    }

    @Test(arguments: StoreKind.available)
    func aCopyKeepsTheBaseMap(_ kind: StoreKind) throws {
        let source = TemporaryStore(.spatiaLite), target = TemporaryStore(kind)
        let from = try source.open()
        try importEveryKind(into: from)
        let imported = try (from as! any BaseMapStore).importBase(Self.sources())
        // Re-imported once: its rows come after the other file's, as the copy must keep them.
        _ = try (from as! any BaseMapStore).importBase([Self.sources()[0]])
        let to = try target.open()
        _ = try from.copy(to: to)
        let copied = try #require(to as? any BaseMapStore & TestedStore)
        #expect(try copied.baseSources() == ["fiji.geojson", "helsinki.osm.pbf"])
        #expect(try baseRows(copied) == imported.features.values.reduce(0, +) + imported.copies.values.reduce(0, +))
        #expect(try Self.answers(copied) == Self.answers(from as! any BaseMapStore))
        // A target that holds a base map already is refused like one that holds records.
        let other = TemporaryStore(kind), full = try other.open()
        _ = try (full as! any BaseMapStore).importBase([Self.sources()[1]])
        #expect(throws: DatabaseError.self) { try from.copy(to: full) }
    }
}
