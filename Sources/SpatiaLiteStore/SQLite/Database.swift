import CSpatiaLite
import Foundation
import GeoStore

/// A SQLite connection with SpatiaLite loaded. Not thread-safe: one connection per thread or task.
final class Database {
    let handle: OpaquePointer
    /// SpatiaLite's state for this connection, once its functions are registered: when the
    /// connection opens for writing (its triggers call them), else when a statement first fails
    /// to compile without them. Registering opens PROJ's database, a tenth of a lookup's whole
    /// process, and most reads call none of them.
    private var spatialiteCache: UnsafeMutableRawPointer?
    let path: String

    /// Set once, before SQLite's first use in the process (it refuses afterwards).
    private static let configured: Void = { _ = waymark_sqlite_without_memory_statistics() }()

    init(path: String, readOnly: Bool = false) throws {
        _ = Self.configured
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw DatabaseError(description: "cannot open database \(path): \(message)")
        }
        handle = db
        self.path = path
        if !readOnly { registerSpatiaLite() }
        sqlite3_busy_timeout(db, 5000)
    }

    deinit {
        // Statements cached by callers are finalized before the connection closes (close_v2 defers).
        sqlite3_close_v2(handle)
        if let spatialiteCache { spatialite_cleanup_ex(spatialiteCache) }
    }

    /// Registers SpatiaLite's functions and modules; false when they already were.
    @discardableResult
    private func registerSpatiaLite() -> Bool {
        guard spatialiteCache == nil else { return false }
        spatialiteCache = spatialite_alloc_connection()
        spatialite_init_ex(handle, spatialiteCache, 0)
        return true
    }

    var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &error) != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? errorMessage
            sqlite3_free(error)
            // Only a read-only connection runs without SpatiaLite: running its statements again
            // with it changes nothing.
            if message.hasPrefix("no such function") || message.hasPrefix("no such module"), registerSpatiaLite() {
                return try execute(sql)
            }
            throw DatabaseError(description: "\(message) — in: \(sql.prefix(120))")
        }
    }

    /// A statement that does not compile without SpatiaLite's functions compiles again with them.
    func prepare(_ sql: String) throws -> Statement {
        do { return try Statement(database: self, sql: sql) } catch {
            guard registerSpatiaLite() else { throw error }
            return try Statement(database: self, sql: sql)
        }
    }

    /// The single value of a one-row query.
    func scalar<T: ColumnValue>(_ sql: String, _ bindings: [any Bindable] = []) throws -> T? {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        return try statement.step() ? T(statement, column: 0) : nil
    }
}

/// Takes the write lock at once, so that a transaction never fails half-way for another writer;
/// then reads the schema table. Another process's commit that dropped and re-created a table's
/// triggers (`BulkLoad` does, for the length of an import) leaves this connection's copy of the
/// schema stale, and SQLite 3.40 then compiles a DELETE on that table (whose triggers it compiles
/// too) as "no such table" instead of reloading the schema, as it does for a SELECT; a read of
/// sqlite_master makes it reload. (Two base imports at once failed so: the second, having waited
/// for the first, could not delete its source's rows.)
extension Database: Transactional {
    var begin: String { "BEGIN IMMEDIATE; SELECT 1 FROM sqlite_master LIMIT 1" }
}

extension Database {
    /// Runs `body` (an import's or a migration's transactions) waiting for the write lock for as
    /// long as another process holds it, rather than the 5 s any other statement waits: an import
    /// can hold it for minutes while it reads its file, and writers take turns. After a tenth of a
    /// second it says on standard error that it waits, and for whom.
    func waitingForTheWriteLock<T>(_ body: () throws -> T) throws -> T {
        sqlite3_busy_handler(handle, { context, tries in
            if tries == 20, let context {
                let path = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue().path
                FileHandle.standardError.write(Data("another import is writing to \(path): waiting for it to finish\n".utf8))
            }
            usleep(tries < 20 ? 5_000 : 50_000)
            return 1
        }, Unmanaged.passUnretained(self).toOpaque())
        defer { sqlite3_busy_timeout(handle, 5000) }
        return try body()
    }
}
