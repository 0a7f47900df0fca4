import Foundation

/// Which of a record's times were written without an offset while the record named no zone.
/// They are read as UTC until the import finds the record's zone from its position, and then
/// moved to that zone: the same wall-clock time there, as if the file had named the zone.
package struct LocalTimes: Hashable, Sendable {
    /// A trip's start and end.
    package var start = false, end = false
    /// A cinema's screenings or a trip's catches, by index.
    package var items: Set<Int> = []

    package var isEmpty: Bool { !start && !end && items.isEmpty }

    /// The instant whose wall-clock time in `zone` is `date`'s in UTC, read as `ISOTime` reads a
    /// local time (the same rules on DST gaps and overlaps).
    package static func move(_ date: Date, to zone: TimeZone) -> Date {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = ISOTime.utc
        var c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        (c.calendar, c.timeZone) = (Calendar(identifier: .gregorian), zone)
        return (c.date ?? date).addingTimeInterval(date.timeIntervalSince1970 - seconds)
    }
}
