import Foundation

/// Instants as stored: ISO 8601 in UTC, second precision, so text order is time order.
package enum UTC {
    package static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// An instant as ISO 8601 with the offset of `zone` (`2024-05-18T05:30:00+02:00`): the local
    /// time a reader expects, exact to the second as stored.
    package static func local(_ date: Date, in zone: TimeZone) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone))
    }

    package static func parse(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(timeZone: .gmt).parse(text)
    }
}
