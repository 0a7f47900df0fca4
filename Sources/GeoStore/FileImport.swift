import Foundation
import GeoCore

/// Reads files into parsed records, choosing the parser by extension. The travel guide's feed
/// comes one file per language; all `.xml` files of one call are merged into one feed.
public enum FileImport {
    public static func parse(paths: [String], kind: FeatureKind? = nil) throws -> [ParsedFile] {
        var parsed: [ParsedFile] = []
        var feed: [(data: Data, file: String, language: String)] = []
        for path in paths {
            guard let format = ImportFormat.detect(path: path) else {
                throw ImportProblem(file: path, record: "file",
                                    reason: "unknown format; use .geojson, .json, .csv, .gpx or the travel guide's .xml")
            }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw ImportProblem(file: path, record: "file", reason: "cannot read: \(error.localizedDescription)")
            }
            switch format {
            case .geojson: parsed.append(try GeoJSONParser.parse(data, file: path, kind: kind))
            case .csv: parsed.append(try CSVParser.parse(data, file: path, kind: kind))
            case .gpx: parsed.append(try GPXParser.parse(data, file: path))
            case .travelGuide:
                let name = URL(fileURLWithPath: path).lastPathComponent
                feed.append((data, path, TravelGuideFeedParser.language(forFileName: name)))
            }
        }
        if !feed.isEmpty { parsed.append(try TravelGuideFeedParser.parse(feed)) }
        return parsed
    }
}
