import Foundation
import Testing
@testable import GeoCore

@Suite struct GeodesicTests {
    @Test func knownDistances() {
        // Riga (56.9496 N, 24.1052 E) to Tallinn (59.4370 N, 24.7536 E) on WGS84: 279 657.673 m (GeographicLib).
        let riga = Coordinate(lat: 56.9496, lon: 24.1052), tallinn = Coordinate(lat: 59.4370, lon: 24.7536)
        #expect(abs(Geodesic.distance(riga, tallinn) - 279_657.673) < 0.01)
        // JFK to Singapore Changi, the example of geodesic.h: 15 347 512.9 m (PROJ's geod -I agrees).
        let jfk = Coordinate(lat: 40.64, lon: -73.78), sin = Coordinate(lat: 1.36, lon: 103.99)
        #expect(abs(Geodesic.distance(jfk, sin) - 15_347_512.941) < 0.01)
        // A quarter meridian: 10 001 965.729 m.
        #expect(abs(Geodesic.distance(Coordinate(lat: 0, lon: 7), Coordinate(lat: 90, lon: 7)) - 10_001_965.729) < 0.001)
        #expect(Geodesic.distance(riga, riga) == 0)
    }

    @Test func segmentDistanceMatchesDenseSampling() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<60 {
            let a = Coordinate(lat: .random(in: -70...70, using: &rng), lon: .random(in: -179...179, using: &rng))
            let b = Coordinate(lat: a.lat + .random(in: -0.3...0.3, using: &rng), lon: a.lon + .random(in: -0.3...0.3, using: &rng))
            let p = Coordinate(lat: a.lat + .random(in: -0.5...0.5, using: &rng), lon: a.lon + .random(in: -0.5...0.5, using: &rng))
            // Oracle: the minimum over 20 001 points interpolated along the geodesic a–b.
            let line = Geodesic.inverse(a, b)
            var oracle = Double.infinity
            for i in 0...20_000 {
                let q = Geodesic.destination(from: a, azimuth: line.azimuth1, distance: line.distance * Double(i) / 20_000)
                oracle = min(oracle, Geodesic.distance(p, q))
            }
            let exact = Geodesic.distance(from: p, toSegment: a, b)
            #expect(exact <= oracle + 1e-6)
            #expect(oracle - exact < line.distance / 20_000 + 0.01, "sampling resolution bounds the gap")
        }
    }

    @Test func polygonDistanceIsZeroInsideAndToTheShoreOutside() {
        // A 0.02° square lake near Helsinki with a square island (hole).
        let outer = [(60.10, 24.90), (60.10, 24.92), (60.12, 24.92), (60.12, 24.90), (60.10, 24.90)].map { Coordinate(lat: $0.0, lon: $0.1) }
        let hole = [(60.105, 24.905), (60.105, 24.915), (60.115, 24.915), (60.115, 24.905), (60.105, 24.905)].map { Coordinate(lat: $0.0, lon: $0.1) }
        let lake = Geometry.polygon([outer, hole])
        #expect(Geodesic.distance(from: Coordinate(lat: 60.102, lon: 24.91), to: lake) == 0)
        // On the island, 0.002° of latitude (222 m) from its south shore; the east and west shores are 278 m away.
        let island = Coordinate(lat: 60.107, lon: 24.91)
        let toShore = Geodesic.distance(from: island, to: lake)
        #expect(abs(toShore - Geodesic.distance(island, Coordinate(lat: 60.105, lon: 24.91))) < 0.5)
        // North of the lake: the distance to the shore, not to the centroid.
        let north = Coordinate(lat: 60.13, lon: 24.91)
        #expect(abs(Geodesic.distance(from: north, to: lake) - Geodesic.distance(north, Coordinate(lat: 60.12, lon: 24.91))) < 0.5)
    }
}
