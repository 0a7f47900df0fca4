/// The search's SQL that SpatiaLite and PostgreSQL both read as it is.
package enum SearchSQL {
    /// id, population, category and number of languages named (`languages`, a store's count of
    /// the keys of the `names` object) of the POI rows that may have some importance
    /// (`QueryEngine.importanceCandidates`), by id. One pass over the table: a third of a million
    /// places qualify by category alone, more than an index would serve faster.
    package static func importanceCandidates(languages: String) -> String {
        let weighted = SearchRanking.categoryWeights.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return """
            SELECT id, population, category, CASE WHEN names = '{}' THEN 0 ELSE \(languages) END FROM poi
            WHERE population > 0 OR names <> '{}' OR category IN (\(weighted)) ORDER BY id
            """
    }
}
