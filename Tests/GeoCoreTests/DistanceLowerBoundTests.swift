import Foundation
import Testing
@testable import GeoCore

@Suite struct DistanceLowerBoundTests {
    @Test func lowerBoundNeverExceedsTheDistanceToAnyPointOfTheBoxWithinReach() {
        var rng = SeededRandom(seed: 11)
        for i in 0..<4_000 {
            let p = Coordinate(lat: .random(in: -90...90, using: &rng), lon: .random(in: -180...180, using: &rng))
            let reach = [Double.infinity, 2_000, 50_000, 1_000_000, 8_000_000][i % 5]
            // Boxes near the centre (where reach matters) and anywhere on the globe.
            let nearby = i % 2 == 0
            let lat1 = nearby ? min(89.9, max(-90, p.lat + .random(in: -0.5...0.4, using: &rng))) : .random(in: -90...90, using: &rng)
            let lon1 = nearby ? min(179.9, max(-180, p.lon + .random(in: -0.5...0.4, using: &rng))) : .random(in: -180...180, using: &rng)
            let lat2 = min(90, lat1 + .random(in: 0...(nearby ? 0.2 : 30), using: &rng))
            let lon2 = min(180, lon1 + .random(in: 0...(nearby ? 0.2 : 60), using: &rng))
            let bound = DistanceLowerBound(from: p, reach: reach)(minLon: lon1, maxLon: lon2, minLat: lat1, maxLat: lat2)
            for _ in 0..<6 {
                let q = Coordinate(lat: .random(in: lat1...lat2, using: &rng), lon: .random(in: lon1...lon2, using: &rng))
                let d = Geodesic.distance(p, q)
                if d <= reach { #expect(bound <= d + 1e-6, "\(p) to \(q) reach \(reach)") }
            }
            // Corners are where a bound that is too large would first show.
            for q in [Coordinate(lat: lat1, lon: lon1), Coordinate(lat: lat2, lon: lon2), Coordinate(lat: lat1, lon: lon2)] {
                let d = Geodesic.distance(p, q)
                if d <= reach { #expect(bound <= d + 1e-6, "\(p) to corner \(q) reach \(reach)") }
            }
        }
    }

    @Test func lowerBoundIsTightNearTheCentre() {
        // Within half a percent at 10 km when the reach is small, across latitudes and the antimeridian.
        for (p, q) in [(Coordinate(lat: 60, lon: 25), Coordinate(lat: 60.09, lon: 25)),
                       (Coordinate(lat: 57, lon: 24), Coordinate(lat: 57.03, lon: 24.15)),
                       (Coordinate(lat: 0, lon: 179.95), Coordinate(lat: 0.01, lon: -179.97)),
                       (Coordinate(lat: -45, lon: 170), Coordinate(lat: -45.05, lon: 170.1))] {
            let d = Geodesic.distance(p, q)
            let bound = DistanceLowerBound(from: p, reach: 20_000)(minLon: q.lon, maxLon: q.lon, minLat: q.lat, maxLat: q.lat)
            #expect(bound <= d && bound > d * 0.995, "\(p) to \(q): \(bound) vs \(d)")
        }
    }
}
