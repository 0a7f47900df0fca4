import Foundation
import GeoCore

/// RFC 7946 GeoJSON: a FeatureCollection, or a single Feature. Problems name "feature N" (0-based).
///
/// Without a forced `kind`, a feature's category decides its table: trip (`category` or `kind`
/// "trip") → trips, cinema → cinemas, water (or `kind=water_*` as in our OSM-derived files) →
/// waters, anything else → places. Places, cinemas and trips may have a null geometry (kept
/// without location); otherwise places and cinemas need a Point, waters a line or an area. A
/// place's category may not be water, cinema or trip: those codes select whole kinds.
///
/// ### The angler's diary
///
/// A trip is a Feature whose geometry is a Point (the spot fished) or a LineString (the track
/// walked or rowed), imported with `--kind trip` or marked `"kind": "trip"`:
///
/// ```json
/// {"type": "Feature", "id": "2024-05-18-hracholusky",
///  "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
///  "properties": {"kind": "trip", "name": "Hracholusky, May morning",
///    "start": "2024-05-18T05:30", "end": "2024-05-18T11:00", "timezone": "Europe/Prague",
///    "water": "Hracholusky", "weather": "overcast, 14 °C", "notes": "Boilies by the dam",
///    "catches": [
///      {"species": "carp", "length_cm": 64, "weight_kg": 5.2, "time": "2024-05-18T06:40", "bait": "boilie",
///       "lat": 49.7903, "lon": 13.1497},
///      {"species": "pike", "length_cm": 71, "time": "2024-05-18T09:15+02:00"}]}}
/// ```
///
/// - `name` is required.
/// - `start`, `end` and each catch's `time` are ISO 8601 date-times; without an offset they are
///   local to the IANA zone in `timezone`, UTC when there is none. `end` may not be before `start`.
/// - `water` names a water already stored (or in the same import); the import fails otherwise.
/// - `notes` (else `description`) and `weather` are free text.
/// - `catches` is an array of objects: `species` (required), `length_cm` and `weight_kg`
///   (positive numbers), `time`, `bait`, and `lat` + `lon` (numbers, both or neither) where it
///   was caught. A bad catch makes its whole trip a problem, named like
///   `catches[1].weight_kg: '-2' is not a positive number`.
/// - The feature's `id` (or an `id` property) is the trip's source id, so that importing the
///   diary again updates its trips; without one it is `<name>@<start>` (`<name>@<lat>,<lon>` of
///   its spot when it has no start).
public enum GeoJSONParser {
    public static func parse(_ data: Data, file: String, kind: FeatureKind?) throws(ImportProblem) -> ParsedFile {
        func unreadable(_ reason: String) -> ImportProblem { ImportProblem(file: file, record: "file", reason: reason) }
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
        case .trip:
            let zone = try properties.timezone().flatMap(TimeZone.init(identifier:)) ?? ISOTime.utc
            let (spot, track): (Coordinate?, [Coordinate]?) = switch geometry {
            case nil: (nil, nil)
            case let .point(c)?: (c, nil)
            case let .lineString(cs)?: (cs.first, cs)
            case let other?:
                throw .invalid(field: "geometry", reason: "a trip needs a Point (its spot) or a LineString (its track), got a \(other.typeName)")
            }
            var trip = try properties.trip(spot: spot, track: track, zone: zone, fileName: fileName, id: id)
            trip.catches = try catches(rawProperties["catches"], zone: zone)
            return .trip(trip)
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

    /// The objects of an array property such as `screenings`, each with the name problems give it
    /// (`screenings[2]`); none when the property is absent or null.
    private static func objects(_ value: Any?, _ key: String) throws(GeoError) -> [(field: String, item: [String: Any])] {
        guard let value, !(value is NSNull) else { return [] }
        guard let items = value as? [Any] else { throw .invalid(field: key, reason: "must be an array") }
        var result: [(field: String, item: [String: Any])] = []
        for (k, item) in items.enumerated() {
            guard let item = item as? [String: Any] else { throw .invalid(field: "\(key)[\(k)]", reason: "must be an object") }
            result.append(("\(key)[\(k)]", item))
        }
        return result
    }

    /// The number `key` of a screening or catch object; nil when absent or null.
    private static func number(_ item: [String: Any], _ key: String, in field: String, positive: Bool = false) throws(GeoError) -> Double? {
        guard let value = item[key], !(value is NSNull) else { return nil }
        guard let number = value as? Double, number.isFinite, !positive || number > 0 else {
            throw .invalid(field: "\(field).\(key)", reason: "'\(value)' is not a \(positive ? "positive " : "")number")
        }
        return number
    }

    /// A cinema's programme: `[{title, start, minutes?, rating?, version?}]`. `start` is ISO 8601
    /// with an offset, or local time ("2012-05-08T11:00") in the cinema's zone.
    private static func screenings(_ value: Any?, zone: TimeZone) throws(GeoError) -> [Screening] {
        var result: [Screening] = []
        for (field, item) in try objects(value, "screenings") {
            guard let title = (item["title"] as? String)?.nonEmpty else { throw .invalid(field: "\(field).title", reason: "missing") }
            guard let startText = item["start"] as? String else { throw .invalid(field: "\(field).start", reason: "missing") }
            let start = try ISOTime.date(startText, localTo: zone, field: "\(field).start")
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

    /// A trip's catches: `[{species, length_cm?, weight_kg?, time?, bait?, lat?, lon?}]`. `time`
    /// is ISO 8601 with an offset, or local time in the trip's zone.
    private static func catches(_ value: Any?, zone: TimeZone) throws(GeoError) -> [CatchRecord] {
        var result: [CatchRecord] = []
        for (field, item) in try objects(value, "catches") {
            guard let species = (item["species"] as? String)?.nonEmpty else { throw .invalid(field: "\(field).species", reason: "missing") }
            var fish = CatchRecord(species: species)
            fish.lengthCm = try number(item, "length_cm", in: field, positive: true)
            fish.weightKg = try number(item, "weight_kg", in: field, positive: true)
            if let time = item["time"], !(time is NSNull) {
                fish.time = try ISOTime.date(time as? String ?? "\(time)", localTo: zone, field: "\(field).time")
            }
            fish.bait = (item["bait"] as? String)?.nonEmpty
            fish.location = try Position.parse(lat: number(item, "lat", in: field), lon: number(item, "lon", in: field),
                                               latField: "\(field).lat", lonField: "\(field).lon")
            result.append(fish)
        }
        return result
    }
}
