import GeoCore
import GeoStore

/// Catch and category statistics from SpatiaLite, through the SQL both stores share.
extension SpatiaLiteStore {
    public func catchStatistics(by grouping: [CatchGrouping], filter: CatchFilter, language: String?) throws -> [CatchStatistic] {
        var trips: [CatchStatistic.TripRow] = [], catches: [CatchStatistic.Row] = []
        let t = try db.prepare(StatisticsSQL.trips)
        while try t.step() { trips.append((t.int(0), t.string(1) ?? "", t.string(2), t.string(3), t.string(4))) }
        let c = try db.prepare(StatisticsSQL.catches)
        while try c.step() { catches.append((c.int(0), c.string(1) ?? "", c.string(2), Double(c, column: 3), Double(c, column: 4))) }
        return CatchStatistic.tally(trips: trips, catches: catches, by: grouping, filter: filter, language: language)
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
