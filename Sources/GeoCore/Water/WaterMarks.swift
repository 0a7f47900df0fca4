import Foundation

/// A water mapped in pieces is one water to a reader: OpenStreetMap cuts a river's way at every
/// bridge, weir and change of tags, and a wide river's area into pieces, often apart by the width
/// of a bridge. Of the pieces of one name that lie together, one carries the water's mark, so
/// that a map pins and names it once, and the same piece in every tile.
///
/// Pieces of a name lie together when a vertex of one is within `reach` of a vertex of another
/// (their shared node, or the gap a bridge or culvert leaves), or a line's first vertex lies in an
/// area (a river's centre line in its own area, however wide), and so on from piece to piece. Of
/// each group the largest area carries the mark, or with no area the longest line; of equal ones
/// the lowest id. Stores keep the choice per record and make it again for the names a write touched.
/// Pieces on either side of the antimeridian are not joined (no water of the data crosses it).
public enum WaterMarks {
    /// How far apart, vertex to vertex, two pieces of a name may be and still be one water, in
    /// metres: the Gran Valira's areas in Andorra la Vella are 32–72 m apart at their bridges;
    /// lakes of one name further apart keep a mark each.
    public static let reach = 100.0

    /// Metres in a degree of latitude (and of longitude at the equator), near enough at this reach.
    private static let metresPerDegree = 111_195.0

    /// The ids among `pieces` (all of one name) that carry their water's mark: one per group of
    /// pieces that lie together. A point stands for itself and always carries its own.
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
        // Every vertex in a grid of cells `reach` high and as wide in degrees: a vertex meets
        // those of other pieces in its own and the neighbouring cells, as many columns either
        // side as a cell's width in metres shrinks towards the pole.
        var cells: [Cell: [Int: [Coordinate]]] = [:]
        var sizes: [(area: Double, length: Double)?] = []
        for (i, piece) in pieces.enumerated() {
            let size = size(piece.geometry)
            sizes.append(size)
            guard size != nil else { continue }
            for vertex in piece.geometry.coordinates {
                let cell = Cell(vertex), columns = Cell.columnsWithinReach(vertex.lat)
                for row in cell.row - 1...cell.row + 1 {
                    for column in cell.column - columns...cell.column + columns {
                        for (other, vertices) in cells[Cell(row: row, column: column)] ?? [:] where root(other) != root(i) {
                            if vertices.contains(where: { Self.near(vertex, $0) }) { parent[root(i)] = root(other) }
                        }
                    }
                }
                cells[cell, default: [:]][i, default: []].append(vertex)
            }
        }
        let areas = pieces.indices.compactMap { i -> (piece: Int, polygons: [[[Coordinate]]], box: BoundingBox)? in
            let polygons = pieces[i].geometry.parts.polygons
            return polygons.isEmpty ? nil : (i, polygons, BoundingBox(enclosing: polygons.flatMap { $0.first ?? [] }))
        }
        for (i, piece) in pieces.enumerated() {
            guard case let .lineString(line) = piece.geometry, let first = line.first else { continue }
            for area in areas where root(area.piece) != root(i) && area.box.contains(first) {
                if area.polygons.contains(where: { PlanarGeometry.polygon($0, contains: first) }) { parent[root(i)] = root(area.piece) }
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

    /// Whether two vertices are within `reach`, on the plane tangent at their latitude: over a
    /// hundred metres its error is far below what the reach means.
    private static func near(_ a: Coordinate, _ b: Coordinate) -> Bool {
        let degrees = hypot(a.lat - b.lat, (a.lon - b.lon) * cos((a.lat + b.lat) / 2 * .pi / 180))
        return degrees * metresPerDegree <= reach
    }

    /// The records of one name whose stored choice must change: each with what it is to be.
    public static func changes(_ stored: [(id: Int64, geometry: Geometry, carriesMark: Bool)]) -> [(id: Int64, carriesMark: Bool)] {
        let chosen = carriers(stored.map { ($0.id, $0.geometry) })
        return stored.compactMap { chosen.contains($0.id) == $0.carriesMark ? nil : ($0.id, !$0.carriesMark) }
    }

    /// A piece's size: an area's, else a line's length; nil for points (not a piece of anything).
    private static func size(_ geometry: Geometry) -> (area: Double, length: Double)? {
        let parts = geometry.parts
        guard parts.points.isEmpty else { return nil }
        guard parts.polygons.isEmpty else { return (parts.polygons.reduce(0) { $0 + Geodesic.area(of: $1) }, 0) }
        return (0, parts.lines.reduce(0) { total, line in zip(line, line.dropFirst()).reduce(total) { $0 + Geodesic.distance($1.0, $1.1) } })
    }

    /// A cell of the grid, `reach` on a side in degrees of latitude, and as many of longitude.
    private struct Cell: Hashable {
        static let side = WaterMarks.reach / WaterMarks.metresPerDegree
        let row: Int, column: Int

        init(row: Int, column: Int) { (self.row, self.column) = (row, column) }

        init(_ c: Coordinate) {
            (row, column) = (Int((c.lat / Self.side).rounded(.down)), Int((c.lon / Self.side).rounded(.down)))
        }

        /// How many columns either side hold the points within `reach` of a point at `lat` (within
        /// a tenth of a degree of a pole, fewer than all).
        static func columnsWithinReach(_ lat: Double) -> Int {
            let shrink = cos(min(abs(lat) + side, 89.9) * .pi / 180)
            return Int((1 / shrink).rounded(.up))
        }
    }
}
