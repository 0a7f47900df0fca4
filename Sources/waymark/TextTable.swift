/// Columns padded to the widest cell, for people reading a terminal.
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").withoutTrailingSpaces
        }.joined(separator: "\n")
    }
}

extension String {
    /// In one pass from the end: a regular expression anchored at the end tries every position
    /// of the line, which took minutes on a cell of 100 000 characters.
    fileprivate var withoutTrailingSpaces: String {
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
        return String(self[..<end])
    }
}
