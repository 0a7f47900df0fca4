import Foundation
import GeoCore
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore

/// What the store refuses from its callers (the CLI today, the HTTP server next): a clear
/// `GeoError` naming the field, never a trap.
@Suite struct ValidationTests {
    let database = TemporaryDatabase()
    let store: SpatiaLiteStore

    init() throws {
        store = try SpatiaLiteStore(path: database.path)
        _ = try store.importFiles([ParsedFile(file: "p", randomPlaces(200, seed: 5).map(ImportRecord.place))], skipInvalid: false)
    }

    func field(_ body: () throws -> Void) -> Field? {
        do { try body() } catch let GeoError.invalid(field, _) { return field } catch { return .record("not a GeoError: \(error)") }
        return nil
    }

    @Test(arguments: [0, -1, maximumLimit + 1, Int.max])
    func limitsOutsideTheRangeAreRefused(limit: Int) {
        let here = Coordinate(lat: 57, lon: 24)
        #expect(field { _ = try store.nearest(NearestQuery(center: here, limit: limit)) } == .limit)
        #expect(field { _ = try store.bbox(BoxQuery(box: BoundingBox(minLon: 0, minLat: 0, maxLon: 1, maxLat: 1), limit: limit)) } == .limit)
        #expect(field { _ = try store.cinemas(near: here, day: "2012-05-08", film: nil, limit: limit) } == .limit)
    }

    @Test func badPointsRadiiAndBoxesAreRefused() {
        #expect(field { _ = try store.nearest(NearestQuery(center: Coordinate(lat: 91, lon: 0))) } == .lat)
        #expect(field { _ = try store.nearest(NearestQuery(center: Coordinate(lat: 0, lon: .nan))) } == .lon)
        for radius in [0, -5, .nan, .infinity, 20_000_001] {
            #expect(field { _ = try store.nearest(NearestQuery(center: Coordinate(lat: 0, lon: 0), maxDistance: radius)) } == .maxDistance)
        }
        #expect(field { _ = try store.bbox(BoxQuery(box: BoundingBox(minLon: 0, minLat: 10, maxLon: 1, maxLat: 5))) } == .bbox)
    }

    @Test func cursorsMustBeWellFormedAndBelongToTheirKindOfQuery() throws {
        for token in ["", "poi", "poi/x", "nope/3", "fff8000000000000~poi/3", "bff0000000000000~poi/3", "fff0000000000000~poi/3", "zz~poi/3", "1~2~poi/3"] {
            #expect(field { _ = try Cursor(token: token) } == .cursor, "\(token)")
        }
        // An infinite distance: among the places without a position, which nearest lists last.
        #expect(try Cursor(token: "7ff0000000000000~poi/3") == Cursor(distance: .infinity, id: FeatureID(kind: .poi, row: 3)))
        let nearest = try store.nearest(NearestQuery(center: Coordinate(lat: 0, lon: 0), limit: 1))
        let box = try store.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), limit: 1))
        let distanceCursor = try #require(nearest.next), idCursor = try #require(box.next)
        #expect(try Cursor(token: distanceCursor.token) == distanceCursor)
        #expect(field { _ = try store.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), after: distanceCursor)) } == .cursor)
        #expect(field { _ = try store.nearest(NearestQuery(center: Coordinate(lat: 0, lon: 0), after: idCursor)) } == .cursor)
    }

    @Test func aBulkImportOfPlacesWithoutPositionsLeavesAnEmptySoundIndex() throws {
        let other = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: other.path)
        let unlocated = (0..<2_000).map { ImportRecord.place(PlaceRecord(category: "stay", name: "Telts vieta \($0)", location: nil)) }
        _ = try store.importFiles([ParsedFile(file: "guide", unlocated)], skipInvalid: false)
        #expect(try store.db.count("poi") == 2_000)
        #expect(try store.db.scalar("SELECT rtreecheck('idx_poi_geom')") == "ok")
        // Listed by nearest without a distance (after those with a position: none here), in no radius.
        let listed = try store.nearest(NearestQuery(center: Coordinate(lat: 57, lon: 22)))
        #expect(listed.features.count == defaultLimit && listed.features.allSatisfy { $0.distance == nil && !$0.isLocated })
        #expect(try store.nearest(NearestQuery(center: Coordinate(lat: 57, lon: 22), maxDistance: 20_000_000)).features.isEmpty)
    }
}
