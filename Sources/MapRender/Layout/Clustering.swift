import GeoCore

// Decluttering, first step: which places merge into clusters (`MarkForms` then decides how each
// is drawn, `LabelPlacement` where the names go). Pure geometry, no drawing, so the renderer, the
// tile server and the tests all see the same marks and labels.

public enum Clustering {
    /// Merges the marks that fall into the same square cell of `cellSize` pixels of the map's
    /// world plane (`worldPixel`, e.g. `Viewport.worldPixel`), whatever their categories. The grid
    /// is fixed to the world, not to the image, so every tile and every overview at one zoom sees
    /// the same cells, and a group depends only on the marks inside its cell: given the marks
    /// of a cell and its neighbourhood, a tile computes the same groups as the whole world.
    ///
    /// With `merge` (the style's `clusters.merge`), a block of 2 × 2 cells holding that many
    /// marks or more is one group, as the renderer draws it.
    ///
    /// Marks whose position has no finite pixel are skipped. Output is sorted by cell (row, then column).
    public static func cluster(_ marks: [LayoutMark], cellSize: Double, merge: Int? = nil,
                               worldPixel: (Coordinate) -> (x: Double, y: Double)) -> [MarkGroup] {
        let grid = ClusterGrid(count: marks.count, cellSize: cellSize, merge: merge, position: { worldPixel(marks[$0].position) }, mark: { marks[$0] })
        return grid.cells.indices.sorted { (grid.cells[$0].row, grid.cells[$0].column) < (grid.cells[$1].row, grid.cells[$1].column) }
            .map { grid.group(inCell: $0).group }
    }
}
