import Foundation
import GeoCore

/// A calendar day as people give it, YYYY-MM-DD, to be placed in a time zone.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init(_ text: String) throws(GeoError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2], text.count == 10,
              DateComponents(calendar: Calendar(identifier: .gregorian), year: y, month: m, day: d).isValidDate else {
            throw .invalid(field: .date, reason: "'\(text)' is not a date in the form YYYY-MM-DD")
        }
        (year, month, day) = (y, m, d)
    }

    /// The day `instant` falls on in `zone`.
    public init(containing instant: Date, in zone: TimeZone) {
        let c = Self.calendar(zone).dateComponents([.year, .month, .day], from: instant)
        (year, month, day) = (c.year!, c.month!, c.day!)
    }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDay {
        let calendar = Self.calendar(.gmt)
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return LocalDay(containing: calendar.date(byAdding: .day, value: days, to: start)!, in: .gmt)
    }

    /// YYYY-MM-DD: as people give it and as the stores keep it.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

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
