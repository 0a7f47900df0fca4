import Foundation
import Testing
@testable import GeoCore

@Suite struct GeometryTests {
    @Test func wkbRoundTrip() throws {
        let ring = [Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 1), Coordinate(lat: 1, lon: 1), Coordinate(lat: 0, lon: 0)]
        for g in [Geometry.point(Coordinate(lat: 57.50935, lon: 22.80612)), .lineString(ring), .polygon([ring]),
                  .multiPoint(ring), .multiLineString([ring, ring]), .multiPolygon([[ring], [ring]])] {
            #expect(try WKB.decode(WKB.encode(g)) == g)
        }
    }

    @Test func validationRejectsWhatAStoreMustNotHold() {
        #expect(throws: GeoError.self) { try Geometry.point(Coordinate(lat: 95, lon: 0)).validate() }
        #expect(throws: GeoError.self) { try Geometry.point(Coordinate(lat: .nan, lon: 0)).validate() }
        #expect(throws: GeoError.self) { try Geometry.polygon([]).validate() }
        #expect(throws: GeoError.self) { try Geometry.lineString([Coordinate(lat: 0, lon: 0)]).validate() }
        let open = [Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 1), Coordinate(lat: 1, lon: 1), Coordinate(lat: 1, lon: 0)]
        #expect(throws: GeoError.self) { try Geometry.polygon([open]).validate() }
    }
}
