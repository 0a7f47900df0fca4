import Testing
import GeoCore

/// The sea made of coastlines, against hand-made shapes whose sea is known: its area worked out
/// by hand, and points on either side tested with a crossing-number test and a shoelace area
/// written here, not with the assembly's own.
@Suite struct CoastlineAssemblyTests {
    /// A box 4° wide and 2° high (unequal, so that a width taken for a height shows).
    static let box = BoundingBox(minLon: 0, minLat: 0, maxLon: 4, maxLat: 2)
    static let assembly = CoastlineAssembly(bounds: box, reach: 0)

    func c(_ lon: Double, _ lat: Double) -> Coordinate { Coordinate(lat: lat, lon: lon) }

    /// Even-odd over every ring of the polygon.
    func inside(_ polygon: [[Coordinate]], _ p: Coordinate) -> Bool {
        var odd = false
        for ring in polygon {
            for (a, b) in zip(ring, ring.dropFirst()) where (a.lat > p.lat) != (b.lat > p.lat) {
                let lon = a.lon + (p.lat - a.lat) / (b.lat - a.lat) * (b.lon - a.lon)
                if p.lon < lon { odd.toggle() }
            }
        }
        return odd
    }

    func shoelace(_ ring: [Coordinate]) -> Double {
        var sum = 0.0
        for i in 0..<(ring.count - 1) { sum += ring[i].lon * ring[i + 1].lat - ring[i + 1].lon * ring[i].lat }
        return abs(sum) / 2
    }

    func area(_ sea: CoastlineAssembly.Sea) -> Double {
        sea.polygons.reduce(0) { total, polygon in total + shoelace(polygon[0]) - polygon.dropFirst().reduce(0) { $0 + shoelace($1) } }
    }

    func isSea(_ sea: CoastlineAssembly.Sea, _ p: Coordinate) -> Bool { sea.polygons.contains { inside($0, p) } }

    /// Every polygon a store would take.
    func valid(_ sea: CoastlineAssembly.Sea) -> Bool {
        sea.polygons.allSatisfy { (try? Geometry.polygon($0).validate()) != nil }
    }

    /// Eastwards across the box with a bend north at lon 2, in two ways given out of order: the
    /// land north (left), the sea south. Below the bend's two slopes (1/6 each way from lat 7/6 at
    /// the sides to 1.5 at lon 2) lie two trapezoids of (7/6 + 1.5) / 2 · 2 = 8/3 each.
    static let coast = [[Coordinate(lat: 1.5, lon: 2), Coordinate(lat: 1, lon: 5)], [Coordinate(lat: 1, lon: -1), Coordinate(lat: 1.5, lon: 2)]]

    @Test func aCoastAcrossTheBoxHasTheSeaOnItsRight() {
        let sea = Self.assembly.sea(Self.coast)
        #expect(sea.polygons.count == 1 && sea.broken == 0 && valid(sea))
        #expect(abs(area(sea) - 16.0 / 3) < 1e-9, "area \(area(sea))")
        #expect(isSea(sea, c(2, 0.5)) && isSea(sea, c(0.1, 1.1)) && isSea(sea, c(3.9, 0.05)))
        #expect(!isSea(sea, c(2, 1.6)) && !isSea(sea, c(0.1, 1.9)))
    }

    @Test func theCoastDrawnTheOtherWaySwapsLandAndSea() {
        let reversed = Self.coast.reversed().map { Array($0.reversed()) }
        let sea = Self.assembly.sea(reversed)
        #expect(sea.polygons.count == 1 && valid(sea))
        #expect(abs(area(sea) - (8 - 16.0 / 3)) < 1e-9, "area \(area(sea))")
        #expect(isSea(sea, c(2, 1.6)) && isSea(sea, c(0.1, 1.9)))
        #expect(!isSea(sea, c(2, 0.5)))
    }

    /// A channel between lat 0.5 and 1.5: its north shore eastwards (land north), its south shore
    /// westwards (land south). As two chains, and as one that leaves the box and comes back.
    @Test func twoPiecesCloseOneChannel() {
        let north = [c(-1, 1.5), c(5, 1.5)], south = [c(5, 0.5), c(-1, 0.5)]
        for ways in [[north, south], [north + south]] {
            let sea = Self.assembly.sea(ways)
            #expect(sea.polygons.count == 1 && valid(sea))
            #expect(abs(area(sea) - 4) < 1e-9, "area \(area(sea))")
            #expect(isSea(sea, c(2, 1)) && !isSea(sea, c(2, 1.8)) && !isSea(sea, c(2, 0.2)))
        }
    }

