import Foundation
import GeoCore

/// GeoNames' place dumps (download.geonames.org/export/dump: `cities15000.txt`, `LV.txt`…): UTF-8,
/// one place per line, 19 tab-separated fields, no header and no quoting. A line is read as a CSV
/// row under GeoNames' column names would be (`Properties`): the name, the comma-separated
/// alternatenames, the population (0, GeoNames' "unknown", as none) and the zone, the geonameid
/// as the record's identity. Populated places (feature class P) are cities, except those that are
/// history or a part of another (`notCities`); every other feature (lakes, hills, parks…) is
/// "other". A file whose first line is not such a line (GeoNames' postal codes, its other tables,
/// any other text) is refused whole. A line whose geonameid is not a positive whole number, or
/// whose field holds a control character (a CR left inside a name), is refused: GeoNames writes
/// neither, so the line is broken. Problems name "line N".
public enum GeoNamesParser {
    /// The dump's columns, in order (the dump's readme.txt).
    static let columns = ["geonameid", "name", "asciiname", "alternatenames", "latitude", "longitude", "feature class", "feature code",
                          "country code", "cc2", "admin1 code", "admin2 code", "admin3 code", "admin4 code", "population",
                          "elevation", "dem", "timezone", "modification date"]
    private static let population = 14

    /// Populated places that are no town to name on a map: historical, abandoned, destroyed, and sections of one.
    static let notCities: Set<Substring> = ["PPLH", "PPLQ", "PPLW", "PPLX"]

    public static func parse(_ data: Data, file: String, kind: FeatureKind?) throws(ImportProblem) -> ParsedFile {
        func refused(_ reason: String) -> ImportProblem { ImportProblem(file: file, record: "file", reason: reason) }
        guard kind == nil || kind == .poi else { throw refused("GeoNames lines are places, not \(kind!.rawValue) records") }
        guard data.withUnsafeBytes(isValidUTF8) else { throw refused("not UTF-8 text") }
        let properties = Properties.Columns(columns), fileName = Properties.fileName(of: file)
        var parsed = ParsedFile(file: file), checkedFirst = false
        var failure: ImportProblem?
        data.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            var start = 0, number = 0
            // Lines end at "\n" only (a "\r" before it dropped): no other character breaks one.
            while start < bytes.count, failure == nil {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                number += 1
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]), as: UTF8.self)
                start = end + 1
                if line.isEmpty { continue }
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if !checkedFirst, fields.count != columns.count {
                    failure = refused("not a GeoNames place dump: line \(number) has \(fields.count) tab-separated field(s), GeoNames' places have \(columns.count)")
                    return
                }
                checkedFirst = true
                parsed.collect("line \(number)") { () throws(GeoError) in
                    guard fields.count == columns.count else {
                        throw .invalid(field: .record("fields"), reason: "\(fields.count) tab-separated value(s); a GeoNames line has \(columns.count)")
                    }
                    try checkFields(fields)
                    let record = Properties(properties) { $0 == population && fields[$0] == "0" ? "" : String(fields[$0]) }
                    let location = try Position.parse(lat: String(fields[4]), lon: String(fields[5]), latField: "latitude", lonField: "longitude")
                    let city = fields[6] == "P" && !notCities.contains(fields[7])
                    return .place(try record.place(category: city ? "city" : "other", location: location, fileName: fileName, id: nil))
                }
            }
        }
        if let failure { throw failure }
        return parsed
    }

    /// The geonameid is GeoNames' key, a positive whole number; no field holds a control character.
    private static func checkFields(_ fields: [Substring]) throws(GeoError) {
        let id = fields[0]
        guard !id.isEmpty, id.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), id.contains(where: { $0 != "0" }) else {
            throw .invalid(field: .record(columns[0]), reason: "'\(id)' is not a positive whole number")
        }
        for (k, field) in fields.enumerated() {
            if let control = field.utf8.first(where: { $0 < 0x20 || $0 == 0x7F }) {
                let hex = String(control, radix: 16, uppercase: true)
                throw .invalid(field: .record(columns[k]), reason: "holds the control character U+\(String(repeating: "0", count: 4 - hex.count) + hex); GeoNames' fields hold none")
            }
        }
    }
}
