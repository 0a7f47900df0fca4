import Foundation
import GeoCore

// Helpers every parser shares. A parser builds each record in a closure that throws a GeoError
// naming the offending field; `attempt`/`collect` turn that error into a problem for the record,
// so a bad record is reported once and never reaches `records`.

extension ParsedFile {
    /// The value `build` makes, or nil after recording why it could not be made.
    mutating func attempt<T>(_ record: String, _ build: () throws(GeoError) -> T) -> T? {
        do {
            return try build()
        } catch {
            reject(record, error.description)
            return nil
        }
    }

    /// Adds the record `build` makes, or the problem that stopped it.
    mutating func collect(_ record: String, _ build: () throws(GeoError) -> ImportRecord) {
        if let value = attempt(record, build) { add(value, at: record) }
    }
}

/// Reading a position from two text fields (CSV columns, XML elements or attributes).
enum Position {
    /// Both fields empty → nil: the record has no location, which is allowed. One of them empty,
    /// not a number, not finite or out of range → an error naming that field.
    static func parse(lat: String?, lon: String?, latField: String = "lat", lonField: String = "lon") throws(GeoError) -> Coordinate? {
        let latText = lat?.trimmed ?? "", lonText = lon?.trimmed ?? ""
        if latText.isEmpty && lonText.isEmpty { return nil }
        func number(_ text: String, _ field: String, besides other: String) throws(GeoError) -> Double {
            guard !text.isEmpty else { throw .invalid(field: field, reason: "missing while \(other) is given") }
            guard let value = Double(text) else { throw .invalid(field: field, reason: "'\(text)' is not a number") }
            return value
        }
        let latValue = try number(latText, latField, besides: lonField)
        let lonValue = try number(lonText, lonField, besides: latField)
        do {
            return try Coordinate(validatingLat: latValue, lon: lonValue)
        } catch let .invalid(field, reason) {
            // Coordinate names its fields lat/lon; report the caller's names for them.
            throw .invalid(field: field == "lat" ? latField : lonField, reason: reason)
        }
    }
}

/// ISO 8601 date-times as they appear in GPX and cinema programmes.
enum ISOTime {
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]][Z|±HH[:MM]]` (a space may replace the T).
    /// Without an offset the time is local to `zone`. Nil when the text is not such a time.
    static func date(_ text: String, localTo zone: TimeZone) -> Date? {
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
        var timeZone = zone
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
        }
        guard i == bytes.count else { return nil }
        let components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: timeZone,
                                        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate, let date = components.date else { return nil }
        return date.addingTimeInterval(fraction)
    }
}

/// An IANA zone identifier checked against the system's time zone database.
func ianaZone(_ identifier: String, field: String = "timezone") throws(GeoError) -> String {
    guard TimeZone(identifier: identifier) != nil else {
        throw .invalid(field: field, reason: "'\(identifier)' is not an IANA time zone")
    }
    return identifier
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The trimmed text, or nil when nothing is left.
    var nonEmpty: String? {
        let t = trimmed
        return t.isEmpty ? nil : t
    }

    /// For matching names typed in different ways: case and diacritics ignored ("Ko darīt" ~ "ko darit").
    var folded: String { trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
}
