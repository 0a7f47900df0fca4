import Foundation
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import PostGISStore

extension Database {
    /// The first column of every row, as text ("NULL" for null).
    func texts(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        var result: [String] = []
        while try statement.step() { result.append(statement.string(0) ?? "NULL") }
        return result
    }

    func count(_ table: String) throws -> Int {
        Int(try scalar("SELECT count(*) FROM \"\(table)\"") as Int64? ?? -1)
    }

    /// Every row of every ordinary table — ours, SpatiaLite's metadata and the R*Tree shadow tables —
    /// with each value quoted, plus the row count of each R*Tree. Equal snapshots mean equal content.
    func contentSnapshot() throws -> [String: [String]] {
        var snapshot: [String: [String]] = [:]
        // FTS5's shadow tables are its own layout (segments, some without rowids): the search index
        // is compared by its rows instead.
        for table in try texts("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND name NOT LIKE 'search_text_%' AND name NOT LIKE 'search_other_%'") {
            let columns = try texts("SELECT name FROM pragma_table_info('\(table)')")
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            snapshot[table] = try texts("SELECT \(row) FROM \"\(table)\" ORDER BY rowid")
        }
        if try !texts("SELECT name FROM sqlite_master WHERE name = 'search_text'").isEmpty {
            snapshot["search_text"] = try texts("SELECT rowid || '|' || words FROM search_text ORDER BY rowid")
            let others = SearchIndexSQL.otherFields.map(\.rawValue).joined(separator: " || '|' || ")
            snapshot["search_other"] = try texts("SELECT rowid || '|' || \(others) FROM search_other ORDER BY rowid")
        }
        for index in try texts("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%USING rtree%'") {
            snapshot[index] = ["\(try count(index)) rows"]
        }
        return snapshot
    }
}

/// A store under test, and what the tests read of its tables with their own SQL (which both
/// databases understand as written).
protocol TestedStore: QueryEngine {
    /// The first column of every row, as text ("NULL" for null).
    func texts(_ sql: String) throws -> [String]
    /// Every row of every table of Waymark's, as text: equal snapshots mean equal content.
    func contentSnapshot() throws -> [String: [String]]
}

extension TestedStore {
    func count(_ table: String) throws -> Int { Int(try texts("SELECT count(*) FROM \(table)").first ?? "") ?? -1 }
}

extension SpatiaLiteStore: TestedStore {
    func texts(_ sql: String) throws -> [String] { try db.texts(sql) }
    func contentSnapshot() throws -> [String: [String]] { try db.contentSnapshot() }
}

extension PostGISStore: TestedStore {
    func texts(_ sql: String) throws -> [String] {
        try rows("SELECT (q.*)::text FROM (\(sql)) AS q").map { row in
            // A one-column row's text is "(value)", quoted when it has to be.
            var text = try row[0].decode(String.self)
            text = String(text.dropFirst().dropLast())
            if text.isEmpty { return "NULL" }
            if text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
            }
            return text
        }
    }

    func contentSnapshot() throws -> [String: [String]] {
        var snapshot: [String: [String]] = [:]
        for table in ["poi", "water", "cinema", "screening", "trip", "catch", "base", "time_zone", "waymark_schema", "search_word"] {
            snapshot[table] = try rows("SELECT t::text FROM \(table) AS t ORDER BY 1").map { try $0[0].decode(String.self) }
        }
        return snapshot
    }
}
