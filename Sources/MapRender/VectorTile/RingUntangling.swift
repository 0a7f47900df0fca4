/// A ring rounded to whole tile units made simple again. Rounding moves each corner by up to half
/// a unit, which can fold a narrow part of a ring over itself, pinch two corners into one place,
/// or turn an edge back along the one before: a ring that crosses or touches itself, which
/// MVT 2.1 (4.3.4.4) does not allow and GEOS-based readers refuse. The repair drops, one at a
/// time, a corner of the offending edges, the one that cuts off the smallest triangle with its
/// neighbours: rounding's folds are a unit or two across, so the ring moves by about a unit there.
/// (Snap rounding, as Mapbox's wagyu does it, keeps every corner but is a library of its own.)
enum RingUntangling {
    typealias Point = VectorTileGeometry.Point

    /// At most this many corners are dropped from one ring: rounding folds a ring in few places,
    /// and a ring folded in more is kept as it was rather than worn away.
    static let maximumRepairs = 64

    /// `ring` (without its closing position) with corners dropped until no two of its edges meet
    /// except neighbours at their shared corner; under three corners when nothing simple is left.
    /// A ring still not simple after `maximumRepairs` (a band thinner than a unit, hundreds of
    /// corners long), or one the repair turned over, is given back as it was.
    static func untangled(_ ring: [Point]) -> [Point] {
        let original = ring
        var ring = ring
        for _ in 0..<maximumRepairs {
            guard ring.count >= 3, let (i, j) = firstMeeting(ring) else {
                let turned = ring.count >= 3 && (VectorTileGeometry.twiceArea(ring) > 0) != (VectorTileGeometry.twiceArea(original) > 0)
                return turned ? original : ring
            }
            let n = ring.count
            // The corners of the two edges; the one whose triangle with its neighbours is smallest goes.
            let corners = Set([i, (i + 1) % n, j, (j + 1) % n])
            let dropped = corners.min { triangle(ring, $0) == triangle(ring, $1) ? $0 < $1 : triangle(ring, $0) < triangle(ring, $1) }!
            ring.remove(at: dropped)
        }
        return original
    }

    /// Twice the area of the triangle a corner makes with its neighbours.
    private static func triangle(_ ring: [Point], _ k: Int) -> Int {
        let n = ring.count
        return abs(cross(ring[(k + n - 1) % n], ring[k], ring[(k + 1) % n]))
    }

    /// `(b - a) × (c - a)`: positive when a, b, c turn one way, negative the other, 0 when in line.
    private static func cross(_ a: Point, _ b: Point, _ c: Point) -> Int {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// Whether `p`, in line with the edge a–b, lies on it.
    private static func onEdge(_ p: Point, _ a: Point, _ b: Point) -> Bool {
        min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
    }

    /// The first pair of edges (edge k runs from corner k to the next) that meet where a simple
    /// ring's do not: two edges apart that cross or touch, or neighbours that turn back along each
    /// other; nil for a simple ring. The edges are swept by their left ends, so that only edges
    /// whose spans across x overlap are compared.
    static func firstMeeting(_ ring: [Point]) -> (Int, Int)? {
        let n = ring.count
        func edge(_ k: Int) -> (Point, Point) { (ring[k], ring[(k + 1) % n]) }
        for k in 0..<n {
            let (a, b) = edge(k), c = ring[(k + 2) % n]
            // A corner whose next edge runs back along it (or a repeated corner).
            if cross(a, b, c) == 0, (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) <= 0 { return (k, (k + 1) % n) }
        }
        let order = (0..<n).sorted { min(ring[$0].x, ring[($0 + 1) % n].x) < min(ring[$1].x, ring[($1 + 1) % n].x) }
        for (position, k) in order.enumerated() {
            let (a, b) = edge(k)
            let right = max(a.x, b.x)
            for m in order[(position + 1)...] {
                let (c, d) = edge(m)
                if min(c.x, d.x) > right { break }
                // Neighbours share a corner, checked above.
                if m == (k + 1) % n || k == (m + 1) % n { continue }
                guard max(min(a.y, b.y), min(c.y, d.y)) <= min(max(a.y, b.y), max(c.y, d.y)) else { continue }
                let (d1, d2, d3, d4) = (cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d))
                let crossing = (d1 > 0) != (d2 > 0) && d1 != 0 && d2 != 0 && (d3 > 0) != (d4 > 0) && d3 != 0 && d4 != 0
                let touching = (d1 == 0 && onEdge(a, c, d)) || (d2 == 0 && onEdge(b, c, d)) || (d3 == 0 && onEdge(c, a, b)) || (d4 == 0 && onEdge(d, a, b))
                if crossing || touching { return (min(k, m), max(k, m)) }
            }
        }
        return nil
    }
}
