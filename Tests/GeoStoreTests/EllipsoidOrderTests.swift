import GeoCore
import Testing
@testable import GeoStore

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
