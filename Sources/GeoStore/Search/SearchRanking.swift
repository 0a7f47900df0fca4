import Foundation

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
/// where a word's match found only outside the record's names (its address, films, a trip's
/// catches, notes or water) costs `otherFieldPenalty` more: a place named Helsinki before the
/// places in a Helsinki street, as a gazetteer ranks them; and where a record is less important
/// than a city of ten billion, `importancePenalty` more (at most 0.1: a kilometre, less than
/// a word still being typed), so that of two places of one name the larger comes first.
///
/// with the distance the geodesic metres from the query's point (0 without a point). A record
/// every word of which is typed in full and that lies next door costs 0; an exact match 2.5 km
/// away costs as much as a prefix match at the point; 5 km as much as a typo. A record without
/// a position counts as `unlocatedDistance` away: after every record that has one, as `nearest`
/// lists them.
public enum SearchRanking {
    public static let distanceScale = 10_000.0
    /// What a word found only outside the names adds: more than a typo in a name.
    public static let otherFieldPenalty = 1.0

    /// What a record's importance adds to its cost: 0.1 for one without a population, less by
    /// 0.0025 for each quarter of a decade of its population (Riga's 632 614: 0.0425; Tokyo's
    /// 8 336 599: 0.0325). In steps, so that matches fall into few groups of equal text cost
    /// (`nearPointPage` walks each group by distance).
    public static func importancePenalty(population: Int?) -> Double {
        guard let population, population > 0 else { return maximumImportancePenalty }
        let quarters = min(40, (4 * log10(Double(population))).rounded(.down))
        return maximumImportancePenalty * (1 - quarters / 40)
    }

    public static let maximumImportancePenalty = 0.1
    /// Half the equator: farther than any two points on the ellipsoid (at most 20 003 931 m apart).
    public static let unlocatedDistance = 20_037_508.34

    public static func cost(_ matches: [SearchMatch], distance: Double?) -> Double {
        textCost(matches.reduce(0) { $0 + $1.penalty }, words: matches.count, distance: distance)
    }

    static func textCost(_ penaltySum: Double, words: Int, distance: Double?) -> Double {
        penaltySum / Double(words) + (distance ?? 0) / distanceScale
    }
}
