import Foundation
import Testing
@testable import GeoCore

@Suite struct BoundingBoxTests {
    @Test func parsesAndValidates() throws {
        let box = try BoundingBox(parsing: "-10,35,5,45")
        #expect(box == BoundingBox(minLon: -10, minLat: 35, maxLon: 5, maxLat: 45))
        #expect(throws: GeoError.self) { try BoundingBox(parsing: "1,2,3") }
        #expect(throws: GeoError.self) { try BoundingBox(parsing: "1,2,x,4") }
        #expect(throws: GeoError.self) { try BoundingBox(parsing: "1,50,3,40") }
        #expect(throws: GeoError.self) { try BoundingBox(parsing: "-181,0,3,4") }
        #expect(throws: GeoError.self) { try BoundingBox(parsing: "0,nan,3,4") }
    }

    @Test func antimeridian() throws {
        let box = try BoundingBox(parsing: "170,-20,-170,20")
        #expect(box.crossesAntimeridian)
        #expect(box.unwrapped.count == 2)
        #expect(box.contains(Coordinate(lat: 0, lon: 179.5)))
        #expect(box.contains(Coordinate(lat: 0, lon: -179.5)))
        #expect(!box.contains(Coordinate(lat: 0, lon: 0)))
    }
}
