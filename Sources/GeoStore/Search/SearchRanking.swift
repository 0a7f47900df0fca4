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
/// than the most important, `importancePenalty` more (at most 0.1: a kilometre, less than a word
/// still being typed), so that of two places of one name the larger, the city or the sight, or
/// the one named in more languages comes first.
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

    /// A POI row as its importance is told: its population (nil or 0 when unknown), category and
    /// its names by language (the stored JSON object; nil for none).
    public typealias Candidate = (row: Int64, population: Int?, category: String, names: String?)

    /// What a category adds to a place's importance, in the steps of `importance`: a city (GeoNames'
    /// populated places, OSM's `place=*`) ranks as a town of a hundred people would without its
    /// population, a sight as one of ten, a thing to do as one of three; other categories add none.
    public static let categoryWeights: [String: Int] = ["city": 8, "see": 4, "do": 2]
    /// Each language a place is named in adds a step, up to this many: a place that the world names
    /// in its own words is one that people look for (as Nominatim's and Photon's importance reads
    /// Wikipedia's languages).
    public static let maximumLanguageSteps = 8
    /// A population's steps stop at ten billion.
    public static let maximumPopulationSteps = 40
    /// Every part at its most: no part's steps are lost to another's, so of two places alike but
    /// for one part, the one with more of it always ranks first.
    public static let maximumImportance = maximumPopulationSteps + categoryWeights.values.max()! + maximumLanguageSteps

    /// A place's importance in steps, 0 to `maximumImportance`: a step for each whole quarter of a
    /// decade of its population (Riga's 632 614: 23; Tokyo's 8 336 599: 27), its category's weight
    /// and a step for each language it is named in (at most `maximumLanguageSteps`; names that are
    /// not a JSON object of texts count none, as answers read them). In steps, so that matches
    /// fall into few groups (`nearPointPage`).
    package static func importance(_ c: Candidate) -> Int {
        let quarters = c.population.map { $0 > 0 ? Int((4 * log10(Double($0))).rounded(.down)) : 0 } ?? 0
        let languages = c.names.flatMap { JSON.decode([String: String].self, $0) }?.count ?? 0
        return min(maximumPopulationSteps, quarters) + (categoryWeights[c.category] ?? 0) + min(maximumLanguageSteps, languages)
    }

    /// What a record's importance adds to its cost: 0.1 for none, 0.1 ÷ `maximumImportance` (56)
    /// less for each step.
    public static func importancePenalty(steps: Int) -> Double {
        maximumImportancePenalty * (1 - Double(min(steps, maximumImportance)) / Double(maximumImportance))
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
