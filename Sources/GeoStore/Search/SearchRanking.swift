/// How one word of a query matched a record: equal to one of its words, the start of one, or one
/// edit (a letter added, removed or changed, or two neighbours swapped) away from one.
public enum SearchMatch: Int, Sendable, Comparable {
    case exact, prefix, typo

    /// What the match costs in the ranking: 0 for the word itself, ¼ for a word still being typed,
    /// ½ for a typo.
    public var penalty: Double { [0, 0.25, 0.5][rawValue] }

    /// The shortest word matched as the start of longer words: one letter would match most records.
    public static let prefixMinimumLength = 2

    public static func < (a: SearchMatch, b: SearchMatch) -> Bool { a.rawValue < b.rawValue }
}

/// The order of a search's answer, lowest cost first, ties by id:
///
///     cost = (Σ penalty of each query word's best match) / (number of words) + distance / 10 km
///
/// with the distance the geodesic metres from the query's point (0 without a point). A record
/// every word of which is typed in full and that lies next door costs 0; an exact match 2.5 km
/// away costs as much as a prefix match at the point; 5 km as much as a typo. A record without
/// a position counts as `unlocatedDistance` away: after every record that has one, as `nearest`
/// lists them.
public enum SearchRanking {
    public static let distanceScale = 10_000.0
    /// Half the equator: farther than any two points on the ellipsoid (at most 20 003 931 m apart).
    public static let unlocatedDistance = 20_037_508.34

    public static func cost(_ matches: [SearchMatch], distance: Double?) -> Double {
        textCost(matches.reduce(0) { $0 + $1.penalty }, words: matches.count, distance: distance)
    }

    static func textCost(_ penaltySum: Double, words: Int, distance: Double?) -> Double {
        penaltySum / Double(words) + (distance ?? 0) / distanceScale
    }
}
