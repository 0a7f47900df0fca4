/// The diary's order in SQL both stores read (`DiaryQuery`): a start is stored as UTC text, whose
/// text order is time order. `p(n)` is a store's n-th placeholder.
package enum DiarySQL {
    /// Dated trips after (start ①, id ②), newest first, at most ③: "~" as ① sorts after every
    /// date, so the first page gives it and the smallest id.
    package static func dated(_ p: (Int) -> String) -> String {
        "SELECT id, start_utc FROM trip WHERE start_utc < \(p(1)) OR (start_utc = \(p(1)) AND id > \(p(2))) "
            + "ORDER BY start_utc DESC, id LIMIT \(p(3))"
    }

    /// Trips without a start after id ①, by id, at most ②.
    package static func undated(_ p: (Int) -> String) -> String {
        "SELECT id, start_utc FROM trip WHERE start_utc IS NULL AND id > \(p(1)) ORDER BY id LIMIT \(p(2))"
    }

    /// What ① is for the first page: after every stored start.
    package static let beforeAll = "~"
}
