import Foundation
import GeoCore

/// RFC 4180 CSV with a header row. Problems name "line N": the 1-based line a record starts on,
/// the header being line 1 (a quoted field may span lines, so records and lines can differ).
///
/// Columns (case-insensitive): latitude `lat`/`latitude`/`y` and longitude
/// `lon`/`lng`/`long`/`longitude`/`x` are required; `name` too. Other columns are read as in
/// GeoJSON properties (category, description, address, phone, timezone, name:xx…). Without a
/// `category` value a row is a "city" in a GeoNames-like file (a `geonameid` column, or both
/// `timezone` and `population`), else "other". Empty lat and lon give a place without location.
/// CSV holds points only, so waters and trips cannot come from it.
public enum CSVParser {
    public static func parse(_ data: Data, file: String, kind: FeatureKind?) throws(ImportProblem) -> ParsedFile {
        func unreadable(_ reason: String) -> ImportProblem { ImportProblem(file: file, record: "file", reason: reason) }
        switch kind {
        case .water?: throw unreadable("waters need a line or area geometry, which CSV cannot hold; import them from GeoJSON")
        case .trip?: throw unreadable("trips are imported from GPX, not CSV")
        default: break
        }
        guard String(data: data, encoding: .utf8) != nil else { throw unreadable("not UTF-8 text") }
        let rows = records(data)
        guard let header = rows.first else { throw unreadable("empty; a header row is required") }
        let columns = header.fields.map { $0.trimmed.lowercased() }
        func column(_ names: [String]) -> Int? { names.lazy.compactMap { columns.firstIndex(of: $0) }.first }
        guard let latColumn = column(["lat", "latitude", "y"]) else {
            throw unreadable("no latitude column (lat, latitude or y)")
        }
        guard let lonColumn = column(["lon", "lng", "long", "longitude", "x"]) else {
            throw unreadable("no longitude column (lon, lng, long, longitude or x)")
        }
        guard columns.contains("name") else { throw unreadable("no name column") }
        let geoNamesLike = columns.contains("geonameid") || (columns.contains("timezone") && columns.contains("population"))
        let defaultCategory = geoNamesLike ? "city" : "other"

        var parsed = ParsedFile(file: file)
        for row in rows.dropFirst() {
            parsed.collect("line \(row.line)") { () throws(GeoError) in
                guard row.closed else { throw .invalid(field: "quotes", reason: "a quoted field is not closed before the end of the file") }
                guard row.fields.count == columns.count else {
                    throw .invalid(field: "fields", reason: "\(row.fields.count) value(s), the header has \(columns.count)")
                }
                let properties = Properties(Dictionary(zip(columns, row.fields), uniquingKeysWith: { first, _ in first }))
                let location = try Position.parse(lat: row.fields[latColumn], lon: row.fields[lonColumn],
                                                  latField: columns[latColumn], lonField: columns[lonColumn])
                let category = properties.category ?? defaultCategory
                switch kind ?? properties.kind(category: category) {
                case .cinema:
                    return .cinema(try properties.cinema(location: location, file: file, id: nil))
                case .water:
                    throw .invalid(field: "category", reason: "a water needs a line or area geometry, which CSV cannot hold")
                default:
                    return .place(try properties.place(category: category, location: location, file: file, id: nil))
                }
            }
        }
        return parsed
    }

    /// Splits RFC 4180 text into records: fields separated by commas, records by CRLF or LF,
    /// fields in double quotes may hold commas, line breaks and doubled quotes. Blank lines are
    /// skipped. `closed` is false for a last record whose quoted field never ends.
    static func records(_ data: Data) -> [(line: Int, fields: [String], closed: Bool)] {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) } // UTF-8 byte order mark
        var result: [(line: Int, fields: [String], closed: Bool)] = []
        var fields: [String] = [], field: [UInt8] = []
        var line = 1, recordLine = 1, inQuotes = false, i = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord(closed: Bool) {
            endField()
            if fields != [""] { result.append((recordLine, fields, closed)) }
            fields = []
        }
        while i < bytes.count {
            let b = bytes[i]
            if inQuotes {
                if b == quote, i + 1 < bytes.count, bytes[i + 1] == quote {
                    field.append(quote)
                    i += 1
                } else if b == quote {
                    inQuotes = false
                } else {
                    if b == lf { line += 1 }
                    field.append(b)
                }
            } else if b == quote && field.isEmpty {
                inQuotes = true
            } else if b == comma {
                endField()
            } else if b == lf {
                endRecord(closed: true)
                line += 1
                recordLine = line
            } else if !(b == cr && (i + 1 == bytes.count || bytes[i + 1] == lf)) {
                field.append(b)
            }
            i += 1
        }
        if inQuotes || !field.isEmpty || !fields.isEmpty { endRecord(closed: !inQuotes) }
        return result
    }
}
