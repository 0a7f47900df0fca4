import Foundation
import GeoCore

/// GeoNames' own dumps (download.geonames.org/export/dump: `cities15000.txt`, `LV.txt`…): UTF-8,
/// one place per line, 19 tab-separated fields, no header and no quoting. A line is read as a CSV
/// row under GeoNames' column names would be (`Properties`): the name, the comma-separated
/// alternatenames, the population and the zone, the geonameid as the record's identity. Populated
/// places (feature class P) are cities, every other feature (lakes, hills, parks…) "other".
/// Problems name "line N".
public enum GeoNamesParser {
    /// The dump's columns, in order (readme.txt of the dump).
    static let columns = ["geonameid", "name", "asciiname", "alternatenames", "latitude", "longitude", "feature class", "feature code",
                          "country code", "cc2", "admin1 code", "admin2 code", "admin3 code", "admin4 code", "population",
                          "elevation", "dem", "timezone", "modification date"]

    public static func parse(_ data: Data, file: String, kind: FeatureKind?) throws(ImportProblem) -> ParsedFile {
        guard kind == nil || kind == .poi else {
            throw ImportProblem(file: file, record: "file", reason: "GeoNames lines are places, not \(kind!.rawValue) records")
        }
        guard data.withUnsafeBytes(isValidUTF8) else { throw ImportProblem(file: file, record: "file", reason: "not UTF-8 text") }
        let properties = Properties.Columns(columns), fileName = Properties.fileName(of: file)
        var parsed = ParsedFile(file: file)
        // "\r\n" is one Character, and a line break like "\n".
        for (i, line) in String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.isEmpty { continue }
            parsed.collect("line \(i + 1)") { () throws(GeoError) in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == columns.count else {
                    throw .invalid(field: "fields", reason: "\(fields.count) tab-separated value(s); a GeoNames line has \(columns.count)")
                }
                let record = Properties(properties) { String(fields[$0]) }
                let location = try Position.parse(lat: String(fields[4]), lon: String(fields[5]), latField: "latitude", lonField: "longitude")
                return .place(try record.place(category: fields[6] == "P" ? "city" : "other", location: location, fileName: fileName, id: nil))
            }
        }
        return parsed
    }
}
