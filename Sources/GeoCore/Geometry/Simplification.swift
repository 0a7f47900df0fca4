/// Douglas–Peucker simplification of a polyline in a plane: the generalised copies of base
/// features per zoom band are made of it.
public enum Simplification {
    /// Which points of `points` to keep so that none of those dropped lies farther than
    /// `tolerance` from the line through the kept ones; the first and the last are always kept.
    /// Iterative (a stack of ranges), so that a coastline of a million points cannot overflow the
    /// call stack.
    public static func kept(_ points: [(x: Double, y: Double)], tolerance: Double) -> [Bool] {
        var keep = [Bool](repeating: false, count: points.count)
        guard points.count > 2 else { return [Bool](repeating: true, count: points.count) }
        keep[0] = true
        keep[points.count - 1] = true
        let limit = tolerance * tolerance
        var ranges = [(0, points.count - 1)]
        while let (first, last) = ranges.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
            var farthest = first, distance = -1.0
            for i in (first + 1)..<last {
                let p = points[i]
                // Squared distance to the segment ab (to a itself when a and b coincide, as the
                // two ends of a closed ring do).
                var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
                t = min(max(t, 0), 1)
                let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
                let d = ex * ex + ey * ey
                if d > distance { (farthest, distance) = (i, d) }
            }
            if distance > limit {
                keep[farthest] = true
                ranges.append((first, farthest))
                ranges.append((farthest, last))
            }
        }
        return keep
    }
}
