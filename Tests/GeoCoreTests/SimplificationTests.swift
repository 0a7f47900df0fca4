import Testing
@testable import GeoCore

@Suite struct SimplificationTests {
    /// Every dropped point lies within the tolerance of the kept polyline, checked by brute force
    /// over a seeded random walk; the ends always stay.
    @Test(arguments: [0.5, 2.0, 10.0])
    func droppedPointsStayWithinTolerance(tolerance: Double) {
        var random = SeededRandom(seed: 7)
        var points: [(x: Double, y: Double)] = [(0, 0)]
        for _ in 0..<500 {
            let last = points[points.count - 1]
            points.append((last.x + Double.random(in: 0...3, using: &random), last.y + Double.random(in: -2...2, using: &random)))
        }
        let keep = Simplification.kept(points, tolerance: tolerance)
        #expect(keep.first == true && keep.last == true)
        #expect(keep.count { $0 } < points.count)
        let kept = points.indices.filter { keep[$0] }
        for (a, b) in zip(kept, kept.dropFirst()) {
            for i in a...b {
                let p = points[i], s = points[a], e = points[b]
                let dx = e.x - s.x, dy = e.y - s.y
                let t = min(max(((p.x - s.x) * dx + (p.y - s.y) * dy) / (dx * dx + dy * dy), 0), 1)
                let d = ((s.x + t * dx - p.x) * (s.x + t * dx - p.x) + (s.y + t * dy - p.y) * (s.y + t * dy - p.y)).squareRoot()
                #expect(d <= tolerance + 1e-9)
            }
        }
    }

    @Test func smallAreasAreLeftOutAndHolesFilled() {
        // A square of 0.01° at the equator is 256·2^10·0.01/360 ≈ 7.3 pixels a side at zoom 10.
        func square(_ lon: Double, _ lat: Double, _ side: Double) -> [Coordinate] {
            [Coordinate(lat: lat, lon: lon), Coordinate(lat: lat, lon: lon + side), Coordinate(lat: lat + side, lon: lon + side),
             Coordinate(lat: lat + side, lon: lon), Coordinate(lat: lat, lon: lon)]
        }
        let g = Generalisation(zoom: 10, tolerance: 0.5, minArea: 4)
        #expect(g.apply(.polygon([square(0, 0, 0.001)])) == nil)
        #expect(g.apply(.polygon([square(0, 0, 0.01), square(0.004, 0.004, 0.001)])) == .polygon([square(0, 0, 0.01)]))
        #expect(g.apply(.multiPolygon([[square(0, 0, 0.001)], [square(1, 0, 0.01)]])) == .multiPolygon([[square(1, 0, 0.01)]]))
    }
}
