/// A feature's geometry in tile units (integers, y down), quantised and ready to encode as the
/// spec's commands (MVT 2.1, 4.3): points, lines, or polygons. The constructors from unrounded
/// positions leave out what rounding makes degenerate: repeated positions, a line of one
/// position, a ring of under three corners, of no area or turned over.
enum VectorTileGeometry {
    typealias Point = (x: Int, y: Int)

    case points([Point])
    case lines([[Point]])
    /// Rings in order: each exterior (positive area by the surveyor's formula with y down, which is
    /// clockwise on screen) followed by its holes (negative area).
    case polygons([[Point]])

    /// `lines` rounded to whole units; nil when no line keeps two distinct positions.
    static func quantised(lines: [[(x: Double, y: Double)]]) -> VectorTileGeometry? {
        let kept = lines.map(rounded).filter { $0.count >= 2 }
        return kept.isEmpty ? nil : .lines(kept)
    }

    /// Polygons (each its exterior ring, wound positive, then its holes, negative, as
    /// `RectangleClipping` gives them) rounded to whole units, every ring without its closing
    /// position and made simple again where rounding folded it (`RingUntangling`); a ring that
    /// rounding leaves with under three corners or turns over (a sliver) is left out, and with its
    /// exterior the polygon. Nil when no polygon is left.
    static func quantised(polygons: [[[(x: Double, y: Double)]]]) -> VectorTileGeometry? {
        var rings: [[Point]] = []
        for polygon in polygons {
            for (index, ring) in polygon.enumerated() {
                var points = rounded(ring)
                if points.count > 1, points.first! == points.last! { points.removeLast() }
                points = RingUntangling.untangled(points)
                let area = points.count >= 3 ? twiceArea(points) : 0
                guard area != 0, (area > 0) == (index == 0) else {
                    if index == 0 { break } else { continue }
                }
                rings.append(points)
            }
        }
        return rings.isEmpty ? nil : .polygons(rings)
    }

    static func rounded(_ line: [(x: Double, y: Double)]) -> [Point] {
        var points: [Point] = []
        points.reserveCapacity(line.count)
        for p in line {
            let q = (x: Int(p.x.rounded()), y: Int(p.y.rounded()))
            if let last = points.last, last == q { continue }
            points.append(q)
        }
        return points
    }

    /// Twice the signed area (the surveyor's formula); positive for a ring clockwise on screen (y down).
    static func twiceArea(_ ring: [Point]) -> Int {
        guard var previous = ring.last else { return 0 }
        var sum = 0
        for p in ring {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum
    }

    /// The spec's geometry type: POINT 1, LINESTRING 2, POLYGON 3.
    var type: UInt64 {
        switch self {
        case .points: 1
        case .lines: 2
        case .polygons: 3
        }
    }

    /// The command integers and zigzag-encoded deltas (MVT 2.1, 4.3): MoveTo, LineTo and
    /// ClosePath, each position relative to the one before, from (0, 0).
    var commands: [UInt32] {
        var out: [UInt32] = [], cursor: Point = (0, 0)
        func command(_ id: UInt32, _ count: Int) { out.append(id | UInt32(count) << 3) }
        func to(_ p: Point) {
            out.append(UInt32(truncatingIfNeeded: ProtobufWriter.zigzag(Int64(p.x - cursor.x))))
            out.append(UInt32(truncatingIfNeeded: ProtobufWriter.zigzag(Int64(p.y - cursor.y))))
            cursor = p
        }
        func path(_ points: [Point], closed: Bool) {
            command(1, 1)
            to(points[0])
            command(2, points.count - 1)
            for p in points.dropFirst() { to(p) }
            if closed { command(7, 1) }
        }
        switch self {
        case let .points(points):
            command(1, points.count)
            for p in points { to(p) }
        case let .lines(lines): for line in lines { path(line, closed: false) }
        case let .polygons(rings): for ring in rings { path(ring, closed: true) }
        }
        return out
    }
}
