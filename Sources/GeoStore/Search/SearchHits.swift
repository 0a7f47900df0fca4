import GeoCore

/// The records a search has matched so far, by id ascending, each with the sum of its words'
/// match penalties. The stores hand over each term's ids in that order, so that uniting a word's
/// matches and intersecting the words are merges of sorted lists: a common prefix names thousands
/// of records, and hashing them into dictionaries was most of a search's time (BENCHMARKS.md).
struct SearchHits {
    struct Hit {
        var id: FeatureID
        /// The sum of the words' match penalties: the text's part.
        var penalty: Double
        /// `words` times the record's importance penalty, once `addingImportance` has added it.
        var importance = 0.0

        /// What the ranking's formula sums before the distance.
        var total: Double { penalty + importance }
    }

    private(set) var hits: [Hit]

    var count: Int { hits.count }

    /// `ids` (ascending) all matched as `match`, in the names or (`inNames` false) only elsewhere;
    /// those of a kind not in `kinds` left out.
    init(_ ids: [FeatureID], _ match: SearchMatch, inNames: Bool, kinds: Set<FeatureKind>) {
        let every = kinds.count == FeatureKind.allCases.count
        let penalty = match.penalty + (inNames ? 0 : SearchRanking.otherFieldPenalty)
        hits = ids.compactMap { every || kinds.contains($0.kind) ? Hit(id: $0, penalty: penalty) : nil }
    }

    private init(capacity: Int, merge: (_ append: (Hit) -> Void) -> Void) {
        hits = [Hit](unsafeUninitializedCapacity: capacity) { buffer, count in
            merge { buffer.baseAddress!.advanced(by: count).initialize(to: $0); count += 1 }
        }
    }

    /// One word's matches: every id of either, with the lower penalty of the two.
    func union(_ other: SearchHits) -> SearchHits {
        // Most terms match in one field only: the other list is empty.
        if other.hits.isEmpty { return self }
        if hits.isEmpty { return other }
        let (a, b) = (hits, other.hits)
        return SearchHits(capacity: a.count + b.count) { append in
            var (i, j) = (0, 0)
            while i < a.count || j < b.count {
                if j == b.count || (i < a.count && a[i].id < b[j].id) {
                    append(a[i])
                    i += 1
                } else if i == a.count || b[j].id < a[i].id {
                    append(b[j])
                    j += 1
                } else {
                    append(Hit(id: a[i].id, penalty: min(a[i].penalty, b[j].penalty)))
                    (i, j) = (i + 1, j + 1)
                }
            }
        }
    }

    /// The records two sets of words both match, their penalties added.
    func intersection(_ other: SearchHits) -> SearchHits {
        let (a, b) = (hits, other.hits)
        return SearchHits(capacity: min(a.count, b.count)) { append in
            var (i, j) = (0, 0)
            while i < a.count && j < b.count {
                if a[i].id < b[j].id {
                    i += 1
                } else if b[j].id < a[i].id {
                    j += 1
                } else {
                    append(Hit(id: a[i].id, penalty: a[i].penalty + b[j].penalty))
                    (i, j) = (i + 1, j + 1)
                }
            }
        }
    }

    /// Each hit with `words` times its importance penalty (`SearchRanking.importancePenalty`);
    /// rows other than places have none.
    func addingImportance(words: Int, _ importance: RowImportance) -> SearchHits {
        var added = self
        let penalties = (0...SearchRanking.maximumImportance).map { Double(words) * SearchRanking.importancePenalty(steps: $0) }
        var from = 0
        added.hits.withUnsafeMutableBufferPointer { hits in
            // The places' hits come in ascending rows, as the table keeps its rows; other kinds have no importance.
            for i in hits.indices {
                hits[i].importance = penalties[hits[i].id.kind == .poi ? importance.steps(of: hits[i].id.row, from: &from) : 0]
            }
        }
        return added
    }

    /// The hit of `id`, by binary search; nil when it is not among the hits.
    func hit(of id: FeatureID) -> Hit? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if hits[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < count && hits[low].id == id ? hits[low] : nil
    }
}
