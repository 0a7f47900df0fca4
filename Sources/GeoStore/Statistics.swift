import GeoCore

/// Catch and category statistics from SpatiaLite, through the SQL both stores share.
extension SpatiaLiteStore {
    public func catchStatistics(by grouping: [CatchGrouping]) throws -> [CatchStatistic] {
        let statement = try db.prepare(StatisticsSQL.catches(by: grouping))
        var result: [CatchStatistic] = []
        while try statement.step() {
            result.append(CatchStatistic(group: grouping.indices.map { statement.string(Int32(4 + $0)) ?? "" }, count: Int(statement.int(0)),
                                         totalWeightKg: statement.double(1), maxWeightKg: Double(statement, column: 2),
                                         maxLengthCm: Double(statement, column: 3)))
        }
        return result.filter { $0.count > 0 }
    }

    public func categories() throws -> [CategoryCount] {
        let statement = try db.prepare(StatisticsSQL.categories)
        var result: [CategoryCount] = []
        while try statement.step() {
            result.append(CategoryCount(category: statement.string(0) ?? "", kind: FeatureKind(rawValue: statement.string(1) ?? "") ?? .poi,
                                        count: Int(statement.int(2)), located: Int(statement.int(3))))
        }
        return StatisticsSQL.ordered(result)
    }
}

/// The summaries' SQL, which SpatiaLite and PostgreSQL both read as it is.
package enum StatisticsSQL {
    /// count, total kg, heaviest kg, longest cm, then the value of each grouping, in its order.
    package static func catches(by grouping: [CatchGrouping]) -> String {
        let expressions: [CatchGrouping: String] = [
            .water: "coalesce(w.name, '(no water)')",
            .species: "c.species",
            // The year of the catch, else of its trip.
            .year: "coalesce(substr(coalesce(c.time_utc, t.start_utc), 1, 4), '(no date)')",
        ]
        let keys = grouping.map { expressions[$0]! }
        let groupBy = keys.isEmpty ? "" : " GROUP BY " + keys.joined(separator: ", ") + " ORDER BY " + keys.joined(separator: ", ")
        return """
            SELECT count(*), coalesce(sum(c.weight_kg), 0), max(c.weight_kg), max(c.length_cm)\(keys.map { ", " + $0 }.joined())
            FROM catch AS c JOIN trip AS t ON t.id = c.trip_id LEFT JOIN water AS w ON w.id = t.water_id\(groupBy)
            """
    }

    /// category, kind, count, how many have a position.
    package static let categories = """
        SELECT category, 'poi', count(*), count(geom) FROM poi GROUP BY category
        UNION ALL SELECT 'water', 'water', count(*), count(geom) FROM water
        UNION ALL SELECT 'cinema', 'cinema', count(*), count(geom) FROM cinema
        UNION ALL SELECT 'trip', 'trip', count(*), count(spot) FROM trip
        """

    /// Categories that have rows, by code.
    package static func ordered(_ counts: [CategoryCount]) -> [CategoryCount] {
        counts.filter { $0.count > 0 }.sorted { $0.category < $1.category }
    }
}
