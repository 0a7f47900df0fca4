import Foundation

/// Characters set one by one along a polyline (image pixels), as street names follow their
/// street: each turned to the line's direction under it, the text centred on the line.
struct TextOnLine {
    typealias Point = (x: Double, y: Double)

    let points: [Point]
    /// The distance along the line at each point.
    let distances: [Double]
    var length: Double { distances.last ?? 0 }

    init(_ points: [Point]) {
        self.points = points
        var d = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { d.append(d.last! + hypot(b.x - a.x, b.y - a.y)) }
        distances = d
    }

    var reversed: TextOnLine { TextOnLine(points.reversed()) }

    /// The point `d` along the line.
    func point(at d: Double) -> Point {
        var low = 0, high = distances.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if distances[mid] <= d { low = mid } else { high = mid }
        }
        let step = distances[high] - distances[low], t = step > 0 ? min(max((d - distances[low]) / step, 0), 1) : 0
        return (points[low].x + t * (points[high].x - points[low].x), points[low].y + t * (points[high].y - points[low].y))
    }

    /// Each character's origin (on the baseline, which lies `baselineShift` below the line) and
    /// angle, for characters of `advances` starting `start` along the line; nil where the line
    /// turns more than `maxTurn` radians between neighbouring characters (the text would break).
    func glyphs(advances: [Double], start: Double, baselineShift: Double, maxTurn: Double = 0.5) -> [(x: Double, y: Double, angle: Double)]? {
        var result: [(x: Double, y: Double, angle: Double)] = [], d = start, previous: Double?
        for a in advances {
            // The chord under the character gives its direction: smoother than the segment under its middle.
            let p0 = point(at: d), p1 = point(at: d + a)
            let angle = atan2(p1.y - p0.y, p1.x - p0.x)
            if let previous {
                var turn = abs(angle - previous)
                if turn > .pi { turn = 2 * .pi - turn }
                if turn > maxTurn { return nil }
            }
            previous = angle
            let mid = point(at: d + a / 2), (c, s) = (cos(angle), sin(angle))
            result.append((mid.x - a / 2 * c - baselineShift * s, mid.y - a / 2 * s + baselineShift * c, angle))
            d += a
        }
        return result
    }
}
