import GeoCore

/// The summaries' SQL, which SpatiaLite and PostgreSQL both read as it is.
package enum StatisticsSQL {
    /// Every catch as `CatchStatistic.tally` counts it (`CatchStatistic.Row`), in the order it was
    /// stored: its year is local to its trip's zone, which SQLite cannot work out.
    package static let catches = """
        SELECT coalesce(w.name, '(no water)'), c.species, coalesce(c.time_utc, t.start_utc), t.timezone, c.weight_kg, c.length_cm
        FROM catch AS c JOIN trip AS t ON t.id = c.trip_id LEFT JOIN water AS w ON w.id = t.water_id ORDER BY c.trip_id, c.id
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
