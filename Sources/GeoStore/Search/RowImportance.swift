/// The importance of the POI rows that have some (`SearchRanking.importance`), in steps, by row:
/// two parallel arrays sorted by row, 9 bytes a row, read by binary search. A million places of
/// which half are sights or cities take 4.5 MB, not a dictionary's 30.
package struct RowImportance: Sendable {
    private var rows: [Int64] = []
    private var steps: [UInt8] = []

    /// `candidates` in any order; those of no importance are left out.
    package init(_ candidates: [SearchRanking.Candidate]) {
        for c in candidates.sorted(by: { $0.row < $1.row }) {
            let s = SearchRanking.importance(c)
            guard s > 0 else { continue }
            rows.append(c.row)
            steps.append(UInt8(s))
        }
    }

    /// The steps of POI row `row`, 0 when it has none.
    package func steps(of row: Int64) -> Int {
        var (low, high) = (0, rows.count)
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low < rows.count && rows[low] == row ? Int(steps[low]) : 0
    }

    package var isEmpty: Bool { rows.isEmpty }
}
