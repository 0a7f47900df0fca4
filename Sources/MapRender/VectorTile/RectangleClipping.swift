/// A polygon cut to a rectangle as an area (Weiler–Atherton, the clip being a rectangle): the
/// pieces of its rings inside, joined along the rectangle's edge into the rings of the area they
/// bound, so that a shape that leaves the rectangle and comes back becomes separate polygons, not one
/// ring running back along the edge over itself (what Sutherland–Hodgman, `PixelClipping.ring`,
/// gives: it fills the same, but GEOS and GDAL call it invalid, and a vector tile ships it).
enum RectangleClipping {
    typealias Point = (x: Double, y: Double)

    /// `rings` (an exterior, then its holes; any winding) cut to `rect`: polygons, each a shell
    /// wound positive by the surveyor's formula (clockwise with y down), then its holes, negative.
    static func polygon(_ rings: [[Point]], to rect: PixelRect) -> [[[Point]]] {
        var loops: [[Point]] = [], chains: [[Point]] = [], enclosing = false
        for (index, raw) in rings.enumerated() {
            var ring = raw
            if ring.count > 1, ring.first! == ring.last! { ring.removeLast() }
            guard ring.count >= 3 else {
                if index == 0 { return [] } else { continue }
            }
            // The area on the right of every edge (y down): shell clockwise, holes anticlockwise.
            if (area(ring) > 0) != (index == 0) { ring.reverse() }
            if ring.allSatisfy({ inside($0, rect) }) {
                loops.append(ring)
                continue
            }
            let pieces = Self.chains(ring, rect)
            if pieces.isEmpty {
                // Wholly outside the rectangle: around it, or apart from it.
                let around = contains(ring, (rect.midX, rect.midY))
                if index == 0, !around { return [] }
                if index > 0, around { return [] }
                if index == 0 { enclosing = true }
                continue
            }
            chains += pieces
        }
        if chains.isEmpty, enclosing {
            loops.append([(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)])
        }
        loops += joined(chains, rect)
        let shells = loops.filter { area($0) > 0 }
        var polygons = shells.map { [$0] }
        for hole in loops where area(hole) < 0 {
            // A hole wholly inside the rectangle: in the shell around it.
            if let s = shells.firstIndex(where: { contains($0, hole[0]) }) { polygons[s].append(hole) }
        }
        return polygons
    }

    /// Twice the signed area (the surveyor's formula).
    static func area(_ ring: [Point]) -> Double {
        guard var previous = ring.last else { return 0 }
        var sum = 0.0
        for p in ring {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum
    }

    private static func inside(_ p: Point, _ r: PixelRect) -> Bool {
        p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY
    }

    /// Even-odd: whether `p` lies inside `ring`.
    private static func contains(_ ring: [Point], _ p: Point) -> Bool {
        var inside = false, previous = ring[ring.count - 1]
        for q in ring {
            if (q.y > p.y) != (previous.y > p.y), p.x < (previous.x - q.x) * (p.y - q.y) / (previous.y - q.y) + q.x { inside.toggle() }
            previous = q
        }
        return inside
    }

    /// The pieces of a closed ring inside the rectangle, each from where it comes in across the
    /// edge to where it leaves; a touch at one point is no piece. The ring has a position outside.
    private static func chains(_ ring: [Point], _ rect: PixelRect) -> [[Point]] {
        let start = ring.firstIndex { !inside($0, rect) }!
        var pieces: [[Point]] = [], current: [Point]?
        for k in 0..<ring.count {
            let a = ring[(start + k) % ring.count], b = ring[(start + k + 1) % ring.count]
            guard let (t0, t1) = PixelClipping.span(a, b, rect) else { continue }
            if current == nil {
                guard t1 > t0 else { continue }
                current = [point(a, b, t0)]
            }
            current!.append(point(a, b, t1))
            if t1 < 1 {
                pieces.append(current!)
                current = nil
            }
        }
        return pieces
    }

    private static func point(_ a: Point, _ b: Point, _ t: Double) -> Point {
        t == 0 ? a : t == 1 ? b : (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y))
    }

    /// How far along the rectangle's edge `p` lies, clockwise (y down) from its top-left corner.
    private static func along(_ p: Point, _ r: PixelRect) -> Double {
        let (w, h) = (r.width, r.height)
        // The nearest side, so that a point a rounding off the edge is placed on it.
        let distances = [abs(p.y - r.minY), abs(p.x - r.maxX), abs(p.y - r.maxY), abs(p.x - r.minX)]
        switch distances.firstIndex(of: distances.min()!)! {
        case 0: return min(max(p.x - r.minX, 0), w)
        case 1: return w + min(max(p.y - r.minY, 0), h)
        case 2: return w + h + min(max(r.maxX - p.x, 0), w)
        default: return (2 * w + h + min(max(r.maxY - p.y, 0), h)).truncatingRemainder(dividingBy: 2 * (w + h))
        }
    }

    /// The chains closed into rings: from where one leaves, clockwise along the edge (round the
    /// corners passed) to where the next comes in, the area keeping to the right all the way.
    private static func joined(_ chains: [[Point]], _ rect: PixelRect) -> [[Point]] {
        guard !chains.isEmpty else { return [] }
        let perimeter = 2 * (rect.width + rect.height)
        let entries = chains.map { along($0[0], rect) }
        let corners: [(at: Double, point: Point)] = [(0, (rect.minX, rect.minY)), (rect.width, (rect.maxX, rect.minY)),
                                                     (rect.width + rect.height, (rect.maxX, rect.maxY)), (2 * rect.width + rect.height, (rect.minX, rect.maxY))]
        func ahead(_ from: Double, _ to: Double) -> Double {
            let d = (to - from).truncatingRemainder(dividingBy: perimeter)
            return d < 0 ? d + perimeter : d
        }
        var used = [Bool](repeating: false, count: chains.count), rings: [[Point]] = []
        for first in chains.indices where !used[first] {
            var ring: [Point] = [], c = first
            while !used[c] {
                used[c] = true
                ring += chains[c]
                let exit = along(chains[c].last!, rect)
                // The next entry clockwise from here; among the chains not yet joined, or this ring's first.
                let next = chains.indices.filter { !used[$0] || $0 == first }.min { ahead(exit, entries[$0]) < ahead(exit, entries[$1]) }!
                let gap = ahead(exit, entries[next])
                for corner in corners.sorted(by: { ahead(exit, $0.at) < ahead(exit, $1.at) }) where ahead(exit, corner.at) > 0 && ahead(exit, corner.at) < gap {
                    ring.append(corner.point)
                }
                c = next
            }
            rings.append(ring)
        }
        return rings
    }
}
