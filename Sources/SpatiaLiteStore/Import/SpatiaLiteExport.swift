import CSpatiaLite
import GeoCore
import GeoStore

extension SpatiaLiteStore {
    public func exportRecords(_ kind: FeatureKind, _ body: (Int64, ImportRecord) throws -> Void) throws {
        guard let sql = Export.sql.first(where: { $0.kind == kind }) else { return }
        let children = try Export.children(try sql.children.map(read) ?? [])
        let statement = try db.prepare(sql.rows)
        defer { statement.reset() }
        let row = LiveRow(statement: statement)
        while try statement.step() {
            if let (id, record) = try Export.record(kind, row: row, children: children) { try body(id, record) }
        }
    }

    /// The stored places of `source`, in id order.
    func storedPlaces(of source: String) throws -> [PlaceRecord] {
        let statement = try cached(Export.placesOfSource)
        try statement.bind([source])
        defer { statement.reset() }
        let row = LiveRow(statement: statement)
        var places: [PlaceRecord] = []
        while try statement.step() {
            if case let .place(p)? = try Export.record(.poi, row: row, children: [:])?.record { places.append(p) }
        }
        return places
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

/// The row a statement stands on, read in place: a million rows exported pass through one.
private struct LiveRow: ExportRow {
    let statement: Statement

    func string(_ column: Int) -> String? { statement.string(Int32(column)) }
    func double(_ column: Int) -> Double? { statement.isNull(Int32(column)) ? nil : statement.double(Int32(column)) }
    func integer(_ column: Int) -> Int64? { statement.isNull(Int32(column)) ? nil : statement.int(Int32(column)) }
    func geometry(_ column: Int) throws -> Geometry? { try statement.blob(Int32(column)).map(WKB.decode) }
}
