import Foundation
import GeoCore

// Helpers every parser shares. A parser builds each record in a closure that throws a GeoError
// naming the offending field; `attempt`/`collect` check the record's texts (`RecordTexts`) and
// turn either error into a problem for the record, so a bad record is reported once and never
// reaches `records`.

extension ParsedFile {
    /// The value `build` makes, or nil after recording why it could not be made.
    mutating func attempt<T: RecordTexts>(_ record: String, _ build: () throws(GeoError) -> T) -> T? {
        do {
            let value = try build()
            try value.checkTexts()
            return value
        } catch {
            reject(record, error.description)
            return nil
        }
    }

    /// Adds the record `build` makes, or the problem that stopped it; whether it was added.
    @discardableResult
    mutating func collect(_ record: String, _ build: () throws(GeoError) -> ImportRecord) -> Bool {
        guard let value = attempt(record, build) else { return false }
        records.append((record, value))
        return true
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
            guard let value = DecimalNumber.parse(text) else { throw .invalid(field: field, reason: "'\(text)' is not a number") }
            return value
        }
        let latValue = try number(latText, latField, besides: lonField)
        let lonValue = try number(lonText, lonField, besides: latField)
        return try validated(lat: latValue, lon: lonValue, latField: latField, lonField: lonField)
    }

    /// Reading a position from two optional numbers (a JSON object's `lat` and `lon`), with the
    /// same rules and errors as `parse(lat:lon:…)` for text.
    static func parse(lat: Double?, lon: Double?, latField: String, lonField: String) throws(GeoError) -> Coordinate? {
        switch (lat, lon) {
        case (nil, nil): return nil
        case let (lat?, lon?): return try validated(lat: lat, lon: lon, latField: latField, lonField: lonField)
        case (nil, _): throw .invalid(field: latField, reason: "missing while \(lonField) is given")
        case (_, nil): throw .invalid(field: lonField, reason: "missing while \(latField) is given")
        }
    }

    /// The coordinate of two numbers `parse` read, or the error naming the field out of range.
    static func validated(lat: Double, lon: Double, latField: String, lonField: String) throws(GeoError) -> Coordinate {
        do {
            return try Coordinate(validatingLat: lat, lon: lon)
        } catch let .invalid(field, reason) {
            // Coordinate names its fields lat/lon; report the caller's names for them.
            throw .invalid(field: field == "lat" ? latField : lonField, reason: reason)
        }
    }
}

/// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates or
/// code points past U+10FFFF), which is when `String(data:encoding: .utf8)` is not nil; without
/// making that string.
func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let n = bytes.count
    var i = 0
    while i < n {
        // Eight ASCII bytes at a time.
        while i + 8 <= n, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        guard i < n else { break }
        let b = bytes[i]
        if b < 0x80 { i += 1; continue }
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool { i + k < n && range.contains(bytes[i + k]) }
        switch b {
        case 0xC2...0xDF:
            guard continuation(1) else { return false }
            i += 2
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> = b == 0xE0 ? 0xA0...0xBF : b == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard continuation(1, second), continuation(2) else { return false }
            i += 3
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = b == 0xF0 ? 0x90...0xBF : b == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            guard continuation(1, second), continuation(2), continuation(3) else { return false }
            i += 4
        default:
            return false
        }
    }
    return true
}

/// A source id made of what a record is rather than of where it is in its file, so that adding,
/// removing or reordering records does not move it to another row: `<name>@<time>` (ISO 8601 in
/// UTC, to the second), else `<name>@<lat>,<lon>`, else `<name>@`. For GPX tracks and waypoints and
/// GeoJSON trips without an id.
func contentKey(name: String, time: Date?, position: Coordinate?) -> String {
    if let time { return "\(name)@\(UTC.format(time))" }
    if let position { return "\(name)@\(position.lat),\(position.lon)" }
    return "\(name)@"
}

/// ISO 8601 date-times as they appear in GPX, cinema programmes and the angler's diary.
enum ISOTime {
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// `date(_:localTo:)`, or the error naming `field` when `text` is not such a time.
    static func date(_ text: String, localTo zone: TimeZone, field: String) throws(GeoError) -> Date {
        guard let date = date(text, localTo: zone) else {
            throw .invalid(field: field, reason: "'\(text)' is not an ISO 8601 date-time")
        }
        return date
    }

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
    guard KnownZones.shared.contains(identifier) else {
        throw .invalid(field: field, reason: "'\(identifier)' is not an IANA time zone")
    }
    return identifier
}

/// The identifiers `TimeZone(identifier:)` has accepted: a file names the same few zones on
/// every row, and making a TimeZone is far dearer than a set lookup.
private final class KnownZones: @unchecked Sendable {
    static let shared = KnownZones()
    private let lock = NSLock()
    private var known = Set<String>()

    func contains(_ identifier: String) -> Bool {
        lock.lock()
        let cached = known.contains(identifier)
        lock.unlock()
        if cached { return true }
        guard TimeZone(identifier: identifier) != nil else { return false }
        lock.lock()
        if known.count < 10_000 { known.insert(identifier) }
        lock.unlock()
        return true
    }
}

extension String {
    /// Without leading and trailing white space and line breaks, as `trimmingCharacters(in:
    /// .whitespacesAndNewlines)`. That is slow on Linux, so ASCII white space is stripped here and
    /// Foundation asked only when the text then starts or ends with anything but printable ASCII.
    var trimmed: String {
        let utf8 = self.utf8
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        func isPrintable(_ b: UInt8) -> Bool { (0x21...0x7E).contains(b) }
        let plain = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > 0 && isPrintable(bytes[0]) && isPrintable(bytes[bytes.count - 1])
        }
        if plain == true { return self }
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, isSpace(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, isSpace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        if start == end { return "" }
        guard isPrintable(utf8[start]), isPrintable(utf8[utf8.index(before: end)]) else {
            return trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if start == utf8.startIndex && end == utf8.endIndex { return self }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// Lower case, as `lowercased()`, without making a new string when the text has no upper case ASCII
    /// and no non-ASCII.
    var lowercasedKey: String {
        utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) ? self : lowercased()
    }

    /// The trimmed text, or nil when nothing is left.
    var nonEmpty: String? {
        let t = trimmed
        return t.isEmpty ? nil : t
    }

    /// For matching names typed in different ways: case and diacritics ignored ("Ko darīt" ~ "ko darit").
    var folded: String { trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
}
