import Foundation
import GeoCore

/// ISO 8601 date-times as they appear in GPX, cinema programmes and the angler's diary.
enum ISOTime {
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// The zone local times are read in: the named one (an identifier already checked), else UTC
    /// until the import finds the record's zone (`LocalTimes`).
    static func zone(_ identifier: String?) -> TimeZone { identifier.flatMap(TimeZone.init(identifier:)) ?? utc }

    /// `date(_:localTo:)`, or the error naming `field` when `text` is not such a time.
    static func date(_ text: String, localTo zone: TimeZone, field: String) throws(GeoError) -> Date {
        try time(text, localTo: zone, field: field).date
    }

    /// `time(_:localTo:)`, or the error naming `field` when `text` is not such a time.
    static func time(_ text: String, localTo zone: TimeZone, field: String) throws(GeoError) -> (date: Date, isLocal: Bool) {
        guard let time = time(text, localTo: zone) else {
            throw .invalid(field: .record(field), reason: "'\(text)' is not an ISO 8601 date-time")
        }
        return time
    }

    static func date(_ text: String, localTo zone: TimeZone) -> Date? { time(text, localTo: zone)?.date }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]][Z|±HH[:MM]]` (a space may replace the T).
    /// Without an offset the time is local to `zone` (`isLocal`). Nil when the text is not such a time.
    static func time(_ text: String, localTo zone: TimeZone) -> (date: Date, isLocal: Bool)? {
        let bytes = Array(text.trimmed.utf8)
        var i = 0
        func digits(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var value = 0
            for b in bytes[i..<i + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) else { return nil }
                value = value * 10 + Int(b - UInt8(ascii: "0"))
            }
            i += count
            return value
        }
        func skip(_ c: Character) -> Bool {
            guard i < bytes.count, bytes[i] == c.asciiValue else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2),
              skip("T") || skip(" "), let hour = digits(2), skip(":"), let minute = digits(2) else { return nil }
        var second = 0, fraction = 0.0
        if skip(":") {
            guard let s = digits(2) else { return nil }
            second = s
            if skip(".") {
                var scale = 0.1
                let start = i
                while let d = digits(1) { fraction += Double(d) * scale; scale /= 10 }
                guard i > start else { return nil }
            }
        }
        var timeZone = zone, isLocal = false
        if skip("Z") {
            timeZone = utc
        } else if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let hours = digits(2) else { return nil }
            _ = skip(":")
            let minutes = digits(2) ?? 0
            guard let offset = TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60)) else { return nil }
            timeZone = offset
        } else {
            isLocal = true
        }
        guard i == bytes.count else { return nil }
        let components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: timeZone,
                                        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate, let date = components.date else { return nil }
        return (date.addingTimeInterval(fraction), isLocal)
    }
}
