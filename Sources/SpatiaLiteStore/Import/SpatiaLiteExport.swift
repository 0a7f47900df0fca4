import CSpatiaLite
import GeoCore
import GeoStore

extension SpatiaLiteStore {
    public func exportAll() throws -> [ParsedFile] {
        try Export.sql.map { kind, rows, children in
            try Export.records(kind, rows: try read(rows), children: try children.map(read) ?? [])
        }
    }

    public func exportBase() throws -> [BaseSource] {
        guard try holdsBase() else { return [] }
        return try Export.baseSources(rows: try read(Export.baseSQL))
    }

    /// Every row of a query, copied out of SQLite's buffers.
    private func read(_ sql: String) throws -> [any ExportRow] {
        let statement = try db.prepare(sql)
        var rows: [any ExportRow] = []
        while try statement.step() {
            rows.append(CopiedRow(values: (0..<sqlite3_column_count(statement.handle)).map { column in
                statement.isNull(column) ? nil : (statement.string(column), statement.blob(column).map(Array.init), statement.int(column), statement.double(column))
            }))
        }
        return rows
    }
}

/// A SQLite row as text, bytes, integer and real: SQLite converts each value to whichever is asked.
private struct CopiedRow: ExportRow {
    let values: [(text: String?, bytes: [UInt8]?, integer: Int64, real: Double)?]

    func string(_ column: Int) -> String? { values[column]?.text }
    func double(_ column: Int) -> Double? { values[column]?.real }
    func integer(_ column: Int) -> Int64? { values[column]?.integer }
    func geometry(_ column: Int) throws -> Geometry? { try values[column]?.bytes.map(WKB.decode) }
}
