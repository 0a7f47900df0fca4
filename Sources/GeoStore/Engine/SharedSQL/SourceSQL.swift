/// The SQL both stores list the sources of stored records with (`FeatureStore.knownSources`).
package enum SourceSQL {
    /// The distinct non-null sources of `table`, ascending: a hop along its `(source, source_id)`
    /// index per source (a loose index scan), not a read of every row as DISTINCT would make.
    package static func distinctSources(of table: String) -> String {
        """
        WITH RECURSIVE s(name) AS (
            SELECT min(source) FROM \(table)
            UNION ALL
            SELECT (SELECT min(source) FROM \(table) WHERE source > s.name) FROM s WHERE s.name IS NOT NULL)
        SELECT name FROM s WHERE name IS NOT NULL
        """
    }
}
