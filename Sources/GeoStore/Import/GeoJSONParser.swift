import Foundation
import GeoCore

/// RFC 7946 GeoJSON: a FeatureCollection, or a single Feature. Problems name "feature N" (0-based).
///
/// Without a forced `kind`, a feature's category decides its table: cinema → cinemas, water (or
/// `kind=water_*` as in our OSM-derived files) → waters, anything else → places. Places and
/// cinemas need a Point or a null geometry (kept without location); waters need a line or an
/// area. Trips come from GPX, so `kind: .trip` is refused for the whole file.
public enum GeoJSONParser {
    public static func parse(_ data: Data, file: String, kind: FeatureKind?) throws(ImportProblem) -> ParsedFile {
        func unreadable(_ reason: String) -> ImportProblem { ImportProblem(file: file, record: "file", reason: reason) }
        guard kind != .trip else { throw unreadable("trips are imported from GPX, not GeoJSON") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw unreadable("not valid JSON" + (detail.map { ": \($0)" } ?? ""))
        }
        let features: [Any]
        switch (root as? [String: Any])?["type"] as? String {
        case "FeatureCollection":
            guard let list = (root as? [String: Any])?["features"] as? [Any] else {
                throw unreadable("the FeatureCollection has no features array")
            }
            features = list
        case "Feature":
            features = [root]
        default:
            throw unreadable("not a GeoJSON FeatureCollection or Feature")
        }
        var parsed = ParsedFile(file: file)
        let fileName = Properties.fileName(of: file)
        for (index, feature) in features.enumerated() {
            parsed.collect("feature \(index)") { () throws(GeoError) in try record(feature, fileName: fileName, kind: kind) }
        }
        return parsed
    }

    private static func record(_ feature: Any, fileName: String, kind: FeatureKind?) throws(GeoError) -> ImportRecord {
        guard let feature = feature as? [String: Any], feature["type"] as? String == "Feature" else {
            throw .invalid(field: "type", reason: "not a GeoJSON Feature")
        }
        let rawProperties = feature["properties"] as? [String: Any] ?? [:]
        let properties = Properties(rawProperties, text)
        let geometry = try self.geometry(feature["geometry"])
        let id = feature["id"].flatMap(text)
        let category = properties.category ?? "other"
        switch kind ?? properties.kind(category: category) {
        case .water:
            return .water(properties.water(geometry: try area(geometry), fileName: fileName, id: id))
        case .cinema:
            var cinema = try properties.cinema(location: try point(geometry, of: "cinema"), fileName: fileName, id: id)
            cinema.screenings = try screenings(rawProperties["screenings"], zone: TimeZone(identifier: cinema.timezone) ?? ISOTime.utc)
            return .cinema(cinema)
        default:
            return .place(try properties.place(category: category, location: try point(geometry, of: "place"), fileName: fileName, id: id))
        }
    }

    /// A JSON scalar as property text; arrays and objects are not flat properties.
    private static func text(_ value: Any) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    private static func point(_ geometry: Geometry?, of what: String) throws(GeoError) -> Coordinate? {
        switch geometry {
        case nil: return nil
        case let .point(c)?: return c
        case let other?: throw .invalid(field: "geometry", reason: "a \(what) needs a Point, got a \(other.typeName)")
        }
    }

    private static func area(_ geometry: Geometry?) throws(GeoError) -> Geometry {
        guard let geometry else { throw .invalid(field: "geometry", reason: "missing; a water needs a line or an area") }
        switch geometry {
        case .point, .multiPoint: throw .invalid(field: "geometry", reason: "a water needs a line or an area, got a \(geometry.typeName)")
        default: return geometry
        }
    }

    /// The feature's geometry, validated; nil for a null (unlocated) geometry.
    private static func geometry(_ value: Any?) throws(GeoError) -> Geometry? {
        guard let value else { return nil }
        // The object first: on Linux, `is NSNull` would bridge a dictionary to an NSDictionary.
        guard let object = value as? [String: Any] else {
            if value is NSNull { return nil }
            throw .invalid(field: "geometry", reason: "not a GeoJSON geometry object")
        }
        guard let type = object["type"] as? String else {
            throw .invalid(field: "geometry", reason: "not a GeoJSON geometry object")
        }
        let coordinates = object["coordinates"] as Any
        let geometry: Geometry
        switch type {
        case "Point": geometry = .point(try position(coordinates))
        case "MultiPoint": geometry = .multiPoint(try list(coordinates, position))
        case "LineString": geometry = .lineString(try list(coordinates, position))
        case "MultiLineString": geometry = .multiLineString(try list(coordinates) { v throws(GeoError) in try list(v, position) })
        case "Polygon": geometry = .polygon(try list(coordinates) { v throws(GeoError) in try list(v, position) })
        case "MultiPolygon":
            geometry = .multiPolygon(try list(coordinates) { p throws(GeoError) in
                try list(p) { v throws(GeoError) in try list(v, position) }
            })
        default: throw .invalid(field: "geometry", reason: "type '\(type)' is not supported")
        }
        try geometry.validate(field: "geometry")
        return geometry
    }

    private static func list<T>(_ value: Any, _ element: (Any) throws(GeoError) -> T) throws(GeoError) -> [T] {
        guard let items = value as? [Any] else { throw .invalid(field: "geometry", reason: "coordinates must be an array") }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(try element(item)) }
        return result
    }

    private static func position(_ value: Any) throws(GeoError) -> Coordinate {
        guard let numbers = value as? [Any], numbers.count >= 2,
              let lon = numbers[0] as? Double, let lat = numbers[1] as? Double else {
            throw .invalid(field: "geometry", reason: "a position must be [lon, lat]")
        }
        return Coordinate(lat: lat, lon: lon)
    }

    /// A cinema's programme: `[{title, start, minutes?, rating?, version?}]`. `start` is ISO 8601
    /// with an offset, or local time ("2012-05-08T11:00") in the cinema's zone.
    private static func screenings(_ value: Any?, zone: TimeZone) throws(GeoError) -> [Screening] {
        guard let value, !(value is NSNull) else { return [] }
        guard let items = value as? [Any] else { throw .invalid(field: "screenings", reason: "must be an array") }
        var result: [Screening] = []
        for (k, item) in items.enumerated() {
            let field = "screenings[\(k)]"
            guard let item = item as? [String: Any] else { throw .invalid(field: field, reason: "must be an object") }
            guard let title = (item["title"] as? String)?.nonEmpty else { throw .invalid(field: "\(field).title", reason: "missing") }
            guard let startText = item["start"] as? String else { throw .invalid(field: "\(field).start", reason: "missing") }
            guard let start = ISOTime.date(startText, localTo: zone) else {
                throw .invalid(field: "\(field).start", reason: "'\(startText)' is not an ISO 8601 date-time")
            }
            var screening = Screening(title: title, start: start)
            if let minutes = item["minutes"] {
                guard let m = minutes as? Int, m > 0 else {
                    throw .invalid(field: "\(field).minutes", reason: "'\(minutes)' is not a positive whole number")
                }
                screening.minutes = m
            }
            screening.rating = (item["rating"] as? String)?.nonEmpty
            screening.version = (item["version"] as? String)?.nonEmpty
            result.append(screening)
        }
        return result
    }
}
