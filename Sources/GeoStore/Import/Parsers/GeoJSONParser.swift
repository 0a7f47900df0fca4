import Foundation
import GeoCore

/// RFC 7946 GeoJSON: a FeatureCollection, or a single Feature. Problems name "feature N" (0-based).
///
/// Without a forced `kind`, a feature's category decides its table: trip (`category` or `kind`
/// "trip") → trips, cinema (`category` or `kind` "cinema") → cinemas, water (or `kind=water_*` as in our OSM-derived files) →
/// waters, anything else → places. Places, cinemas and trips may have a null geometry (kept
/// without location); otherwise places and cinemas need a Point, waters a line or an area. A
/// place's category may not be water, cinema or trip: those codes select whole kinds. A feature's
/// source id is its `id` (or `id` property, OSM element, GeoNames id), which a file may not
/// repeat (a string or a number, `Properties.identifier`: 1, 1.0 and "1" are one id); without one it is made of its content (`contentKey`: name and position), and such
/// features of one name and position are one record (the last wins).
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
///   local to the IANA zone in `timezone`; without one, to the zone of the trip's position (UTC
///   when the database has no zone polygons). `end` may not be before `start`.
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
    public static func parse(_ data: Data, file: String, kind: FeatureKind?, mapping: FieldMapping = .none) throws(ImportProblem) -> ParsedFile {
        let fileName = Properties.fileName(of: file)
        var parsed = ParsedFile(file: file)
        var ids = GivenIDs(labels: "feature ")
        try features(of: data, file: file, restart: { (parsed, ids) = (ParsedFile(file: file), GivenIDs(labels: "feature ")) }) { feature, index in
            var key: KeyDigest?
            var given = feature["id"] != nil
            if case let .object(members)? = feature["properties"] { given = given || members.contains { mapping.key($0.key) == "id" } }
            let label = "feature \(index)"
            let added = parsed.collect(label) { () throws(GeoError) in
                let record = try record(feature, fileName: fileName, kind: kind, mapping: mapping)
                key = try ids.check(record, given: given)
                return record
            }
            if added { ids.note(key, number: Int64(index)) }
        }
        return parsed
    }

    /// Reads the root object member by member and hands the features to `each` one at a time,
    /// with their index: only one feature's values are in memory at once. `restart` is called
    /// before the first feature of a features array (of two such arrays the last counts, as with
    /// any member given twice) or of a lone Feature.
    static func features(of data: Data, file: String, restart: () -> Void,
                         _ each: (JSONValue, Int) -> Void) throws(ImportProblem) {
        guard data.withUnsafeBytes(isValidUTF8) else {
            throw ImportProblem(file: file, record: "file", reason: "not valid JSON: not UTF-8 text")
        }
        // Data's withUnsafeBytes rethrows untyped errors: the typed one goes through a Result.
        try data.withUnsafeBytes { raw in
            Result { () throws(ImportProblem) in try read(raw.bindMemory(to: UInt8.self), file: file, restart: restart, each) }
        }.get()
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, restart: () -> Void,
                             _ each: (JSONValue, Int) -> Void) throws(ImportProblem) {
        func unreadable(_ reason: String) -> ImportProblem { ImportProblem(file: file, record: "file", reason: reason) }
        var reader = JSONReader(bytes: bytes)
        var members: [(key: String, value: JSONValue)] = []
        var featuresRead = false
        var isObject = true
        do throws(JSONReader.Failure) {
            if reader.peek() == UInt8(ascii: "{") {
                try reader.object { key, reader throws(JSONReader.Failure) in
                    guard key == "features", reader.peek() == UInt8(ascii: "[") else {
                        members.append((key, try reader.value()))
                        return
                    }
                    restart()
                    featuresRead = true
                    try reader.array { index, reader throws(JSONReader.Failure) in each(try reader.value(), index) }
                }
            } else {
                _ = try reader.value()
                isObject = false
            }
            try reader.end()
        } catch {
            throw unreadable("not valid JSON: \(error.reason) (\(place(of: error.offset, in: bytes)))")
        }
        guard isObject else { throw unreadable("not a GeoJSON FeatureCollection or Feature") }
        let root = JSONValue.object(members)
        switch root["type"]?.string {
        case "FeatureCollection":
            guard featuresRead else { throw unreadable("the FeatureCollection has no features array") }
        case "Feature":
            restart()
            each(root, 0)
        default:
            throw unreadable("not a GeoJSON FeatureCollection or Feature")
        }
    }

    /// "line L, column C" (1-based, columns in bytes) of a byte.
    private static func place(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let before = UnsafeBufferPointer(rebasing: bytes[..<min(offset, bytes.count)])
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }

    private static func record(_ feature: JSONValue, fileName: String, kind: FeatureKind?, mapping: FieldMapping) throws(GeoError) -> ImportRecord {
        guard feature["type"]?.string == "Feature" else {
            throw .invalid(field: .record("type"), reason: "not a GeoJSON Feature")
        }
        let geometry = try self.geometry(feature["geometry"])
        var id: String?
        if let value = feature["id"] { id = try Properties.identifier(value, field: "id") }
        return try record(properties: feature["properties"] ?? .null, geometry: geometry, id: id, fileName: fileName, kind: kind, mapping: mapping)
    }

    /// A feature's record from its parts, `geometry` validated: read from GeoJSON, or from any
    /// other format (`VectorRecords`); its properties' keys as `mapping` reads them.
    static func record(properties rawProperties: JSONValue, geometry: Geometry?, id: String?,
                       fileName: String, kind: FeatureKind?, mapping: FieldMapping) throws(GeoError) -> ImportRecord {
        var rawProperties = rawProperties
        if case let .object(members) = rawProperties {
            if !mapping.renamesNothing { rawProperties = .object(members.compactMap { key, value in mapping.key(key).map { ($0, value) } }) }
        } else {
            rawProperties = .object([])
        }
        let properties = try Properties(json: rawProperties)
        let category = mapping.category ?? properties.category ?? "other"
        switch kind ?? properties.kind(category: category) {
        case .water:
            return .water(properties.water(geometry: try area(geometry), fileName: fileName, id: id))
        case .cinema:
            var cinema = try properties.cinema(location: try point(geometry, of: "cinema"), fileName: fileName, id: id)
            (cinema.screenings, cinema.localTimes.items) = try screenings(rawProperties["screenings"], zone: cinema.timezone)
            cinema.programmeDays = try programmeDays(rawProperties["programme_days"])
            return .cinema(cinema)
        case .trip:
            let zone = try properties.timezone()
            let (spot, track): (Coordinate?, [Coordinate]?) = switch geometry {
            case nil: (nil, nil)
            case let .point(c)?: (c, nil)
            case let .lineString(cs)?: (cs.first, cs)
            case let other?:
                throw .invalid(field: .record("geometry"), reason: "a trip needs a Point (its spot) or a LineString (its track), got a \(other.typeName)")
            }
            var trip = try properties.trip(spot: spot, track: track, zone: zone, fileName: fileName, id: id)
            (trip.catches, trip.localTimes.items) = try catches(rawProperties["catches"], zone: zone)
            return .trip(trip)
        default:
            var place = try properties.place(category: category, location: try point(geometry, of: "place"), fileName: fileName, id: id)
            for image in images(rawProperties["images"]) where !place.images.contains(image) { place.images.append(image) }
            return .place(place)
        }
    }

    private static func point(_ geometry: Geometry?, of what: String) throws(GeoError) -> Coordinate? {
        switch geometry {
        case nil: return nil
        case let .point(c)?: return c
        case let other?: throw .invalid(field: .record("geometry"), reason: "a \(what) needs a Point, got a \(other.typeName)")
        }
    }

    private static func area(_ geometry: Geometry?) throws(GeoError) -> Geometry {
        guard let geometry else { throw .invalid(field: .record("geometry"), reason: "missing; a water needs a line or an area") }
        switch geometry {
        case .point, .multiPoint: throw .invalid(field: .record("geometry"), reason: "a water needs a line or an area, got a \(geometry.typeName)")
        default:
            try geometry.validateArea()
            return geometry
        }
    }

    /// The feature's geometry, validated (`Geometry.validate`, `planar` or not); nil for a null
    /// (unlocated) geometry.
    static func geometry(_ value: JSONValue?, planar: Bool = false) throws(GeoError) -> Geometry? {
        guard let value, !value.isNull else { return nil }
        guard let type = value["type"]?.string else {
            throw .invalid(field: .record("geometry"), reason: "not a GeoJSON geometry object")
        }
        let coordinates = value["coordinates"] ?? .null
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
        default: throw .invalid(field: .record("geometry"), reason: "type '\(type)' is not supported")
        }
        try geometry.validate(field: .record("geometry"), planar: planar)
        return geometry
    }

    private static func list<T>(_ value: JSONValue, _ element: (JSONValue) throws(GeoError) -> T) throws(GeoError) -> [T] {
        guard case let .array(items) = value else { throw .invalid(field: .record("geometry"), reason: "coordinates must be an array") }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(try element(item)) }
        return result
    }

    /// `[lon, lat]` or `[lon, lat, altitude]` (RFC 7946 §3.1.1; the altitude is not kept):
    /// numbers only (no booleans, which JSONSerialization once read as 1 and 0). More numbers
    /// mean something RFC 7946 leaves undefined (a measure, a time), so they are refused.
    private static func position(_ value: JSONValue) throws(GeoError) -> Coordinate {
        guard case let .array(numbers) = value, numbers.count >= 2,
              let lon = numbers[0].number, let lat = numbers[1].number else {
            throw .invalid(field: .record("geometry"), reason: "a position must be [lon, lat]")
        }
        guard numbers.count <= 3 else {
            throw .invalid(field: .record("geometry"), reason: "a position has \(numbers.count) numbers; RFC 7946 allows [lon, lat] or [lon, lat, altitude]")
        }
        if numbers.count == 3, numbers[2].number == nil {
            throw .invalid(field: .record("geometry"), reason: "a position's altitude must be a number")
        }
        return Coordinate(lat: lat, lon: lon)
    }

    /// The objects of an array property such as `screenings`, each with the name problems give it
    /// (`screenings[2]`); none when the property is absent or null.
    private static func objects(_ value: JSONValue?, _ key: String) throws(GeoError) -> [(field: String, item: JSONValue)] {
        guard let value, !value.isNull else { return [] }
        guard case let .array(items) = value else { throw .invalid(field: .record(key), reason: "must be an array") }
        var result: [(field: String, item: JSONValue)] = []
        for (k, item) in items.enumerated() {
            guard case .object = item else { throw .invalid(field: .record("\(key)[\(k)]"), reason: "must be an object") }
            result.append(("\(key)[\(k)]", item))
        }
        return result
    }

    /// A place's `images` besides its `image`: a list of texts (an export's, `ExportedFeature`), or
    /// one text; anything else in the list is not an image and is left out.
    private static func images(_ value: JSONValue?) -> [String] {
        switch value {
        case let .array(items)?: items.compactMap { $0.string?.nonEmpty }
        case let .string(text)?: text.nonEmpty.map { [$0] } ?? []
        default: []
        }
    }

    /// The number `key` of a screening or catch object; nil when absent or null.
    private static func number(_ item: JSONValue, _ key: String, in field: String, positive: Bool = false) throws(GeoError) -> Double? {
        guard let value = item[key], !value.isNull else { return nil }
        guard let number = value.number, number.isFinite, !positive || number > 0 else {
            throw .invalid(field: .record("\(field).\(key)"), reason: "'\(value.shown)' is not a \(positive ? "positive " : "")number")
        }
        return number
    }

    /// A cinema's programme: `[{title, start, minutes?, rating?, version?}]`. `start` is ISO 8601
    /// with an offset, or local time ("2012-05-08T11:00") in the cinema's zone; with the indexes
    /// of the local ones when the cinema names no zone (`LocalTimes`).
    private static func screenings(_ value: JSONValue?, zone: String?) throws(GeoError) -> ([Screening], Set<Int>) {
        var result: [Screening] = [], local = Set<Int>()
        for (field, item) in try objects(value, "screenings") {
            guard let title = item["title"]?.string?.nonEmpty else { throw .invalid(field: .record("\(field).title"), reason: "missing") }
            guard let startText = item["start"]?.string else { throw .invalid(field: .record("\(field).start"), reason: "missing") }
            let start = try ISOTime.time(startText, localTo: ISOTime.zone(zone), field: "\(field).start")
            if zone == nil, start.isLocal { local.insert(result.count) }
            var screening = Screening(title: title, start: start.date)
            if let minutes = item["minutes"], !minutes.isNull {
                guard let m = minutes.number, m > 0, m <= Double(Int32.max), m == m.rounded() else {
                    throw .invalid(field: .record("\(field).minutes"), reason: "'\(minutes.shown)' is not a positive whole number")
                }
                screening.minutes = Int(m)
            }
            screening.rating = item["rating"]?.string?.nonEmpty
            screening.version = item["version"]?.string?.nonEmpty
            result.append(screening)
        }
        return (result, local)
    }

    /// The days a cinema's file says it is about (`ProgrammeDays`): `["2012-05-08", …]`; nil when
    /// absent or null.
    private static func programmeDays(_ value: JSONValue?) throws(GeoError) -> [LocalDay]? {
        guard let value, !value.isNull else { return nil }
        guard case let .array(items) = value, !items.isEmpty else {
            throw .invalid(field: .record("programme_days"), reason: "must be a list of days, [\"YYYY-MM-DD\", …]")
        }
        var days: [LocalDay] = []
        for (i, item) in items.enumerated() {
            guard let text = item.string, let day = try? LocalDay(text) else {
                throw .invalid(field: .record("programme_days[\(i)]"), reason: "'\(item.shown)' is not a date in the form YYYY-MM-DD")
            }
            days.append(day)
        }
        return days
    }

    /// A trip's catches: `[{species, length_cm?, weight_kg?, time?, bait?, lat?, lon?}]`. `time`
    /// is ISO 8601 with an offset, or local time in the trip's zone; with the indexes of the local
    /// ones when the trip names no zone (`LocalTimes`).
    private static func catches(_ value: JSONValue?, zone: String?) throws(GeoError) -> ([CatchRecord], Set<Int>) {
        var result: [CatchRecord] = [], local = Set<Int>()
        for (field, item) in try objects(value, "catches") {
            guard let species = item["species"]?.string?.nonEmpty else { throw .invalid(field: .record("\(field).species"), reason: "missing") }
            var fish = CatchRecord(species: species)
            fish.lengthCm = try number(item, "length_cm", in: field, positive: true)
            fish.weightKg = try number(item, "weight_kg", in: field, positive: true)
            if let time = item["time"], !time.isNull {
                let read = try ISOTime.time(time.shown, localTo: ISOTime.zone(zone), field: "\(field).time")
                fish.time = read.date
                if zone == nil, read.isLocal { local.insert(result.count) }
            }
            fish.bait = item["bait"]?.string?.nonEmpty
            fish.location = try Position.parse(lat: number(item, "lat", in: field), lon: number(item, "lon", in: field),
                                               latField: "\(field).lat", lonField: "\(field).lon")
            result.append(fish)
        }
        return (result, local)
    }
}
