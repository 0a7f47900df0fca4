import GeoCore
import GeoStore

/// Catch and category statistics from SpatiaLite, through the SQL both stores share.
extension SpatiaLiteStore {
    public func catchStatistics(by grouping: [CatchGrouping], filter: CatchFilter, language: String?) throws -> [CatchStatistic] {
        let s = try db.prepare(StatisticsSQL.diary)
        var rows: [CatchStatistic.Row] = []
        while try s.step() {
            rows.append((s.int(0), s.string(1) ?? "", s.string(2), s.string(3), s.string(4), s.string(5), s.string(6),
                         Double(s, column: 7), Double(s, column: 8)))
        }
        return CatchStatistic.tally(rows, by: grouping, filter: filter, language: language)
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
