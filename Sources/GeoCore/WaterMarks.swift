/// A water mapped in pieces is one water to a reader: OpenStreetMap cuts a river's way at every
/// bridge, weir and change of tags, and a wide river's area into pieces that share their edges.
/// Of the pieces of one name that touch, one carries the water's mark, so that a map pins and
/// names it once, and the same piece in every tile.
///
/// Pieces of a name touch where a line's end, or any vertex of an area's rings, is the same point
/// as one of another piece's (the node two ways share). Of each group of touching pieces the
/// largest area carries the mark, or with no area the longest line; of equal ones the lowest id.
/// Stores keep the choice per record and make it again for the names a write touched.
public enum WaterMarks {
    /// The ids among `pieces` (all of one name) that carry their water's mark: one per group of
    /// pieces that touch. A point stands for itself and always carries its own.
    public static func carriers(_ pieces: [(id: Int64, geometry: Geometry)]) -> Set<Int64> {
        var parent = Array(pieces.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        // Each point where pieces may touch joins the first piece seen there.
        var seen: [Coordinate: Int] = [:]
        var sizes: [(area: Double, length: Double)?] = []
        for (i, piece) in pieces.enumerated() {
            let shape = shape(piece.geometry)
            sizes.append(shape.size)
            for point in shape.touchPoints {
                if let other = seen[point] {
                    let (a, b) = (root(i), root(other))
                    if a != b { parent[a] = b }
                } else {
                    seen[point] = i
                }
            }
        }
        var largest: [Int: Int] = [:]
        var carriers: Set<Int64> = []
        for i in pieces.indices {
            guard let size = sizes[i] else {
                carriers.insert(pieces[i].id)
                continue
            }
            let group = root(i)
            guard let best = largest[group], let bestSize = sizes[best] else {
                largest[group] = i
                continue
            }
            if (size.area, size.length, -pieces[i].id) > (bestSize.area, bestSize.length, -pieces[best].id) { largest[group] = i }
        }
        for i in largest.values { carriers.insert(pieces[i].id) }
        return carriers
    }

    /// The records of one name whose stored choice must change: each with what it is to be.
    public static func changes(_ stored: [(id: Int64, geometry: Geometry, carriesMark: Bool)]) -> [(id: Int64, carriesMark: Bool)] {
        let chosen = carriers(stored.map { ($0.id, $0.geometry) })
        return stored.compactMap { chosen.contains($0.id) == $0.carriesMark ? nil : ($0.id, !$0.carriesMark) }
    }

    /// A piece's size (nil for points: not a piece of anything) and the points it touches others at.
    private static func shape(_ geometry: Geometry) -> (size: (area: Double, length: Double)?, touchPoints: [Coordinate]) {
        func length(_ lines: [[Coordinate]]) -> Double {
            lines.reduce(0) { total, line in zip(line, line.dropFirst()).reduce(total) { $0 + Geodesic.distance($1.0, $1.1) } }
        }
        switch geometry {
        case .point, .multiPoint: return (nil, [])
        case let .lineString(line): return ((0, length([line])), [line.first, line.last].compactMap { $0 })
        case let .multiLineString(lines): return ((0, length(lines)), lines.flatMap { [$0.first, $0.last].compactMap { $0 } })
        case let .polygon(rings): return ((Geodesic.area(of: rings), 0), rings.flatMap { $0 })
        case let .multiPolygon(polygons):
            return ((polygons.reduce(0) { $0 + Geodesic.area(of: $1) }, 0), polygons.flatMap { $0.flatMap { $0 } })
        }
    }
}
