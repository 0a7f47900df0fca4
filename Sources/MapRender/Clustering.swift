import GeoCore

// Decluttering, first step: which pins merge into clusters (`LabelPlacement` then decides where
// their labels go). Pure geometry, no drawing, so the renderer, the tile server and the tests all
// see the same pins and labels.

/// A thing the map may draw as a pin.
public struct LayoutMark: Hashable, Sendable {
    public var id: String
    public var category: String
    public var position: Coordinate
    public var label: String?
    /// Lower is more important; ties are broken by `id`.
    public var priority: Int

    public init(id: String, category: String, position: Coordinate, label: String? = nil, priority: Int = 0) {
        (self.id, self.category, self.position, self.label, self.priority) = (id, category, position, label, priority)
    }

    /// The total order used everywhere: (priority, id), then the remaining fields, so that even
    /// duplicate ids cannot make the result depend on input order.
    static func precedes(_ a: LayoutMark, _ b: LayoutMark) -> Bool {
        (a.priority, a.id, a.position.lat, a.position.lon, a.label ?? "") <
            (b.priority, b.id, b.position.lat, b.position.lon, b.label ?? "")
    }
}

/// One pin on the map: a single mark, or a cluster of marks of one category.
public struct MarkGroup: Hashable, Sendable {
    public var category: String
    /// Never empty; sorted by (priority, id), so the first is the most important.
    public var members: [LayoutMark]
    /// Where the pin stands: a single mark's own position; for a cluster, the member nearest
    /// the members' mean — a real place, inside the cell, depending only on the members.
    public var position: Coordinate
    public var isCluster: Bool { members.count > 1 }
    /// Stable for the same members: the first member's id, prefixed "cluster:" for clusters.
    public var id: String { isCluster ? "cluster:" + members[0].id : members[0].id }

    public init(category: String, members: [LayoutMark], position: Coordinate) {
        (self.category, self.members, self.position) = (category, members, position)
    }
}

public enum Clustering {
    /// Merges marks of the same category that fall into the same square cell of `cellSize`
    /// pixels of the map's world plane (`worldPixel`, e.g. `Viewport.worldPixel`). The grid is
    /// fixed to the world, not to the image, so every tile and every overview at one zoom sees
    /// the same cells, and a group depends only on the marks inside its cell: given the marks
    /// of a cell and its neighbourhood, a tile computes the same groups as the whole world.
    ///
    /// Marks whose position has no finite pixel are skipped. Output is sorted by cell (row, then
    /// column) and category.
    public static func cluster(_ marks: [LayoutMark], cellSize: Double,
                               worldPixel: (Coordinate) -> (x: Double, y: Double)) -> [MarkGroup] {
        let grid = ClusterGrid(count: marks.count, cellSize: cellSize, position: { worldPixel(marks[$0].position) },
                               category: { marks[$0].category }, mark: { marks[$0] })
        return grid.cells.indices.sorted { (grid.cells[$0].row, grid.cells[$0].column) < (grid.cells[$1].row, grid.cells[$1].column) }
            .flatMap { grid.groups(inCell: $0).map(\.group) }
    }
}