    /// Two coasts cutting off the south-west and south-east corners: two seas of 1 × 0.5 each.
    @Test func twoCornersAreTwoSeas() {
        let west = [c(-1, 0.5), c(1, 0.5), c(1, -1)], east = [c(3, -1), c(3, 0.5), c(5, 0.5)]
        let sea = Self.assembly.sea([east, west])
        #expect(sea.polygons.count == 2 && valid(sea))
        #expect(abs(area(sea) - 1) < 1e-9, "area \(area(sea))")
        #expect(isSea(sea, c(0.5, 0.25)) && isSea(sea, c(3.5, 0.25)))
        #expect(!isSea(sea, c(2, 0.25)) && !isSea(sea, c(0.5, 1)))
    }

    /// An island (counter-clockwise: land inside) in the sea of `coast`, a hole in it.
    @Test func anIslandIsAHoleInTheSea() {
        let island = [c(1.5, 0.2), c(2.5, 0.2), c(2.5, 0.6), c(1.5, 0.6), c(1.5, 0.2)]
        let sea = Self.assembly.sea(Self.coast + [island])
        #expect(sea.polygons.count == 1 && sea.polygons[0].count == 2 && valid(sea))
        #expect(abs(area(sea) - (16.0 / 3 - 0.4)) < 1e-9, "area \(area(sea))")
        #expect(!isSea(sea, c(2, 0.4)) && isSea(sea, c(2, 0.8)) && isSea(sea, c(1, 0.4)))
    }

    /// An island split into two ways, nothing crossing the box: all around it is sea.
    @Test func aLoneIslandIsSeaAllAround() {
        let island = [[c(1, 0.5), c(3, 0.5), c(3, 1.5)], [c(3, 1.5), c(1, 1.5), c(1, 0.5)]]
        let sea = Self.assembly.sea(island)
        #expect(sea.polygons.count == 1 && valid(sea))
        #expect(abs(area(sea) - 6) < 1e-9, "area \(area(sea))")
        #expect(isSea(sea, c(0.5, 0.5)) && isSea(sea, c(3.9, 1.9)) && !isSea(sea, c(2, 1)))
    }

    /// A ring drawn clockwise has its water inside: a sea within the land around it.
    @Test func aClockwiseRingIsSeaWithinLand() {
        let lagoon = [c(1, 0.5), c(1, 1.5), c(3, 1.5), c(3, 0.5), c(1, 0.5)]
        let sea = Self.assembly.sea([lagoon])
        #expect(abs(area(sea) - 2) < 1e-9, "area \(area(sea))")
        #expect(isSea(sea, c(2, 1)) && !isSea(sea, c(0.5, 0.5)))
    }

    @Test func noCoastNoSea() {
        let sea = Self.assembly.sea([])
        #expect(sea.polygons.isEmpty && sea.broken == 0)
    }

    /// A coast that stops in the middle of the box cannot say where the sea is: left out, counted,
    /// and the sea of the whole coast beside it is as without it.
    @Test func aChainEndingInsideIsLeftOut() {
        let broken = [c(-1, 1.8), c(2, 1.8)]
        let alone = Self.assembly.sea([broken])
        #expect(alone.polygons.isEmpty && alone.broken == 1)
        let beside = Self.assembly.sea(Self.coast + [broken])
        #expect(beside.broken == 1 && abs(area(beside) - 16.0 / 3) < 1e-9 && !isSea(beside, c(1, 1.9)))
    }

    /// An extract cuts a way at its last node inside: a coast northwards that stops 0.0001° (11 m)
    /// short of the north edge is joined to it within a reach of 20 m, and not within 5 m.
    @Test func anEndNearTheEdgeIsJoinedToIt() {
        let box = BoundingBox(minLon: 24, minLat: 60, maxLon: 24.01, maxLat: 60.005)
        let cut = [c(24.005, 59.99), c(24.005, 60.0049)]
        let joined = CoastlineAssembly(bounds: box, reach: 20).sea([cut])
        #expect(joined.broken == 0 && joined.polygons.count == 1 && valid(joined))
        // The land west (left), the sea east: 0.005° by 0.005°.
        #expect(abs(area(joined) - 0.005 * 0.005) < 1e-12, "area \(area(joined))")
        #expect(isSea(joined, c(24.007, 60.004)) && !isSea(joined, c(24.003, 60.004)))
        let short = CoastlineAssembly(bounds: box, reach: 5).sea([cut])
        #expect(short.polygons.isEmpty && short.broken == 1)
    }
}
