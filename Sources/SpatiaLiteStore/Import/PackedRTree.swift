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
    /// tree of every row that has a geometry.
    static func rebuild(_ db: Database, index: String, table: String, column: String) throws {
        let nodeSize = Int(try db.scalar("SELECT length(data) FROM \"\(index)_node\" WHERE nodeno = 1") as Int64? ?? 0)
        let capacity = (nodeSize - 4) / 24
        guard capacity >= 4 else { throw DatabaseError(description: "\(index): unexpected R*Tree node size \(nodeSize)") }

        var entries: [Entry] = []
        let read = try db.prepare("""
            SELECT id, MbrMinX("\(column)"), MbrMaxX("\(column)"), MbrMinY("\(column)"), MbrMaxY("\(column)")
            FROM "\(table)" WHERE "\(column)" IS NOT NULL
            """)
        while try read.step() {
            entries.append(Entry(id: read.int(0), minX: read.double(1), maxX: read.double(2),
                                 minY: read.double(3), maxY: read.double(4)))
        }

        // Levels from the leaves up; each node is (its cells, its number). No rows: an empty root.
        var levels: [[(cells: ArraySlice<Entry>, number: Int64)]] = entries.isEmpty ? [[([], 1)]] : []
        var nextNumber: Int64 = 2 // 1 is the root's
        var current = entries
        while levels.last?.count != 1 {
            let nodes = pack(current, capacity: capacity)
            let isRoot = nodes.count == 1
            let numbered = nodes.map { cells -> (ArraySlice<Entry>, Int64) in
                defer { if !isRoot { nextNumber += 1 } }
                return (cells, isRoot ? 1 : nextNumber)
            }
            levels.append(numbered)
            current = numbered.map { Entry(id: $0.1, covering: $0.0) }
        }

        for shadow in ["node", "rowid", "parent"] { try db.execute("DELETE FROM \"\(index)_\(shadow)\"") }
        let writeNode = try db.prepare("INSERT INTO \"\(index)_node\" (nodeno, data) VALUES (?, ?)")
        let writeParent = try db.prepare("INSERT INTO \"\(index)_parent\" (nodeno, parentnode) VALUES (?, ?)")
        let writeRowid = try db.prepare("INSERT INTO \"\(index)_rowid\" (rowid, nodeno) VALUES (?, ?)")
        let depth = levels.count - 1
        for (level, nodes) in levels.enumerated() {
            for node in nodes {
                try writeNode.run([node.number, blob(node.cells, depth: node.number == 1 ? depth : 0, size: nodeSize)])
                for cell in node.cells {
                    // A leaf's cells are rows; an inner node's cells are its children.
                    if level == 0 { try writeRowid.run([cell.id, node.number]) } else { try writeParent.run([cell.id, node.number]) }
                }
            }
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
