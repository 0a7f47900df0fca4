import GeoCore

/// The summaries' SQL, which SpatiaLite and PostgreSQL both read as it is.
package enum StatisticsSQL {
    /// Every trip as `CatchStatistic.tally` counts it (`CatchStatistic.TripRow`).
    package static let trips = """
        SELECT t.id, coalesce(w.name, '(no water)'), t.start_utc, t.end_utc, t.timezone FROM trip AS t LEFT JOIN water AS w ON w.id = t.water_id ORDER BY t.id
        """

    /// Every catch as `CatchStatistic.tally` counts it (`CatchStatistic.Row`), in the order it was
    /// stored: its year is local to its trip's zone, which SQLite cannot work out.
    package static let catches = "SELECT trip_id, species, time_utc, weight_kg, length_cm FROM catch ORDER BY trip_id, id"

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
