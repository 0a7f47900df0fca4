import Foundation

/// Rings and lines cut to a rectangle of image pixels before Cairo sees them: a country's
/// land polygon at zoom 16 reaches millions of pixels away, beyond what Cairo's fixed-point
/// coordinates hold, and its far vertices would cost time for nothing.
enum PixelClipping {
    typealias Point = (x: Double, y: Double)

    /// `ring` cut to `rect` (Sutherland–Hodgman): the part of the area inside, possibly with
    /// edges running along the rectangle, which fill the same.
    static func ring(_ ring: [Point], to rect: PixelRect) -> [Point] {
        guard !isInside(ring, rect) else { return ring }
        var points = ring
        let edges: [(Point) -> Double] = [{ $0.x - rect.minX }, { rect.maxX - $0.x }, { $0.y - rect.minY }, { rect.maxY - $0.y }]
        for inside in edges {
            guard let last = points.last else { return [] }
            var kept: [Point] = [], previous = last
            for p in points {
                let (a, b) = (inside(previous), inside(p))
                if (a >= 0) != (b >= 0) {
                    let t = a / (a - b)
                    kept.append((previous.x + t * (p.x - previous.x), previous.y + t * (p.y - previous.y)))
                }
                if b >= 0 { kept.append(p) }
                previous = p
            }
            points = kept
        }
        return points
    }

    /// The pieces of `line` inside `rect` (Liang–Barsky per segment, joined where they meet),
    /// each with how far along the whole line it starts: dashes keep their phase, so a dashed
    /// line cut by a tile's edge continues in the next tile as in the overview.
    static func line(_ line: [Point], to rect: PixelRect) -> [(points: [Point], start: Double)] {
        guard !isInside(line, rect) else { return [(line, 0)] }
        var pieces: [(points: [Point], start: Double)] = [], current: [Point] = [], start = 0.0, along = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            defer { along += hypot(b.x - a.x, b.y - a.y) }
            guard let (p, q) = segment(a, b, rect) else {
                if current.count > 1 { pieces.append((current, start)) }
                current = []
                continue
            }
            if let last = current.last, last != p {
                pieces.append((current, start))
                current = []
            }
            if current.isEmpty { current = [p]; start = along + hypot(p.x - a.x, p.y - a.y) }
            current.append(q)
            if q != b { pieces.append((current, start)); current = [] }
        }
        if current.count > 1 { pieces.append((current, start)) }
        return pieces
    }

    private static func segment(_ a: Point, _ b: Point, _ r: PixelRect) -> (Point, Point)? {
        guard let (t0, t1) = span(a, b, r) else { return nil }
        let d = (x: b.x - a.x, y: b.y - a.y)
        let start = t0 == 0 ? a : (a.x + t0 * d.x, a.y + t0 * d.y), end = t1 == 1 ? b : (a.x + t1 * d.x, a.y + t1 * d.y)
        return (start, end)
    }

    /// The part of segment a→b inside the rectangle, as fractions along it (Liang–Barsky).
    static func span(_ a: Point, _ b: Point, _ r: PixelRect) -> (Double, Double)? {
        let d = (x: b.x - a.x, y: b.y - a.y)
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return (t0, t1)
    }

    private static func isInside(_ points: [Point], _ rect: PixelRect) -> Bool {
        points.allSatisfy { $0.x >= rect.minX && $0.x <= rect.maxX && $0.y >= rect.minY && $0.y <= rect.maxY }
    }
}
