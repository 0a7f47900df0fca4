import GeoCore

/// The records a search has matched so far, by id ascending, each with the sum of its words'
/// match penalties. The stores hand over each term's ids in that order, so that uniting a word's
/// matches and intersecting the words are merges of sorted lists: a common prefix names thousands
/// of records, and hashing them into dictionaries was most of a search's time (BENCHMARKS.md).
struct SearchHits {
    private(set) var ids: [FeatureID] = []
    private(set) var penalties: [Double] = []

    var count: Int { ids.count }

    /// `ids` (ascending) all matched as `match`, those of a kind not in `kinds` left out.
    init(_ ids: [FeatureID], _ match: SearchMatch, kinds: Set<FeatureKind>) {
        self.ids = kinds.count == FeatureKind.allCases.count ? ids : ids.filter { kinds.contains($0.kind) }
        penalties = Array(repeating: match.penalty, count: self.ids.count)
    }

    private init() {}

    /// One word's matches: every id of either, with the lower penalty of the two.
    func union(_ other: SearchHits) -> SearchHits {
        var merged = SearchHits()
        merged.ids.reserveCapacity(count + other.count)
        merged.penalties.reserveCapacity(count + other.count)
        var (i, j) = (0, 0)
        while i < count || j < other.count {
            if j == other.count || (i < count && ids[i] < other.ids[j]) {
                merged.append(ids[i], penalties[i])
                i += 1
            } else if i == count || other.ids[j] < ids[i] {
                merged.append(other.ids[j], other.penalties[j])
                j += 1
            } else {
                merged.append(ids[i], min(penalties[i], other.penalties[j]))
                (i, j) = (i + 1, j + 1)
            }
        }
        return merged
    }

    /// The records two sets of words both match, their penalties added.
    func intersection(_ other: SearchHits) -> SearchHits {
        var both = SearchHits()
        var (i, j) = (0, 0)
        while i < count && j < other.count {
            if ids[i] < other.ids[j] {
                i += 1
            } else if other.ids[j] < ids[i] {
                j += 1
            } else {
                both.append(ids[i], penalties[i] + other.penalties[j])
                (i, j) = (i + 1, j + 1)
            }
        }
        return both
    }

    /// The penalty sum of `id`, by binary search; nil when it is not among the hits.
    func penalty(of id: FeatureID) -> Double? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < count && ids[low] == id ? penalties[low] : nil
    }

    private mutating func append(_ id: FeatureID, _ penalty: Double) {
        ids.append(id)
        penalties.append(penalty)
    }
}
