import GeoCore
import GeoStore

/// Makes a large import fast without giving up SpatiaLite's index or its triggers.
///
/// Per inserted row, SpatiaLite runs three triggers: a type and SRID check, an index insert that
/// builds and runs an SQL statement (`RTreeAlign`), and a time stamp. For the length of one
/// import transaction these insert triggers are set aside (the import itself writes only the
/// geometry type and SRID each column declares); `finish` then brings each R*Tree up to date
/// in one go, stamps the time once, and puts the triggers back exactly as they were. It all
/// happens inside the import's transaction, so a failed import rolls the triggers back too.
/// The same goes for the unique source index of a table that starts empty, and for the search
/// index's insert triggers: `finish` indexes the new rows' words in one statement per table.
/// Rows updated in place (same source id) still go through SpatiaLite's update triggers.
struct BulkLoad {
    private let db: Database
    private var suspended: [(name: String, sql: String)]
    /// Tables empty when the import began: their unique source index is built after the rows,
    /// in one sorted pass, instead of taking each row in turn.
    private let freshTables: Set<String>
    /// The highest row id of each kind's table before the import: its new rows come after it (no
    /// import deletes a record's row and inserts it again; a trip's catches it does, see `finish`).
    private let lastRow: [String: Int64]

    init(_ db: Database) throws {
        self.db = db
        var suspended: [(String, String)] = []
        var lastRow: [String: Int64] = [:]
        for t in Schema.spatialTables {
            for prefix in ["ggi", "gii", "tmi"] {
                let name = "\(prefix)_\(t.table)_\(t.column)"
                if let sql: String = try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]) {
                    suspended.append((name, sql))
                    try db.execute("DROP TRIGGER \"\(name)\"")
                }
            }
        }
        for kind in FeatureKind.allCases {
            lastRow[kind.rawValue] = try db.scalar("SELECT max(id) FROM \"\(kind.rawValue)\"") ?? 0
            let name = SearchIndexSQL.insertTrigger(kind)
            if let sql: String = try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [name]) {
                suspended.append((name, sql))
                try db.execute("DROP TRIGGER \"\(name)\"")
            }
        }
        var freshTables: Set<String> = []
        for table in Schema.sourceKeyedTables where try db.scalar("SELECT count(*) FROM (SELECT 1 FROM \"\(table)\" LIMIT 1)") == Int64(0) {
            let name = "\(table)_source"
            if let sql: String = try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", [name]) {
                suspended.append((name, sql))
                try db.execute("DROP INDEX \"\(name)\"")
                freshTables.insert(table)
            }
        }
        self.suspended = suspended
        self.lastRow = lastRow
        self.freshTables = freshTables
    }

    func isFresh(_ table: String) -> Bool { freshTables.contains(table) }

    /// Builds a fresh table's unique source index now rather than at `finish` (which then leaves
    /// it be); throws, changing nothing, when two rows have one source and id.
    mutating func restoreSourceIndex(of table: String) throws {
        guard let i = suspended.firstIndex(where: { $0.name == "\(table)_source" }) else { return }
        try db.execute(suspended[i].sql)
        suspended.remove(at: i)
    }

    func finish() throws {
        for t in Schema.spatialTables {
            // Rows the import deleted leave the index by their delete trigger, which stays in place,
            // and a row inserted later may take a deleted one's id (SQLite gives max(id) + 1): so the
            // rows to index are those above the highest the index holds (its shadow table's rowid,
            // a b-tree), not above the table's highest before the import.
            let before: Int64 = try db.scalar("SELECT max(rowid) FROM \"idx_\(t.table)_\(t.column)_rowid\"") ?? 0
            guard let now: Int64 = try db.scalar("SELECT max(id) FROM \"\(t.table)\""), now > before else { continue }
            let index = "idx_\(t.table)_\(t.column)", column = "\"\(t.column)\""
            if now - before >= 1_000 && (now - before) * 4 >= now {
                // Mostly new rows: pack the whole index afresh.
                try PackedRTree.rebuild(db, index: index, table: t.table, column: t.column)
            } else {
                // A few rows into a large index: let the R*Tree insert them (it rounds boxes outward).
                try db.prepare("""
                    INSERT INTO "\(index)" (pkid, xmin, xmax, ymin, ymax)
                    SELECT id, MbrMinX(\(column)), MbrMaxX(\(column)), MbrMinY(\(column)), MbrMaxY(\(column))
                    FROM "\(t.table)" WHERE id > ? AND \(column) IS NOT NULL
                    """).run([before])
            }
            try db.prepare("""
                UPDATE geometry_columns_time SET last_insert = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                WHERE f_table_name = ? AND f_geometry_column = ?
                """).run([t.table, t.column])
        }
        for kind in FeatureKind.allCases where suspended.contains(where: { $0.name == SearchIndexSQL.insertTrigger(kind) }) {
            try db.execute(SearchIndexSQL.fill(kind, afterRow: lastRow[kind.rawValue] ?? 0))
        }
        for trigger in suspended { try db.execute(trigger.sql) }
    }
}
