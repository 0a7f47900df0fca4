/// Marks bucketed by the cells of the clustering grid; a cell's group is formed when it is asked
/// for (each caller asks once per cell and keeps it), so a tile handed thousands of marks for its
/// margin clusters only the cells its layout looks at. Occupied cells are numbered
/// 0..<cellCount, so callers can keep what they learn of a cell in an array.
final class ClusterGrid {
    struct Cell: Hashable { var row: Int, column: Int }
    /// A group, the world pixel of its position, and a cluster's members' world pixels (in the
    /// members' order; none for a lone place, whose pixel is `position`: most cells of a tile).
    struct Placed { let group: MarkGroup; let position: (x: Double, y: Double); let memberPositions: [(x: Double, y: Double)] }

    let cellSize: Double
    /// Items by cell, each cell's a run `starts[n]..<starts[n + 1]` in the items' order: their
    /// numbers and world pixels, and the marks made of them when their cell is formed (a tile's
    /// margin holds thousands it never needs as marks). One flat array rather than one per cell:
    /// a tile's margin has thousands of cells.
    private let positions: [(item: Int, x: Double, y: Double)]
    private let starts: [Int]
    private let mark: (Int) -> LayoutMark
    let cells: [Cell]
    private let numbers: CellTable

    /// Items `0..<count`; `position` gives an item's world pixel, nil to leave it out; `mark` the mark it stands for.
    /// - Parameter area: when given, items outside it (world pixels) are left out.
    init(count: Int, cellSize: Double, area: PixelRect? = nil, position: (Int) -> (x: Double, y: Double)?,
         mark: @escaping (Int) -> LayoutMark) {
        precondition(cellSize > 0, "cellSize must be positive")
        (self.cellSize, self.mark) = (cellSize, mark)
        // Built in locals and stored once: each access to a class's stored property is checked
        // for exclusivity at run time, and this loop runs for thousands of places.
        let range = area.flatMap { a in
            Self.cell(x: a.minX, y: a.minY, size: cellSize).flatMap { first in Self.cell(x: a.maxX, y: a.maxY, size: cellSize).map { (first, $0) } }
        }
        var numbers = CellTable(capacity: count, within: range), cells: [Cell] = []
        var kept: [(item: Int, x: Double, y: Double)] = [], cellOfKept: [Int] = [], sizes: [Int] = []
        kept.reserveCapacity(count)
        cellOfKept.reserveCapacity(count)
        cells.reserveCapacity(count)
        sizes.reserveCapacity(count)
        for item in 0..<count {
            guard let (x, y) = position(item) else { continue }
            if let area, !(x >= area.minX && x <= area.maxX && y >= area.minY && y <= area.maxY) { continue }
            guard let cell = Self.cell(x: x, y: y, size: cellSize) else { continue }  // NaN or out of range
            let number: Int
            if let known = numbers.number(of: cell) {
                number = known
            } else {
                number = cells.count
                numbers.insert(cell, number: number)
                cells.append(cell)
                sizes.append(0)
            }
            sizes[number] += 1
            kept.append((item, x, y))
            cellOfKept.append(number)
        }
        // Counting sort by cell, stable: each cell's items keep their order.
        var starts = Array(repeating: 0, count: cells.count + 1)
        for n in cells.indices { starts[n + 1] = starts[n] + sizes[n] }
        var next = Array(starts.dropLast())
        var positions = Array(repeating: (item: 0, x: 0.0, y: 0.0), count: kept.count)
        for (k, entry) in kept.enumerated() {
            positions[next[cellOfKept[k]]] = entry
            next[cellOfKept[k]] += 1
        }
        (self.numbers, self.cells, self.starts, self.positions) = (numbers, cells, starts, positions)
    }

    var cellCount: Int { cells.count }

    /// The cell of a world pixel; nil when not finite. Int(exactly:) rejects NaN and
    /// out-of-range values instead of trapping.
    static func cell(x: Double, y: Double, size: Double) -> Cell? {
        guard let column = Int(exactly: (x / size).rounded(.down)), let row = Int(exactly: (y / size).rounded(.down)) else { return nil }
        return Cell(row: row, column: column)
    }

    /// Calls `body` with the number of each occupied cell whose area meets `rect` (world
    /// pixels), without allocating: label placement asks this for every spot it tries.
    func forEachCell(meeting rect: PixelRect, _ body: (Int) -> Void) {
        guard let a = Self.cell(x: rect.minX, y: rect.minY, size: cellSize), let b = Self.cell(x: rect.maxX, y: rect.maxY, size: cellSize) else { return }
        let rows = b.row.subtractingReportingOverflow(a.row), columns = b.column.subtractingReportingOverflow(a.column)
        let area = (rows.partialValue &+ 1).multipliedReportingOverflow(by: columns.partialValue &+ 1)
        guard !rows.overflow, !columns.overflow, !area.overflow, area.partialValue <= cells.count else {
            // A rect wider than the marks: walk the marks' cells instead of the rect's.
            for (number, c) in cells.enumerated() where (a.row...b.row).contains(c.row) && (a.column...b.column).contains(c.column) { body(number) }
            return
        }
        for row in a.row...b.row {
            for column in a.column...b.column {
                if let number = numbers.number(of: Cell(row: row, column: column)) { body(number) }
            }
        }
    }

    /// The cell's area in world pixels.
    func rect(ofCell number: Int) -> PixelRect {
        PixelRect(x: Double(cells[number].column) * cellSize, y: Double(cells[number].row) * cellSize, width: cellSize, height: cellSize)
    }

    /// The item of a cell that holds one, and its world pixel, without forming its group.
    func lone(inCell number: Int) -> (item: Int, position: (x: Double, y: Double))? {
        guard starts[number + 1] - starts[number] == 1 else { return nil }
        let p = positions[starts[number]]
        return (p.item, (p.x, p.y))
    }

    /// The one group of a cell: every mark in it, whatever its category.
    func group(inCell number: Int) -> Placed {
        // Most cells hold one place: it is its own mean, nothing to sort.
        if let (item, position) = lone(inCell: number) {
            let only = mark(item)
            return Placed(group: MarkGroup(members: [only], position: only.position), position: position, memberPositions: [])
        }
        let entries = positions[starts[number]..<starts[number + 1]].map { p in (mark: mark(p.item), x: p.x, y: p.y) }
        let sorted = entries.sorted { LayoutMark.precedes($0.mark, $1.mark) }
        // Summing in the members' own order keeps the mean bit-identical in every tile.
        let n = Double(sorted.count)
        let mx = sorted.reduce(0) { $0 + $1.x } / n, my = sorted.reduce(0) { $0 + $1.y } / n
        var best = sorted[0], bestDistance = Double.infinity
        for e in sorted {
            let d = (e.x - mx) * (e.x - mx) + (e.y - my) * (e.y - my)
            if d < bestDistance { (best, bestDistance) = (e, d) }  // strict: ties keep the earlier member
        }
        return Placed(group: MarkGroup(members: sorted.map(\.mark), position: best.mark.position), position: (best.x, best.y),
                      memberPositions: sorted.map { ($0.x, $0.y) })
    }
}
