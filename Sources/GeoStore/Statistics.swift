import GeoCore

/// Catch and category statistics from SpatiaLite, through the SQL both stores share.
extension SpatiaLiteStore {
    public func catchStatistics(by grouping: [CatchGrouping]) throws -> [CatchStatistic] {
        let statement = try db.prepare(StatisticsSQL.catches)
        var rows: [CatchStatistic.Row] = []
        while try statement.step() {
            rows.append((statement.string(0) ?? "", statement.string(1) ?? "", statement.string(2), statement.string(3),
                         Double(statement, column: 4), Double(statement, column: 5)))
        }
        return CatchStatistic.tally(rows, by: grouping)
    }

    public func categories() throws -> [CategoryCount] {
        let statement = try db.prepare(StatisticsSQL.categories { "min(MbrMinX(\($0))), min(MbrMinY(\($0))), max(MbrMaxX(\($0))), max(MbrMaxY(\($0)))" })
        var result: [CategoryCount] = []
        while try statement.step() {
            result.append(CategoryCount(category: statement.string(0) ?? "", kind: FeatureKind(rawValue: statement.string(1) ?? "") ?? .poi,
                                        count: Int(statement.int(2)), located: Int(statement.int(3)),
                                        bounds: CategoryCount.bounds(Double(statement, column: 4), Double(statement, column: 5),
                                                                     Double(statement, column: 6), Double(statement, column: 7))))
        }
        return StatisticsSQL.ordered(result)
    }
}

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
