import Foundation
import GeoCore
import Testing
@testable import GeoStore

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
        // Each category's box is the one round its located places, found by brute force.
        for count in counts where count.kind == .poi {
            let points = f.places.filter { $0.category == count.category }.compactMap(\.location)
            guard !points.isEmpty else { #expect(count.bounds == nil, "\(count.category)"); continue }
            let box = BoundingBox(minLon: points.map(\.lon).min()!, minLat: points.map(\.lat).min()!,
                                  maxLon: points.map(\.lon).max()!, maxLat: points.map(\.lat).max()!)
            #expect(count.bounds == box, "\(count.category)")
        }
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
