import Foundation

/// Instants as stored: ISO 8601 in UTC, second precision, so text order is time order.
package enum UTC {
    package static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    package static func parse(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(timeZone: .gmt).parse(text)
    }
}
