/// The search's SQL that SpatiaLite and PostgreSQL both read as it is.
package enum SearchSQL {
    /// id, population, category and names (NULL for none) of the POI rows that may have some
    /// importance (`QueryEngine.importanceCandidates`), by id. One pass over the table: a third of
    /// a million places qualify by category alone, more than an index would serve faster.
    package static let importanceCandidates: String = {
        let weighted = SearchRanking.categoryWeights.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return importanceColumns + " WHERE population > 0 OR names <> '{}' OR category IN (\(weighted)) ORDER BY id"
    }()

    /// The columns of `importanceCandidates` from the POI table, for a store to choose its rows.
    package static let importanceColumns = "SELECT id, population, category, CASE WHEN names = '{}' THEN NULL ELSE names END FROM poi"
}
