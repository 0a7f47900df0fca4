import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// `waymark copy`: a database copied into each store (and back) holds the same records and
/// answers every query the same, ids and cursors included.
@Suite struct CopyTests {
    @Test(arguments: StoreKind.available)
    func aCopyAnswersEveryQueryTheSame(_ kind: StoreKind) throws {
        let source = try OracleFixture(.spatiaLite)
        try importEveryKind(into: source.store)
        let copyDatabase = TemporaryStore(kind), backDatabase = TemporaryStore(.spatiaLite)
        let copy = try copyDatabase.open(), back = try backDatabase.open()
        let summary = try source.store.copy(to: copy)
        #expect(summary.inserted == [.poi: 6_004, .water: 122, .cinema: 1, .trip: 2])
        _ = try copy.copy(to: back)

        let original = try source.store.exportAll()
        // Other names are among what is carried (checked here, not only as equal on both sides).
        let names = original.flatMap(\.records).flatMap { record -> [String] in
            switch record.value {
            case let .place(p): p.alternateNames
            case let .water(w): w.alternateNames
            case let .cinema(c): c.alternateNames
            case .trip: []
            }
        }
        #expect(Set(names) == ["Milda", "Düna", "Väina", "Kinoteātris Rīga"])
        for store in [copy, back] {
            let exported = try store.exportAll()
            #expect(exported.map(\.file) == original.map(\.file))
            for (a, b) in zip(exported, original) {
                #expect(a.records.map(\.record) == b.records.map(\.record), "ids of \(a.file)")
                #expect(a.records.map(\.value) == b.records.map(\.value), "records of \(a.file)")
            }
            #expect(try store.categories() == source.store.categories())
            #expect(Set(try store.catchStatistics(by: [.water, .species, .year])) == Set(try source.store.catchStatistics(by: [.water, .species, .year])))
            let riga = Coordinate(lat: 56.9496, lon: 24.1052)
            #expect(try store.cinemas(near: riga, day: "2012-05-08", film: nil, limit: 5).map(\.screenings)
                == source.store.cinemas(near: riga, day: "2012-05-08", film: nil, limit: 5).map(\.screenings))
            for (i, center) in ([riga] + source.queryPoints.prefix(12)).enumerated() {
                let filter = CategoryFilter([[], ["eat", "water"], ["trip", "cinema", "see"]][i % 3])
                for query in [NearestQuery(center: center, limit: 7, categories: filter),
                              NearestQuery(center: center, limit: 50, categories: filter, maxDistance: 2_000_000)] {
                    let expected = try source.store.withDetails(source.store.nearest(query))
                    let answer = try store.withDetails(store.nearest(query))
                    #expect(answer.features == expected.features && answer.next == expected.next, "nearest \(query)")
                }
                // 40° wide, wrapped across the antimeridian where it reaches it.
                func wrapped(_ lon: Double) -> Double { lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon }
                let box = BoundingBox(minLon: wrapped(center.lon - 20), minLat: max(-90, center.lat - 10),
                                      maxLon: wrapped(center.lon + 20), maxLat: min(90, center.lat + 10))
                let expected = try source.store.bbox(BoxQuery(box: box, limit: 20, categories: filter))
                let answer = try store.bbox(BoxQuery(box: box, limit: 20, categories: filter))
                #expect(answer.features == expected.features && answer.next == expected.next, "bbox \(box)")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aCopyIntoADatabaseThatHoldsDataIsRefusedAndChangesNothing(_ kind: StoreKind) throws {
        let source = TemporaryStore(.spatiaLite), target = TemporaryStore(kind)
        let from = try source.open(), to = try target.open()
        try importEveryKind(into: from)
        try importEveryKind(into: to)
        let before = try to.contentSnapshot()
        let error = #expect(throws: DatabaseError.self) { try from.copy(to: to) }
        #expect(error?.description.contains("already holds data") == true)
        #expect(try to.contentSnapshot() == before)
    }
}
