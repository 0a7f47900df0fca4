import Foundation
import GeoCore

/// Time zone polygons as GeoJSON: a FeatureCollection whose features carry the IANA zone in a
/// `tzid` property and a Polygon or MultiPolygon geometry (timezone-boundary-builder's files and
/// the PyPI timezonefinder-data set). A MultiPolygon becomes one polygon per part, each found by
/// its own box. Problems name "feature N" (0-based) as for any GeoJSON import.
public enum ZoneFileParser {
    public static func parse(path: String) throws -> ZoneFile {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ImportProblem(file: path, record: "file", reason: "cannot read: \(error.localizedDescription)")
        }
        return try parse(data, file: path)
    }

    public static func parse(_ data: Data, file: String) throws(ImportProblem) -> ZoneFile {
        var parsed = ZoneFile(file: file)
        try GeoJSONParser.features(of: data, file: file, restart: { parsed = ZoneFile(file: file) }) { feature, index in
            do throws(GeoError) {
                try add(feature, to: &parsed)
            } catch {
                parsed.reject("feature \(index)", error.description)
            }
        }
        return parsed
    }

    private static func add(_ feature: JSONValue, to parsed: inout ZoneFile) throws(GeoError) {
        guard feature["type"]?.string == "Feature" else { throw .invalid(field: .record("type"), reason: "not a GeoJSON Feature") }
        guard let tzid = feature["properties"]?["tzid"]?.string, !tzid.isEmpty else {
            throw .invalid(field: .record("tzid"), reason: "missing; each feature names its IANA zone in a tzid property")
        }
        let zone = try ianaZone(tzid, field: "tzid")
        // Planar: Antarctica/McMurdo's ring runs along 86° S from 150° W to 160° E the long way.
        let geometry = try GeoJSONParser.geometry(feature["geometry"], planar: true)
        if zone.hasPrefix("Etc/GMT") {
            parsed.oceanFeatures += 1
            return
        }
        switch geometry {
        case nil: parsed.featuresWithoutGeometry += 1
        case let .polygon(rings)?: parsed.polygons.append(ZonePolygon(zone: zone, rings: rings))
        case let .multiPolygon(parts)?: parsed.polygons += parts.map { ZonePolygon(zone: zone, rings: $0) }
        case let other?: throw .invalid(field: .record("geometry"), reason: "a time zone needs a Polygon or MultiPolygon, got a \(other.typeName)")
        }
    }
}
