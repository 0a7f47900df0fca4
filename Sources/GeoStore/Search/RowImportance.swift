/// The importance of the POI rows that have some (`SearchRanking.importance`), in steps, by row.
/// Rows are numbered from 1 up as a table grows, so a byte a row from the least to the greatest
/// (a million places: 1 MB) answers each hit with one read; rows few among far-apart numbers
/// (ids a file gave, or a search's own matches) are kept as sorted rows beside their steps,
/// searched by gallops from the previous hit.
package struct RowImportance: Sendable {
    private enum Table {
        /// The steps of rows `first`, `first + 1`…
        case dense(first: Int64, steps: [UInt8])
        case sparse(rows: [Int64], steps: [UInt8])
    }
    private let table: Table

    /// `candidates` in any order; those of no importance are left out.
    package init(_ candidates: [SearchRanking.Candidate]) {
        let important = candidates.compactMap { c -> (row: Int64, steps: UInt8)? in
            let s = SearchRanking.importance(c)
            return s > 0 ? (c.row, UInt8(s)) : nil
        }.sorted { $0.row < $1.row }
        guard let first = important.first?.row, let last = important.last?.row else {
            table = .sparse(rows: [], steps: [])
            return
        }
        // Dense while the span costs no more than 16 bytes an important row (and 64 kB).
        let span = last.subtractingReportingOverflow(first)
        if !span.overflow, span.partialValue < 65_536 + 16 * Int64(important.count) {
            var steps = [UInt8](repeating: 0, count: Int(span.partialValue) + 1)
            for (row, s) in important { steps[Int(row - first)] = s }
            table = .dense(first: first, steps: steps)
        } else {
            table = .sparse(rows: important.map(\.row), steps: important.map(\.steps))
        }
    }

    /// The steps of POI row `row`, 0 when it has none; `start` is where the previous search of a
    /// smaller row ended (0 at first), left where this one ends: hits asked for in ascending order
    /// each cost a gallop over the few rows between them, not a binary search of them all.
    package func steps(of row: Int64, from start: inout Int) -> Int {
        switch table {
        case let .dense(first, steps):
            let offset = row.subtractingReportingOverflow(first)
            guard !offset.overflow, offset.partialValue >= 0, offset.partialValue < Int64(steps.count) else { return 0 }
            return Int(steps[Int(offset.partialValue)])
        case let .sparse(rows, steps):
            // Every row before `low` is smaller than `row`; the one at `high` (if any) is not.
            var (low, high, stride) = (start, start, 1)
            while high < rows.count, rows[high] < row {
                low = high + 1
                high = low + stride
                stride *= 2
            }
            high = min(high, rows.count)
            while low < high {
                let middle = (low + high) / 2
                if rows[middle] < row { low = middle + 1 } else { high = middle }
            }
            start = low
            return low < rows.count && rows[low] == row ? Int(steps[low]) : 0
        }
    }
}
