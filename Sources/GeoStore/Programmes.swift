import Foundation
import GeoCore

extension SpatiaLiteStore {
    public func timezone(ofCinema cinema: Int64) throws -> String? {
        try value("SELECT timezone FROM cinema WHERE id = ?", [cinema])
    }

    public func screenings(ofCinema cinema: Int64, from start: Date, to end: Date) throws -> [Screening] {
        let statement = try cached("""
            SELECT title, start_utc, minutes, rating, version FROM screening
            WHERE cinema_id = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, title, id
            """)
        try statement.bind([cinema, UTC.format(start), UTC.format(end)])
        var screenings: [Screening] = []
        while try statement.step() {
            screenings.append(Screening(title: statement.string(0) ?? "", start: UTC.parse(statement.string(1) ?? "") ?? start,
                                        minutes: statement.isNull(2) ? nil : Int(statement.int(2)),
                                        rating: statement.string(3), version: statement.string(4)))
        }
        return screenings
    }

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

/// A calendar day as people give it, YYYY-MM-DD, to be placed in a time zone.
public struct LocalDay: Hashable, Sendable {
    public let year: Int, month: Int, day: Int

    public init(_ text: String) throws(GeoError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2], text.count == 10,
              DateComponents(calendar: Calendar(identifier: .gregorian), year: y, month: m, day: d).isValidDate else {
            throw .invalid(field: "date", reason: "'\(text)' is not a date in the form YYYY-MM-DD")
        }
        (year, month, day) = (y, m, d)
    }

    /// The day `instant` falls on in `zone`.
    public init(containing instant: Date, in zone: TimeZone) {
        let c = Self.calendar(zone).dateComponents([.year, .month, .day], from: instant)
        (year, month, day) = (c.year!, c.month!, c.day!)
    }

    /// The instants [start, end) of this day in `zone` (23 or 25 hours long on DST changes).
    public func interval(in zone: TimeZone) -> (start: Date, end: Date) {
        let calendar = Self.calendar(zone)
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return (start, calendar.date(byAdding: .day, value: 1, to: start)!)
    }

    private static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
