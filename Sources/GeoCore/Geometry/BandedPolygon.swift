/// A polygon (an outer ring and its holes) prepared for many point-in-polygon tests: each ring's
/// edges are listed by bands of latitude, so that a test looks only at the edges of the point's
/// band (about eight) instead of all of them. The answers are
/// `PlanarGeometry.polygon(_:contains:)`'s, computed the same way: even-odd crossings of a ray
/// eastwards; a point on an edge of the outer ring is inside, one on an edge of a hole not cut out.
struct BandedPolygon: Sendable {
    /// One ring so prepared (`PolygonValidity` asks it whether a point is inside or on an edge).
    struct Ring: Sendable {
        let points: [Coordinate]
        let south: Double, north: Double, bandHeight: Double
        /// For each band, the edges (by their first point) whose latitudes meet it.
        let bands: [[Int32]]

        init(_ points: [Coordinate]) {
            self.points = points
            south = points.map(\.lat).min() ?? 0
            north = points.map(\.lat).max() ?? 0
            let count = max(1, min(4096, (points.count - 1) / 8))
            bandHeight = max((north - south) / Double(count), .leastNormalMagnitude)
            var bands = [[Int32]](repeating: [], count: count)
            for i in 0..<max(0, points.count - 1) {
                let (a, b) = (points[i], points[i + 1])
                for band in Self.band(min(a.lat, b.lat), south, bandHeight, count)...Self.band(max(a.lat, b.lat), south, bandHeight, count) {
                    bands[band].append(Int32(i))
                }
            }
            self.bands = bands
        }

        /// Monotonic in `lat`: an edge is listed in every band from its southern end's to its northern end's.
        static func band(_ lat: Double, _ south: Double, _ height: Double, _ count: Int) -> Int {
            min(count - 1, max(0, Int((lat - south) / height)))
        }

        /// Whether the ray from `p` crosses the ring an odd number of times, and whether `p` lies on an edge.
        func locate(_ p: Coordinate) -> (inside: Bool, onEdge: Bool) {
            guard p.lat >= south, p.lat <= north else { return (false, false) }
            var inside = false
            for i in bands[Self.band(p.lat, south, bandHeight, bands.count)] {
                let (a, b) = (points[Int(i)], points[Int(i) + 1])
                let crossZ = (b.lon - a.lon) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lon - a.lon)
                if crossZ == 0, p.lon >= min(a.lon, b.lon), p.lon <= max(a.lon, b.lon), p.lat >= min(a.lat, b.lat), p.lat <= max(a.lat, b.lat) {
                    return (true, true)
                }
                // As PlanarGeometry.ring orders the edge's ends.
                let (c, d) = (b, a)
                if (c.lat > p.lat) != (d.lat > p.lat), p.lon < (d.lon - c.lon) * (p.lat - c.lat) / (d.lat - c.lat) + c.lon {
                    inside.toggle()
                }
            }
            return (inside, false)
        }
    }

    private let outer: Ring?
    private let holes: [Ring]

    init(_ rings: [[Coordinate]]) {
        outer = rings.first.map(Ring.init)
        holes = rings.dropFirst().map(Ring.init)
    }

    func contains(_ p: Coordinate) -> Bool {
        guard let outer, outer.locate(p).inside else { return false }
        return !holes.contains { hole in
            let at = hole.locate(p)
            return at.inside && !at.onEdge
        }
    }
}
