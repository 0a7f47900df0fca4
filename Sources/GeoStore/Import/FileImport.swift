import Foundation
import GeoCore

/// Reads files into parsed records, choosing the parser by extension; any other file goes to
/// `vectors` (GDAL's reader of every other vector format, which the CLI gives). The travel
/// guide's feed comes one file per language; all `.xml` files of one call are merged into one feed.
public enum FileImport {
    /// Sources whose ids mean the same whoever imports them (an OSM element, a GeoNames id);
    /// `source` never renames them.
    public static let globalSources: Set<String> = ["osm", "geonames"]

    /// With `source`, every record that would come from the file's own source (its name, "gpx",
    /// "travel-guide") comes from `source` instead: a name that stays when the file is renamed.
    public static func parse(paths: [String], kind: FeatureKind? = nil, source: String?, mapping: FieldMapping = .none,
                             vectors: (any VectorFileReader)? = nil, streaming: Bool = false) throws -> [ParsedFile] {
        var parsed = try parse(paths: paths, kind: kind, mapping: mapping, vectors: vectors, streaming: streaming)
        guard let source else { return parsed }
        guard !source.isEmpty, !globalSources.contains(source) else {
            throw GeoError.invalid(field: .source, reason: "'\(source)' is not a name a file's records can take: give a name of your own")
        }
        @Sendable func rename(_ file: inout ParsedFile) {
            for r in file.records.indices where !globalSources.contains(file.records[r].value.source ?? "") {
                file.records[r].value.source = source
            }
        }
        for f in parsed.indices {
            rename(&parsed[f])
            parsed[f].stream = parsed[f].stream?.map { batch, _ in rename(&batch) }
        }
        return parsed
    }

    /// The sources of files that are their sources' whole snapshot (the travel guide's feed): an
    /// import replaces them unless told to keep what they no longer have.
    public static func snapshotSources(_ parsed: [ParsedFile]) -> Set<String> {
        Set(parsed.filter { $0.snapshotLanguages != nil }.flatMap { $0.records.compactMap(\.value.source) })
    }

    /// `mapping` applies to GeoJSON, CSV and GDAL's formats; GPX, GeoNames dumps and the travel
    /// guide's feed have fixed fields of their own, and refuse one. With `streaming`, CSV files and
    /// GDAL's formats are read inside the import, a batch at a time (`ParsedFile.stream`); else now, whole.
    public static func parse(paths: [String], kind: FeatureKind? = nil, mapping: FieldMapping = .none,
                             vectors: (any VectorFileReader)? = nil, streaming: Bool = false) throws -> [ParsedFile] {
        func read(_ file: ParsedFile) throws -> ParsedFile { streaming ? file : try file.materialized() }
        var parsed: [ParsedFile] = []
        var feed: [(data: Data, file: String, language: String)] = []
        for path in paths {
            guard let format = ImportFormat.detect(path: path) else {
                guard let vectors else {
                    throw ImportProblem(file: path, record: "file",
                                        reason: "unknown format; use .geojson, .json, .csv, .gpx, the travel guide's .xml or a GeoNames dump's .txt")
                }
                parsed.append(try read(vectors.parse(path: path, kind: kind, mapping: mapping)))
                continue
            }
            if mapping != .none, [.gpx, .geonames, .travelGuide].contains(format) {
                throw GeoError.invalid(field: mapping.renamesNothing ? .category : .fieldMapping,
                                       reason: "\(path) is a file of fixed fields (GPX, a GeoNames dump, the travel guide's feed); a mapping names a GeoJSON, CSV or other vector file's fields")
            }
            if format == .csv {
                // A geometry as WKT (a line, an area: as `waymark export` writes any CSV) is read through GDAL.
                let head = try contents(of: path, upTo: 1 << 16)
                if let vectors, CSVParser.namesWKTColumn(head) {
                    parsed.append(try read(vectors.parse(path: path, kind: kind, mapping: mapping)))
                } else {
                    parsed.append(try read(CSVParser.stream(path: path, kind: kind, mapping: mapping)))
                }
                continue
            }
            let data = try contents(of: path, upTo: nil)
            switch format {
            case .geojson: parsed.append(try GeoJSONParser.parse(data, file: path, kind: kind, mapping: mapping))
            case .csv: break
            case .gpx: parsed.append(try GPXParser.parse(data, file: path))
            case .geonames: parsed.append(try GeoNamesParser.parse(data, file: path, kind: kind))
            case .travelGuide:
                let name = URL(fileURLWithPath: path).lastPathComponent
                feed.append((data, path, TravelGuideFeedParser.language(forFileName: name)))
            }
        }
        if !feed.isEmpty { parsed.append(try TravelGuideFeedParser.parse(feed)) }
        return parsed
    }

    /// The file's bytes, or its first `limit` bytes.
    private static func contents(of path: String, upTo limit: Int?) throws -> Data {
        do {
            guard let limit else { return try Data(contentsOf: URL(fileURLWithPath: path)) }
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return try handle.read(upToCount: limit) ?? Data()
        } catch {
            throw ImportProblem(file: path, record: "file", reason: "cannot read: \(error.localizedDescription)")
        }
    }
}
