/// Cell → number, by open addressing with a cheap hash: placement looks cells up tens of
/// thousands of times per image, where a Dictionary's SipHash cost more than the rest. When all
/// cells are known to lie in a range of rows and columns (a tile's fetch area), by a plain array
/// over that range instead: most cells looked up are empty, and probing the hash for them was
/// most of a tile's cell walks.
struct CellTable {
    private var keys: [ClusterGrid.Cell?]
    private var values: [Int]
    private var count = 0
    private var mask: Int
    /// The range's first cell and width, and each of its cells' number (-1: none).
    private let first: ClusterGrid.Cell, rows: Int, columns: Int
    private var dense: [Int]

    /// Every cell inserted must lie within `range`, when given.
    init(capacity: Int, within range: (first: ClusterGrid.Cell, last: ClusterGrid.Cell)? = nil) {
        if let range, range.first.row <= range.last.row, range.first.column <= range.last.column,
           case let rows = range.last.row.subtractingReportingOverflow(range.first.row), !rows.overflow, rows.partialValue < 4096,
           case let columns = range.last.column.subtractingReportingOverflow(range.first.column), !columns.overflow, columns.partialValue < 4096 {
            (first, self.rows, self.columns) = (range.first, rows.partialValue + 1, columns.partialValue + 1)
            dense = Array(repeating: -1, count: (rows.partialValue + 1) * (columns.partialValue + 1))
            (keys, values, mask) = ([], [], 0)
            return
        }
        (first, rows, columns, dense) = (ClusterGrid.Cell(row: 0, column: 0), 0, 0, [])
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = Array(repeating: nil, count: size)
        values = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Where `c` lies in `dense`, nil when outside the range.
    private func denseIndex(_ c: ClusterGrid.Cell) -> Int? {
        let row = c.row &- first.row, column = c.column &- first.column
        guard row >= 0, column >= 0, column < columns, row < rows else { return nil }
        return row * columns + column
    }

    private func slot(_ c: ClusterGrid.Cell) -> Int {
        var h = UInt64(bitPattern: Int64(c.row)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(c.column)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    func number(of c: ClusterGrid.Cell) -> Int? {
        if columns > 0 {
            guard let d = denseIndex(c), dense[d] >= 0 else { return nil }
            return dense[d]
        }
        var i = slot(c)
        while let key = keys[i] {
            if key == c { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    mutating func insert(_ c: ClusterGrid.Cell, number: Int) {
        if columns > 0 {
            guard let d = denseIndex(c) else { preconditionFailure("cell outside the table's range") }
            dense[d] = number
            return
        }
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(c)
        while keys[i] != nil { i = (i + 1) & mask }
        keys[i] = c
        values[i] = number
        count += 1
    }

    private mutating func grow() {
        let old = zip(keys, values).compactMap { k, v in k.map { ($0, v) } }
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        mask = keys.count - 1
        count = 0
        for (k, v) in old { insert(k, number: v) }
    }
}
