import GeoCore

/// The summaries' SQL, which SpatiaLite and PostgreSQL both read as it is.
package enum StatisticsSQL {
    /// Every trip with each of its catches, or alone when it has none, as `CatchStatistic.tally`
    /// counts them (`CatchStatistic.Row`): one statement, so that both are read as of one moment.
    /// A catch's year is local to its trip's zone, which SQLite cannot work out.
    package static let diary = """
        SELECT t.id, coalesce(w.name, '(no water)'), t.start_utc, t.end_utc, t.timezone, c.species, c.time_utc, c.weight_kg, c.length_cm
        FROM trip AS t LEFT JOIN water AS w ON w.id = t.water_id LEFT JOIN catch AS c ON c.trip_id = t.id ORDER BY t.id, c.id
        """

    /// category, kind, count, how many have a position, and the box round those positions;
    /// `extent` gives a store's four aggregates of a geometry column's box (min x, min y, max x, max y).
    package static func categories(extent: (String) -> String) -> String {
        """
        SELECT category, 'poi', count(*), count(geom), \(extent("geom")) FROM poi GROUP BY category
        UNION ALL SELECT 'water', 'water', count(*), count(geom), \(extent("geom")) FROM water
        UNION ALL SELECT 'cinema', 'cinema', count(*), count(geom), \(extent("geom")) FROM cinema
        UNION ALL SELECT 'trip', 'trip', count(*), count(spot), \(extent("spot")) FROM trip
        """
    }

    /// Categories that have rows, by code.
    package static func ordered(_ counts: [CategoryCount]) -> [CategoryCount] {
        counts.filter { $0.count > 0 }.sorted { $0.category < $1.category }
    }
}
