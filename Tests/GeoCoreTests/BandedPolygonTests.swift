import Foundation
import Testing
@testable import GeoCore

/// The banded point-in-polygon test against the plain one, which scans every edge, on random
/// star-shaped polygons with holes: random points, the vertices, points on the edges and points
/// level with a vertex (where a ray passes through it).
@Suite struct BandedPolygonTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func answersAsTheScanOfEveryEdge(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        func star(_ center: Coordinate, _ radius: Double, _ count: Int) -> [Coordinate] {
            var ring = (0..<count).map { i -> Coordinate in
                let angle = Double(i) / Double(count) * 2 * .pi, r = radius * .random(in: 0.3...1, using: &rng)
                // On a grid of 0.01°, as the zone polygons are, so that points share latitudes.
                return Coordinate(lat: ((center.lat + r * sin(angle)) * 100).rounded() / 100, lon: ((center.lon + r * cos(angle)) * 100).rounded() / 100)
            }
            ring.append(ring[0])
            return ring
        }
        let center = Coordinate(lat: .random(in: -60...60, using: &rng), lon: .random(in: -170...170, using: &rng))
        let rings = [star(center, 5, Int.random(in: 4...400, using: &rng)), star(center, 1, Int.random(in: 3...40, using: &rng))]
        let banded = BandedPolygon(rings)
        var points = (0..<2_000).map { _ in Coordinate(lat: center.lat + .random(in: -6...6, using: &rng), lon: center.lon + .random(in: -6...6, using: &rng)) }
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) {
                points += [a, Coordinate(lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2),
                           Coordinate(lat: a.lat, lon: a.lon + .random(in: -3...3, using: &rng))]
            }
        }
        for p in points { #expect(banded.contains(p) == PlanarGeometry.polygon(rings, contains: p), "\(p)") }
    }
}
