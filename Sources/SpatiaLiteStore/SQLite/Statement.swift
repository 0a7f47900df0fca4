import CSpatiaLite
import GeoStore

/// A prepared statement; reset on each `bind`.
final class Statement {
    let handle: OpaquePointer
    private unowned let database: Database

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DatabaseError(description: "\(database.errorMessage) — in: \(sql.prefix(200))")
        }
        handle = statement
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ values: [any Bindable]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (i, value) in values.enumerated() {
            guard value.bind(to: handle, at: Int32(i + 1)) == SQLITE_OK else {
                throw DatabaseError(description: "cannot bind parameter \(i + 1): \(database.errorMessage)")
            }
        }
    }

    /// Advances one row; false when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw DatabaseError(description: database.errorMessage)
        }
    }

    /// Ends the statement's run early. A statement left mid-way keeps its read transaction,
    /// and with it an old snapshot of the database, open.
    func reset() { sqlite3_reset(handle) }

    /// Binds and runs a statement that returns no rows.
    func run(_ values: [any Bindable]) throws {
        try bind(values)
        while try step() {}
    }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func string(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }
    func blob(_ column: Int32) -> UnsafeRawBufferPointer? {
        guard let bytes = sqlite3_column_blob(handle, column) else { return nil }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }
}

protocol Bindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int: Bindable {
    func bind(to s: OpaquePointer, at i: Int32) -> Int32 { sqlite3_bind_int64(s, i, Int64(self)) }
}
extension Int64: Bindable {
    func bind(to s: OpaquePointer, at i: Int32) -> Int32 { sqlite3_bind_int64(s, i, self) }
}
extension Double: Bindable {
    func bind(to s: OpaquePointer, at i: Int32) -> Int32 { sqlite3_bind_double(s, i, self) }
}
extension String: Bindable {
    func bind(to s: OpaquePointer, at i: Int32) -> Int32 { sqlite3_bind_text(s, i, self, -1, waymark_sqlite_transient()) }
}
extension Array: Bindable where Element == UInt8 {
    func bind(to s: OpaquePointer, at i: Int32) -> Int32 {
        withUnsafeBytes { sqlite3_bind_blob(s, i, $0.baseAddress, Int32($0.count), waymark_sqlite_transient()) }
    }
}
extension Optional: Bindable where Wrapped: Bindable {
    func bind(to s: OpaquePointer, at i: Int32) -> Int32 {
        switch self {
        case let .some(value): value.bind(to: s, at: i)
        case .none: sqlite3_bind_null(s, i)
        }
    }
}

protocol ColumnValue {
    init?(_ statement: Statement, column: Int32)
}
extension Int64: ColumnValue {
    init?(_ s: Statement, column: Int32) { if s.isNull(column) { return nil }; self = s.int(column) }
}
extension Double: ColumnValue {
    init?(_ s: Statement, column: Int32) { if s.isNull(column) { return nil }; self = s.double(column) }
}
extension String: ColumnValue {
    init?(_ s: Statement, column: Int32) { guard let v = s.string(column) else { return nil }; self = v }
}
