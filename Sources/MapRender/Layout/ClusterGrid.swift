/// Marks bucketed by the cells of the clustering grid; a cell's group is formed when it is asked
/// for (each caller asks once per cell and keeps it), so a tile handed thousands of marks for its
/// margin clusters only the cells its layout looks at. Occupied cells are numbered
/// 0..<cellCount, so callers can keep what they learn of a cell in an array.
///
/// With `merge`, a block of 2 × 2 cells (on a grid of blocks fixed to the world too) that holds
/// at least that many places is one cell of twice the side: a dense core is drawn as fewer,
/// larger clusters with room between them, while a sparse area keeps its fine cells (and its
/// pins). Whether a block merges depends only on its own places, so tiles still agree.
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
    /// Each numbered cell's first (top-left) fine cell, and its side in fine cells: 1, or 2 for a merged block.
    let cells: [Cell]
    private let spans: [Int]
    /// Fine cell → number; every fine cell of a merged block has the block's number.
    private let numbers: CellTable

    /// Items `0..<count`; `position` gives an item's world pixel, nil to leave it out; `mark` the mark it stands for.
    /// - Parameter area: when given, items outside it (world pixels) are left out.
    /// - Parameter merge: the places in a block of 2 × 2 cells that make it one cell (at least 2); nil: never.
    init(count: Int, cellSize: Double, area: PixelRect? = nil, merge: Int? = nil, position: (Int) -> (x: Double, y: Double)?,
         mark: @escaping (Int) -> LayoutMark) {
        precondition(cellSize > 0, "cellSize must be positive")
        precondition((merge ?? 2) >= 2, "a merged block holds at least two places")
        (self.cellSize, self.mark) = (cellSize, mark)
        // Built in locals and stored once: each access to a class's stored property is checked
        // for exclusivity at run time, and this loop runs for thousands of places.
        let range = area.flatMap { a in
            Self.cell(x: a.minX, y: a.minY, size: cellSize).flatMap { first in Self.cell(x: a.maxX, y: a.maxY, size: cellSize).map { (first, $0) } }
        }
        var fine = CellTable(capacity: count, within: range), fineCells: [Cell] = []
        var kept: [(item: Int, x: Double, y: Double)] = [], fineOfKept: [Int] = [], fineSizes: [Int] = []
        kept.reserveCapacity(count)
        fineOfKept.reserveCapacity(count)
        fineCells.reserveCapacity(count)
        fineSizes.reserveCapacity(count)
        for item in 0..<count {
            guard let (x, y) = position(item) else { continue }
            if let area, !(x >= area.minX && x <= area.maxX && y >= area.minY && y <= area.maxY) { continue }
            guard let cell = Self.cell(x: x, y: y, size: cellSize) else { continue }  // NaN or out of range
            let number: Int
            if let known = fine.number(of: cell) {
                number = known
            } else {
                number = fineCells.count
                fine.insert(cell, number: number)
                fineCells.append(cell)
                fineSizes.append(0)
            }
            fineSizes[number] += 1
            kept.append((item, x, y))
            fineOfKept.append(number)
        }
        // Fine cells → numbered cells: each fine cell its own, unless its block merges.
        var cells = fineCells, spans = Array(repeating: 1, count: fineCells.count), numberOfFine = Array(fineCells.indices)
        var numbers = fine, sizes = fineSizes
        if let merge {
            var blockPlaces: [Cell: Int] = [:]
            for (n, c) in fineCells.enumerated() { blockPlaces[Self.block(of: c), default: 0] += fineSizes[n] }
            if blockPlaces.values.contains(where: { $0 >= merge }) {
                (cells, spans, sizes, numbers) = ([], [], [], CellTable(capacity: count, within: range))
                var blockNumbers: [Cell: Int] = [:]
                for (n, c) in fineCells.enumerated() {
                    let block = Self.block(of: c)
                    guard blockPlaces[block]! >= merge else {
                        numberOfFine[n] = cells.count
                        numbers.insert(c, number: cells.count)
                        cells.append(c)
                        spans.append(1)
                        sizes.append(fineSizes[n])
                        continue
                    }
                    if let known = blockNumbers[block] {
                        numberOfFine[n] = known
                        sizes[known] += fineSizes[n]
                        continue
                    }
                    let number = cells.count, first = Cell(row: block.row * 2, column: block.column * 2)
                    blockNumbers[block] = number
                    numberOfFine[n] = number
                    for r in 0..<2 {
                        for k in 0..<2 {
                            let c = Cell(row: first.row + r, column: first.column + k)
                            if range.map({ c.row >= $0.0.row && c.row <= $0.1.row && c.column >= $0.0.column && c.column <= $0.1.column }) ?? true {
                                numbers.insert(c, number: number)
                            }
                        }
                    }
                    cells.append(first)
                    spans.append(2)
                    sizes.append(fineSizes[n])
                }
            }
        }
        // Counting sort by cell, stable: each cell's items keep their order.
        var starts = Array(repeating: 0, count: cells.count + 1)
        for n in cells.indices { starts[n + 1] = starts[n] + sizes[n] }
        var next = Array(starts.dropLast())
        var positions = Array(repeating: (item: 0, x: 0.0, y: 0.0), count: kept.count)
        for (k, entry) in kept.enumerated() {
            let n = numberOfFine[fineOfKept[k]]
            positions[next[n]] = entry
            next[n] += 1
        }
        (self.numbers, self.cells, self.spans, self.starts, self.positions) = (numbers, cells, spans, starts, positions)
    }

    /// The block of 2 × 2 cells a cell lies in (rounding down, negative cells too).
    private static func block(of c: Cell) -> Cell { Cell(row: c.row >> 1, column: c.column >> 1) }

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
            for (number, c) in cells.enumerated() {
                let last = (row: c.row + spans[number] - 1, column: c.column + spans[number] - 1)
                if c.row <= b.row, last.row >= a.row, c.column <= b.column, last.column >= a.column { body(number) }
            }
            return
        }
        for row in a.row...b.row {
            for column in a.column...b.column {
                guard let number = numbers.number(of: Cell(row: row, column: column)) else { continue }
                // A merged block is met at several of its cells: answered at the first of them.
                if spans[number] > 1, (max(cells[number].row, a.row), max(cells[number].column, a.column)) != (row, column) { continue }
                body(number)
            }
        }
    }

    /// The cell's area in world pixels.
    func rect(ofCell number: Int) -> PixelRect {
        let side = Double(spans[number]) * cellSize
        return PixelRect(x: Double(cells[number].column) * cellSize, y: Double(cells[number].row) * cellSize, width: side, height: side)
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
