import Foundation
import Testing
@testable import GeoCore

@Suite struct LongEdgeTests {
    /// Lines and rings with edges up to 12° long, against dense sampling along each geodesic edge:
    /// the exact answer is never above the sampled one, and not below it by more than the spacing.
    @Test func distanceToLongEdgesMatchesDenseSampling() {
        var rng = SeededRandom(seed: 21)
        for _ in 0..<40 {
            let start = Coordinate(lat: .random(in: -60...60, using: &rng), lon: .random(in: -160...160, using: &rng))
            let line = (0..<4).map { k in
                Coordinate(lat: min(80, max(-80, start.lat + .random(in: -6...6, using: &rng))),
                           lon: start.lon + Double(k) * .random(in: 2...8, using: &rng))
            }
            let p = Coordinate(lat: start.lat + .random(in: -15...15, using: &rng), lon: start.lon + .random(in: -5...30, using: &rng))
            var oracle = Double.infinity, spacing = 0.0
            for (a, b) in zip(line, line.dropFirst()) {
                let edge = Geodesic.inverse(a, b)
                spacing = max(spacing, edge.distance / 4_000)
                for i in 0...4_000 {
                    oracle = min(oracle, Geodesic.distance(p, Geodesic.destination(from: a, azimuth: edge.azimuth1, distance: edge.distance * Double(i) / 4_000)))
                }
            }
            let exact = Geodesic.distance(from: p, to: .lineString(line))
            #expect(exact <= oracle + 1e-6, "\(p) to \(line)")
            #expect(oracle - exact <= spacing, "\(p) to \(line)")
        }
    }

    @Test func geometriesThatCrossTheAntimeridianAreRefused() {
        let crossing = Geometry.lineString([Coordinate(lat: 0, lon: 179.9), Coordinate(lat: 0, lon: -179.9)])
        #expect(throws: GeoError.self) { try crossing.validate() }
        let split = Geometry.multiLineString([[Coordinate(lat: 0, lon: 179.9), Coordinate(lat: 0, lon: 180)],
                                              [Coordinate(lat: 0, lon: -180), Coordinate(lat: 0, lon: -179.9)]])
        #expect(throws: Never.self) { try split.validate() }
    }

    @Test func wkbWithZOrMIsRefusedNotMisread() {
        // A POINT Z (ISO type 1001): x, y, z.
        var bytes: [UInt8] = [1]
        withUnsafeBytes(of: UInt32(1001).littleEndian) { bytes += $0 }
        for v in [24.0, 57.0, 12.0] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
        #expect(throws: WKB.DecodingError.self) { try WKB.decode(bytes) }
    }
}
