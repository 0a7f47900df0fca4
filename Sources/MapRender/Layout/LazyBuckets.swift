/// What lies near each square of a coarse grid (world pixels), gathered the first time a square
/// is asked about: label placement asks "which marks, which labels near here?" for every spot it
/// tries, and walking the cluster grid's small cells for each question cost most of a tile's time.
/// A square's list holds what `gather` returned for it once; each question then visits the few
/// squares it meets.
struct LazyBuckets<Element> {
    let side: Double
    private var numbers = CellTable(capacity: 64)
    private var lists: [[Element]] = []

    init(side: Double) {
        precondition(side > 0, "side must be positive")
        self.side = side
    }

    /// The square of `side` whose corner is at row and column.
    func square(_ cell: ClusterGrid.Cell) -> PixelRect {
        PixelRect(x: Double(cell.column) * side, y: Double(cell.row) * side, width: side, height: side)
    }

    /// Calls `body` with everything gathered for each square whose interior `rect` meets (an
    /// element met in two squares is met twice), until `body` returns false. `gather` is asked
    /// once per square for everything that may meet it; a rect that is not finite meets nothing.
    /// What shares interior with `rect` shares it with one of those squares, so a caller that
    /// wants only that (`PixelRect.intersects`) loses nothing; a square `rect` only touches (a
    /// tile's right and bottom edges lie on squares' edges) is not gathered.
    mutating func visit(_ rect: PixelRect, gather: (PixelRect) -> [Element], _ body: (Element) -> Bool) {
        guard let a = ClusterGrid.cell(x: rect.minX, y: rect.minY, size: side),
              var b = ClusterGrid.cell(x: rect.maxX, y: rect.maxY, size: side) else { return }
        guard a.row <= b.row, a.column <= b.column else { return }
        if Double(b.column) * side == rect.maxX { guard b.column > a.column else { return }; b.column -= 1 }
        if Double(b.row) * side == rect.maxY { guard b.row > a.row else { return }; b.row -= 1 }
        for row in a.row...b.row {
            for column in a.column...b.column {
                let cell = ClusterGrid.Cell(row: row, column: column)
                let number: Int
                if let known = numbers.number(of: cell) {
                    number = known
                } else {
                    number = lists.count
                    lists.append(gather(square(cell)))
                    numbers.insert(cell, number: number)
                }
                for element in lists[number] where !body(element) { return }
            }
        }
    }
}
