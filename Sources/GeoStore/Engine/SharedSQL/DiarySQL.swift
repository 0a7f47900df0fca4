/// The diary's order in SQL both stores read (`DiaryQuery`): a start is stored as UTC text, whose
/// text order is time order. `p(n)` is a store's n-th placeholder.
package enum DiarySQL {
    /// Dated trips after (start ①, id ②), newest first, at most ③.
    package static func dated(_ p: (Int) -> String) -> String {
        "SELECT id, start_utc FROM trip WHERE start_utc < \(p(1)) OR (start_utc = \(p(1)) AND id > \(p(2))) "
            + "ORDER BY start_utc DESC, id LIMIT \(p(3))"
    }

    /// The newest dated trips, at most ①: the first page. (No text stands for "after every date" in
    /// every collation a PostgreSQL database may have: punctuation sorts before digits in most.)
    package static func newest(_ p: (Int) -> String) -> String {
        "SELECT id, start_utc FROM trip WHERE start_utc IS NOT NULL ORDER BY start_utc DESC, id LIMIT \(p(1))"
    }

    /// Trips without a start after id ①, by id, at most ②.
    package static func undated(_ p: (Int) -> String) -> String {
        "SELECT id, start_utc FROM trip WHERE start_utc IS NULL AND id > \(p(1)) ORDER BY id LIMIT \(p(2))"
    }
}
