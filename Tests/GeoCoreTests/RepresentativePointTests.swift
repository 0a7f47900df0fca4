import Testing
@testable import GeoCore

/// Where a water's pin goes: checked with the even-odd containment test and hand-made shapes,
/// not with the code that finds the point.
@Suite struct RepresentativePointTests {
    func c(_ lon: Double, _ lat: Double) -> Coordinate { Coordinate(lat: lat, lon: lon) }

    @Test func aConcaveLakesPointIsInsideWhereItsCentroidIsNot() throws {
        // A "U": the bounding box's centre (2, 2) lies in the notch, on land.
        let u = [c(0, 0), c(4, 0), c(4, 4), c(3, 4), c(3, 1), c(1, 1), c(1, 4), c(0, 4), c(0, 0)]
        let p = try #require(PlanarGeometry.representativePoint(of: .polygon([u])))
        #expect(PlanarGeometry.polygon([u], contains: p))
        #expect(!PlanarGeometry.polygon([u], contains: c(2, 2)))
    }

    @Test func aPointAvoidsTheHole() throws {
        let outer = [c(0, 0), c(10, 0), c(10, 10), c(0, 10), c(0, 0)]
        let hole = [c(2, 2), c(8, 2), c(8, 8), c(2, 8), c(2, 2)]
        let p = try #require(PlanarGeometry.representativePoint(of: .polygon([outer, hole])))
        #expect(PlanarGeometry.polygon([outer, hole], contains: p))
    }

    @Test func aRingWithAVertexOnTheMidLatitude() throws {
        // A diamond whose side vertices lie exactly on the middle latitude.
        let diamond = [c(0, -1), c(1, 0), c(0, 1), c(-1, 0), c(0, -1)]
        let p = try #require(PlanarGeometry.representativePoint(of: .polygon([diamond])))
        #expect(PlanarGeometry.polygon([diamond], contains: p) && abs(p.lat) < 0.01)
    }

    @Test func theLargestPolygonOfAMultiPolygonWins() throws {
        let small = [c(0, 0), c(1, 0), c(1, 1), c(0, 1), c(0, 0)]
        let large = [c(10, 10), c(20, 10), c(20, 20), c(10, 20), c(10, 10)]
        let p = try #require(PlanarGeometry.representativePoint(of: .multiPolygon([[small], [large]])))
        #expect(PlanarGeometry.polygon([large], contains: p))
    }

    @Test func aLinesPointIsHalfwayAlongIt() throws {
        // 3 units east then 1 north: halfway (2 of 4) is at (2, 0).
        let p = try #require(PlanarGeometry.representativePoint(of: .lineString([c(0, 0), c(3, 0), c(3, 1)])))
        #expect(abs(p.lon - 2) < 1e-12 && abs(p.lat) < 1e-12)
        let longer = try #require(PlanarGeometry.representativePoint(of: .multiLineString([[c(0, 0), c(0, 1)], [c(5, 5), c(9, 5)]])))
        #expect(abs(longer.lon - 7) < 1e-12 && abs(longer.lat - 5) < 1e-12)
    }
}
