import GeoStore

/// Builds a SpatiaLite spatial index (an SQLite R*Tree) in one pass, by Sort-Tile-Recursive
/// packing, and writes its nodes straight into the R*Tree's tables in SQLite's documented
/// format. Inserting entries one by one costs an R*Tree split whenever a node fills; packing
/// them costs a sort, and gives full nodes, which also makes searches visit fewer of them.
///
/// Format (SQLite's rtree.c): `<index>_node(nodeno, data)` holds each node as a blob of the
/// table's node size: a 2-byte big-endian tree depth (root only), a 2-byte cell count, then
/// cells of an 8-byte big-endian rowid (or child node number) and four big-endian float32
/// coordinates (xmin, xmax, ymin, ymax); node 1 is the root. `<index>_rowid(rowid, nodeno)`
/// names each entry's leaf, `<index>_parent(nodeno, parentnode)` each non-root node's parent.
struct PackedRTree {
    struct Entry {
        var id: Int64
        var minX, maxX, minY, maxY: Float

        /// The single-precision box that contains the double-precision one, as the R*Tree rounds.
        init(id: Int64, minX: Double, maxX: Double, minY: Double, maxY: Double) {
            func down(_ d: Double) -> Float { let f = Float(d); return Double(f) > d ? f.nextDown : f }
            func up(_ d: Double) -> Float { let f = Float(d); return Double(f) < d ? f.nextUp : f }
            self.id = id
            (self.minX, self.maxX, self.minY, self.maxY) = (down(minX), up(maxX), down(minY), up(maxY))
        }

        init(id: Int64, covering children: ArraySlice<Entry>) {
            self.id = id
            minX = children.map(\.minX).min()!
            maxX = children.map(\.maxX).max()!
            minY = children.map(\.minY).min()!
            maxY = children.map(\.maxY).max()!
        }

        var centerX: Float { (minX + maxX) / 2 }
        var centerY: Float { (minY + maxY) / 2 }
    }

    /// Replaces the whole content of the R*Tree `index` (of `table`'s `column`) with a packed
    /// tree of every row that has a geometry. The rows come sorted by x from SQLite's sorter,
    /// which spills to disk, one vertical slice at a time, and each slice's leaves are written as
    /// it is packed: memory holds a slice and the leaves' boxes (a few per thousand rows), never
    /// the rows, so an index of any size is built in bounded memory.
    static func rebuild(_ db: Database, index: String, table: String, column: String) throws {
        let nodeSize = Int(try db.scalar("SELECT length(data) FROM \"\(index)_node\" WHERE nodeno = 1") as Int64? ?? 0)
        let capacity = (nodeSize - 4) / 24
        guard capacity >= 4 else { throw DatabaseError(description: "\(index): unexpected R*Tree node size \(nodeSize)") }
        let column = "\"\(column)\""
        let count = Int(try db.scalar("SELECT count(*) FROM \"\(table)\" WHERE \(column) IS NOT NULL") as Int64? ?? 0)

        for shadow in ["node", "rowid", "parent"] { try db.execute("DELETE FROM \"\(index)_\(shadow)\"") }
        let writeNode = try db.prepare("INSERT INTO \"\(index)_node\" (nodeno, data) VALUES (?, ?)")
        let writeParent = try db.prepare("INSERT INTO \"\(index)_parent\" (nodeno, parentnode) VALUES (?, ?)")
        let writeRowid = try db.prepare("INSERT INTO \"\(index)_rowid\" (rowid, nodeno) VALUES (?, ?)")
        // Nodes are numbered from the leaves up; 1 is the root's.
        var nextNumber: Int64 = 2
        func write(_ cells: ArraySlice<Entry>, level: Int, root: Bool, depth: Int) throws -> Entry {
            let number = root ? 1 : nextNumber
            if !root { nextNumber += 1 }
            try writeNode.run([number, blob(cells, depth: root ? depth : 0, size: nodeSize)])
            for cell in cells {
                // A leaf's cells are rows; an inner node's cells are its children.
                if level == 0 { try writeRowid.run([cell.id, number]) } else { try writeParent.run([cell.id, number]) }
            }
            return Entry(id: number, covering: cells)
        }
        guard count > 0 else {
            // No rows: an empty root.
            try writeNode.run([Int64(1), blob([], depth: 0, size: nodeSize)])
            return
        }

        // Sort-Tile-Recursive over the leaves: vertical slices of whole nodes by x, each by y.
        let nodeCount = (count + capacity - 1) / capacity
        let sliceSize = Int(Double(nodeCount).squareRoot().rounded(.up)) * capacity
        let read = try db.prepare("""
            SELECT id, MbrMinX(\(column)), MbrMaxX(\(column)), MbrMinY(\(column)), MbrMaxY(\(column)) FROM "\(table)"
            WHERE \(column) IS NOT NULL ORDER BY MbrMinX(\(column)) + MbrMaxX(\(column)), id
            """)
        var leaves: [Entry] = [], slice: [Entry] = []
        slice.reserveCapacity(sliceSize)
        func packSlice() throws {
            let byY = slice.sorted { ($0.centerY, $0.id) < ($1.centerY, $1.id) }
            for start in stride(from: 0, to: byY.count, by: capacity) {
                leaves.append(try write(byY[start..<min(start + capacity, byY.count)], level: 0, root: nodeCount == 1, depth: 0))
            }
            slice.removeAll(keepingCapacity: true)
        }
        while try read.step() {
            slice.append(Entry(id: read.int(0), minX: read.double(1), maxX: read.double(2), minY: read.double(3), maxY: read.double(4)))
            if slice.count == sliceSize { try packSlice() }
        }
        if !slice.isEmpty { try packSlice() }

        // The levels above, from the leaves' boxes in memory.
        var current = leaves, level = 1
        while current.count > 1 {
            let nodes = pack(current, capacity: capacity)
            current = try nodes.map { try write($0, level: level, root: nodes.count == 1, depth: level) }
            level += 1
        }
    }

    /// Sort-Tile-Recursive: sort by x into vertical slices of whole nodes, each slice by y.
    static func pack(_ entries: [Entry], capacity: Int) -> [ArraySlice<Entry>] {
        let nodeCount = (entries.count + capacity - 1) / capacity
        let slices = Int(Double(nodeCount).squareRoot().rounded(.up))
        let sliceSize = slices * capacity
        let byX = entries.sorted { ($0.centerX, $0.id) < ($1.centerX, $1.id) }
        var nodes: [ArraySlice<Entry>] = []
        for start in stride(from: 0, to: byX.count, by: sliceSize) {
            let slice = byX[start..<min(start + sliceSize, byX.count)].sorted { ($0.centerY, $0.id) < ($1.centerY, $1.id) }
            for nodeStart in stride(from: 0, to: slice.count, by: capacity) {
                nodes.append(slice[nodeStart..<min(nodeStart + capacity, slice.count)])
            }
        }
        return nodes
    }

    static func blob(_ cells: ArraySlice<Entry>, depth: Int, size: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
            withUnsafeBytes(of: value.bigEndian) { for (i, b) in $0.enumerated() { bytes[offset + i] = b } }
        }
        put(UInt16(depth), at: 0)
        put(UInt16(cells.count), at: 2)
        for (i, cell) in cells.enumerated() {
            let offset = 4 + i * 24
            put(UInt64(bitPattern: cell.id), at: offset)
            for (k, v) in [cell.minX, cell.maxX, cell.minY, cell.maxY].enumerated() { put(v.bitPattern, at: offset + 8 + 4 * k) }
        }
        return bytes
    }
}
