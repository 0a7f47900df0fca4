import GeoCore

// Decluttering, first step: which places merge into clusters (`MarkForms` then decides how each
// is drawn, `LabelPlacement` where the names go). Pure geometry, no drawing, so the renderer, the
// tile server and the tests all see the same marks and labels.

/// A place the map may draw as a mark (a pin, a dot, or one of a cluster's members).
public struct LayoutMark: Hashable, Sendable {
    public var id: String
    public var category: String
    public var position: Coordinate
    public var label: String?
    /// Lower is more important (the style's label priority of the category)…
    public var priority: Int
    /// …then higher is more important (the guide's own objects before OpenStreetMap's); ties are broken by `id`.
    public var importance: Int

    public init(id: String, category: String, position: Coordinate, label: String? = nil, priority: Int = 0, importance: Int = 0) {
        (self.id, self.category, self.position, self.label, self.priority, self.importance) = (id, category, position, label, priority, importance)
    }

    /// The total order used everywhere: (priority, importance, id), then the remaining fields, so
    /// that even duplicate ids cannot make the result depend on input order.
    static func precedes(_ a: LayoutMark, _ b: LayoutMark) -> Bool {
        // Field by field rather than as tuples, which copy (and retain) the ids for every comparison.
        if a.priority != b.priority { return a.priority < b.priority }
        if a.importance != b.importance { return a.importance > b.importance }
        if a.id != b.id { return a.id < b.id }
        return (a.position.lat, a.position.lon, a.category, a.label ?? "") < (b.position.lat, b.position.lon, b.category, b.label ?? "")
    }
}

/// One mark on the map: a single place, or a cluster of the places of one cell, of any categories.
public struct MarkGroup: Hashable, Sendable {
    /// Never empty; sorted by `LayoutMark.precedes`, so the first is the most important.
    public var members: [LayoutMark]
    /// Where the mark stands: a single mark's own position; for a cluster, the member nearest
    /// the members' mean — a real place, inside the cell, depending only on the members.
    public var position: Coordinate
    public var isCluster: Bool { members.count > 1 }
    /// The most important member's category.
    public var category: String { members[0].category }
    /// Stable for the same members: the first member's id, prefixed "cluster:" for clusters.
    public var id: String { isCluster ? "cluster:" + members[0].id : members[0].id }

    public init(members: [LayoutMark], position: Coordinate) {
        (self.members, self.position) = (members, position)
    }

    /// The members' categories with their counts, the most numerous first (then by code): a
    /// cluster's ring, slice by slice.
    public var categories: [(code: String, count: Int)] {
        // Counted in a list of the few categories, not a dictionary: a tile forms dozens of rings.
        var counts: [(code: String, count: Int)] = []
        for m in members {
            if let k = counts.firstIndex(where: { $0.code == m.category }) { counts[k].count += 1 } else { counts.append((m.category, 1)) }
        }
        return counts.count < 2 ? counts : counts.sorted { ($1.count, $0.code) < ($0.count, $1.code) }
    }
}

public enum Clustering {
    /// Merges the marks that fall into the same square cell of `cellSize` pixels of the map's
    /// world plane (`worldPixel`, e.g. `Viewport.worldPixel`), whatever their categories. The grid
    /// is fixed to the world, not to the image, so every tile and every overview at one zoom sees
    /// the same cells, and a group depends only on the marks inside its cell: given the marks
    /// of a cell and its neighbourhood, a tile computes the same groups as the whole world.
    ///
    /// Marks whose position has no finite pixel are skipped. Output is sorted by cell (row, then column).
    public static func cluster(_ marks: [LayoutMark], cellSize: Double,
                               worldPixel: (Coordinate) -> (x: Double, y: Double)) -> [MarkGroup] {
        let grid = ClusterGrid(count: marks.count, cellSize: cellSize, position: { worldPixel(marks[$0].position) }, mark: { marks[$0] })
        return grid.cells.indices.sorted { (grid.cells[$0].row, grid.cells[$0].column) < (grid.cells[$1].row, grid.cells[$1].column) }
            .map { grid.group(inCell: $0).group }
    }
}
