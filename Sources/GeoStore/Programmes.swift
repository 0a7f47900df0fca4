import Foundation
import GeoCore

extension SpatiaLiteStore {
    public func cinemas(near center: Coordinate, day: String?, film: String?, limit: Int) throws -> [CinemaProgramme] {
        _ = try Coordinate(validatingLat: center.lat, lon: center.lon)
        try checkLimit(limit)
        let date = try day.map(LocalDay.init)
        // Without a day, each cinema's today, all taken at one instant (not one per cinema as the walk reaches it).
        let now = Date()
        var programmes: [Int64: (timezone: String, screenings: [Screening])] = [:]
        let rows = try nearestRows(KindTable.of(.cinema), NearestQuery(center: center, limit: limit), limit: limit) { cinema in
            let programme = try self.screenings(ofCinema: cinema, on: date, now: now, film: film)
            programmes[cinema] = programme
            return !programme.screenings.isEmpty
        }
        return rows.map { cinema in
            let programme = programmes[cinema.id.row]!
            return CinemaProgramme(cinema: cinema, timezone: programme.timezone, screenings: programme.screenings)
        }
    }

    /// The cinema's screenings that start on the local day in its own zone (nil: the day it is
    /// at `now` there), by start and title.
    private func screenings(ofCinema cinema: Int64, on day: LocalDay?, now: Date, film: String?) throws -> (timezone: String, screenings: [Screening]) {
        let zoneName: String = try value("SELECT timezone FROM cinema WHERE id = ?", [cinema]) ?? "UTC"
        let zone = TimeZone(identifier: zoneName) ?? .gmt
        let (start, end) = (day ?? LocalDay(containing: now, in: zone)).interval(in: zone)
        let statement = try cached("""
            SELECT title, start_utc, minutes, rating, version FROM screening
            WHERE cinema_id = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, title, id
            """)
        try statement.bind([cinema, UTC.format(start), UTC.format(end)])
        var screenings: [Screening] = []
        while try statement.step() {
            let title = statement.string(0) ?? ""
            if let film, !title.localizedStandardContains(film) { continue }
            screenings.append(Screening(title: title, start: UTC.parse(statement.string(1) ?? "") ?? start,
                                        minutes: statement.isNull(2) ? nil : Int(statement.int(2)),
                                        rating: statement.string(3), version: statement.string(4)))
        }
        return (zoneName, screenings)
    }

    public func catchStatistics(by grouping: [CatchGrouping]) throws -> [CatchStatistic] {
        let expressions: [CatchGrouping: String] = [
            .water: "coalesce(w.name, '(no water)')",
            .species: "c.species",
            // The year of the catch, else of its trip.
            .year: "coalesce(substr(coalesce(c.time_utc, t.start_utc), 1, 4), '(no date)')",
        ]
        let keys = grouping.map { expressions[$0]! }
        let groupBy = keys.isEmpty ? "" : " GROUP BY " + keys.joined(separator: ", ") + " ORDER BY " + keys.joined(separator: ", ")
        let statement = try db.prepare("""
            SELECT count(*), coalesce(sum(c.weight_kg), 0), max(c.weight_kg), max(c.length_cm)\(keys.map { ", " + $0 }.joined())
            FROM catch AS c JOIN trip AS t ON t.id = c.trip_id LEFT JOIN water AS w ON w.id = t.water_id\(groupBy)
            """)
        var result: [CatchStatistic] = []
        while try statement.step() {
            let count = Int(statement.int(0))
            guard count > 0 else { continue }
            result.append(CatchStatistic(group: keys.indices.map { statement.string(Int32(4 + $0)) ?? "" }, count: count,
                                         totalWeightKg: statement.double(1), maxWeightKg: Double(statement, column: 2),
                                         maxLengthCm: Double(statement, column: 3)))
        }
        return result
    }

    public func categories() throws -> [CategoryCount] {
        let statement = try db.prepare("""
            SELECT category, 'poi', count(*), count(geom) FROM poi GROUP BY category
            UNION ALL SELECT 'water', 'water', count(*), count(geom) FROM water
            UNION ALL SELECT 'cinema', 'cinema', count(*), count(geom) FROM cinema
            UNION ALL SELECT 'trip', 'trip', count(*), count(spot) FROM trip
            """)
        var result: [CategoryCount] = []
        while try statement.step() {
            guard statement.int(2) > 0 else { continue }
            result.append(CategoryCount(category: statement.string(0) ?? "", kind: FeatureKind(rawValue: statement.string(1) ?? "") ?? .poi,
                                        count: Int(statement.int(2)), located: Int(statement.int(3))))
        }
        return result.sorted { $0.category < $1.category }
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
