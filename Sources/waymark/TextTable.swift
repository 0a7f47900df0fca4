/// Columns padded to the widest cell, for people reading a terminal.
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }
}
