/// One step of a store's schema, named for what it adds. A store keeps its steps in order and
/// records how many have run; a new version appends one and never edits an old one. The SQL is
/// made only when the step runs (some steps scan Unicode's tables to write theirs).
package struct Migration: Sendable {
    package let name: String
    package let sql: @Sendable () -> String

    package init(_ name: String, sql: @escaping @Sendable () -> String) {
        self.name = name
        self.sql = sql
    }
}
