import Foundation
import GeoCore

/// The flat text attributes of one record — a GeoJSON feature's properties or a CSV row — and
/// how both turn into records. Keys are matched in lower case; blank values count as absent.
///
/// Only the attributes something reads are kept: each known key in its own slot (no hashing per
/// lookup), and the per-language `name:xx` / `description:xx` variants. A CSV file resolves its
/// columns to slots once (`Properties.Columns`), so a row costs no key handling at all.
struct Properties {
    /// Every key a record is built from; the raw value is the key as matched (trimmed, lower case).
    enum Key: Int, CaseIterable {
        case category, kind, name, description, address
        // Other names of the thing (`alternateNames`): OSM's, GeoNames' comma-separated list, and
        // Waymark's own output (`alt_names`, ';'-separated).
        case altName, oldName, officialName, shortName, locName, intName, natName, regName, alternateNames, altNames
        case addrStreet, addrHousenumber, addrPostcode, addrCity
        case phone, contactPhone, mobile, contactMobile, email, contactEmail, website, contactWebsite
        case image, timezone, osmType, osmID, geonameID, id
        // A record's identity as `waymark export` writes it (`ExportedFeature`), read only beside
        // the export's own `waymark_id`: other data's `source` and `source_id` are theirs.
        case source, sourceID, waymarkID
        case district, organisation, `operator`
        // A place's population: OSM's and GeoNames' `population`, Natural Earth's `pop_max`.
        case population, popMax
        // A trip's (GeoJSON only; `water` names the water it was on).
        case start, end, notes, weather
        // The OSM tags OSMCategoryMapping reads (water and waterway also give a water's kind).
        case amenity, tourism, historic, leisure, sport, natural, waterway, water, place

        var text: String {
            switch self {
            case .category: "category"
            case .kind: "kind"
            case .name: "name"
            case .description: "description"
            case .address: "address"
            case .altName: "alt_name"
            case .oldName: "old_name"
            case .officialName: "official_name"
            case .shortName: "short_name"
            case .locName: "loc_name"
            case .intName: "int_name"
            case .natName: "nat_name"
            case .regName: "reg_name"
            case .alternateNames: "alternatenames"
            case .altNames: "alt_names"
            case .addrStreet: "addr:street"
            case .addrHousenumber: "addr:housenumber"
            case .addrPostcode: "addr:postcode"
            case .addrCity: "addr:city"
            case .phone: "phone"
            case .contactPhone: "contact:phone"
            case .mobile: "mobile"
            case .contactMobile: "contact:mobile"
            case .email: "email"
            case .contactEmail: "contact:email"
            case .website: "website"
            case .contactWebsite: "contact:website"
            case .image: "image"
            case .timezone: "timezone"
            case .osmType: "osm_type"
            case .osmID: "osm_id"
            case .geonameID: "geonameid"
            case .id: "id"
            case .source: "source"
            case .sourceID: "source_id"
            case .waymarkID: "waymark_id"
            case .district: "district"
            case .organisation: "organisation"
            case .operator: "operator"
            case .population: "population"
            case .popMax: "pop_max"
            case .start: "start"
            case .end: "end"
            case .notes: "notes"
            case .weather: "weather"
            case .amenity: "amenity"
            case .tourism: "tourism"
            case .historic: "historic"
            case .leisure: "leisure"
            case .sport: "sport"
            case .natural: "natural"
            case .waterway: "waterway"
            case .water: "water"
            case .place: "place"
            }
        }

        static let byText: [String: Key] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.text, $0) })

        /// A name of the thing, in any language or list: text only.
        var isName: Bool {
            switch self {
            case .name, .altName, .oldName, .officialName, .shortName, .locName, .intName, .natName, .regName, .alternateNames, .altNames: true
            default: false
            }
        }
    }

    /// The keys whose per-language variants are read: `name:lv`, `description:en`, `alt_name:sv`…
    enum LocalizedKey: CaseIterable {
        case name, description, altName, oldName, officialName, shortName, locName
        var key: Key {
            switch self {
            case .name: .name
            case .description: .description
            case .altName: .altName
            case .oldName: .oldName
            case .officialName: .officialName
            case .shortName: .shortName
            case .locName: .locName
            }
        }
    }

    /// What one (normalised) key is to a record.
    enum Slot {
        case known(Key)
        case localized(LocalizedKey, language: String)
        case ignored

        init(_ key: String) {
            if let known = Key.byText[key] { self = .known(known); return }
            // A Shapefile's field names hold ten bytes: `waymark export` writes `descr`, `descr_lv`.
            if key == "descr" || key.hasPrefix("descr_") { self.init("description" + key.dropFirst(5)); return }
            for localized in LocalizedKey.allCases {
                if let language = Properties.language(of: key, variantOf: localized.key.text) {
                    self = .localized(localized, language: language)
                    return
                }
            }
            self = .ignored
        }
    }

    /// Where each known key's value is in `values`, by `Key.rawValue`; -1 for none. A CSV file's
    /// rows share their header's.
    private var index: [Int]
    /// The values `index` points to. Blank ones count as absent: they are trimmed when read.
    private var values: [String]
    /// Per-language variants in the order they were given: (normalised key, language, value).
    private(set) var variants: [(key: String, localized: LocalizedKey, language: String, value: String)] = []

    /// A GeoJSON feature's `properties` (an object, else none). Of a key given twice the last
    /// counts, as when Foundation read the file; a value is only looked at when its key is read.
    init(json properties: JSONValue) throws(GeoError) {
        index = Array(repeating: -1, count: Key.allCases.count)
        values = []
        guard case let .object(members) = properties else { return }
        for (key, value) in members.reversed() {
            try add(key) { slot throws(GeoError) in
                switch slot {
                case .known(.id): try Self.identifier(value, field: key)
                case let .known(known) where known.isName: try Self.name(value, field: key)
                case let .localized(localized, _) where localized.key.isName: try Self.name(value, field: key)
                default: try Self.text(value, field: key)
                }
            }
        }
    }

    /// A JSON value as property text: a string, or a number as written; nil (absent) for null,
    /// arrays and objects. A boolean is refused (Foundation's reader made `true` the text "1").
    static func text(_ value: JSONValue, field: String) throws(GeoError) -> String? {
        switch value {
        case .bool: throw .invalid(field: .record(field), reason: "\(value.shown) is a boolean, not text or a number")
        case .string, .number: value.text
        case .null, .array, .object: nil
        }
    }

    /// A name: text only (a number, or a list of names, is no name a map can show as given).
    private static func name(_ value: JSONValue, field: String) throws(GeoError) -> String? {
        switch value {
        case .string: value.text
        case .null: nil
        case .bool, .number, .array, .object: throw .invalid(field: .record(field), reason: "\(value.shown) is \(value.kindName), not text")
        }
    }

    /// A feature's id (RFC 7946: a string or a number), stored as text: a string as it is, a
    /// number by its value up to 2^53 (1, 1.0 and 1e0 are one id, "1"; an integer beyond as written), so that the string "1" is the same id
    /// as the number 1 and "1.0" is not. Nil for null (no id); anything else is refused.
    static func identifier(_ value: JSONValue, field: String) throws(GeoError) -> String? {
        switch value {
        case .string: return value.text
        case .null: return nil
        case let .number(n, literal):
            // An integer as written (exact beyond Double's range), -0 as 0; any other number by its value.
            if n == 0 { return "0" }
            if literal.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { return literal }
            if n == n.rounded(), abs(n) <= 9_007_199_254_740_992 { return String(Int64(n)) }
            return "\(n)"
        case .bool, .array, .object: throw .invalid(field: .record(field), reason: "\(value.shown) is \(value.kindName), not text or a number")
        }
    }

    /// Adds one attribute unless its key already has a value: a key as given (trimmed and
    /// lower-cased here), its value made by `value` (told what the key is to a record) only when
    /// the key is one a record reads.
    private mutating func add(_ rawKey: String, _ value: (Slot) throws(GeoError) -> String?) throws(GeoError) {
        if let key = Key.byText[rawKey] { // already in normal form
            if index[key.rawValue] < 0, let value = try value(.known(key)) { add(key, value) }
            return
        }
        let key = rawKey.trimmed.lowercasedKey
        switch Slot(key) {
        case let .known(k):
            if index[k.rawValue] < 0, let value = try value(.known(k)) { add(k, value) }
        case let .localized(localized, language):
            if !variants.contains(where: { $0.key == key }), let value = try value(.localized(localized, language: language))?.nonEmpty {
                variants.append((key, localized, language, value))
            }
        case .ignored:
            break
        }
    }

    private mutating func add(_ key: Key, _ rawValue: String) {
        if index[key.rawValue] < 0, let value = rawValue.nonEmpty {
            index[key.rawValue] = values.count
            values.append(value)
        }
    }

    /// A CSV header resolved once: which columns a record is built from and what each is to it.
    /// Column names are unique (`CSVParser` refuses a header that repeats one).
    struct Columns {
        /// The columns read, in order; the others are never looked at.
        let used: [Int]
        /// Where each known key's value is in `used`, by `Key.rawValue`; -1 for none.
        fileprivate let index: [Int]
        fileprivate let variants: [(position: Int, key: String, localized: LocalizedKey, language: String)]

        /// `names` normalised: trimmed and lower-cased.
        init(_ names: [String]) {
            var used: [Int] = []
            var index = Array(repeating: -1, count: Key.allCases.count)
            var variants: [(position: Int, key: String, localized: LocalizedKey, language: String)] = []
            for (column, name) in names.enumerated() {
                switch Slot(name) {
                case let .known(key):
                    index[key.rawValue] = used.count
                    used.append(column)
                case let .localized(localized, language):
                    variants.append((used.count, name, localized, language))
                    used.append(column)
                case .ignored:
                    break
                }
            }
            self.used = used
            self.index = index
            self.variants = variants
        }
    }

    /// One CSV row: `field(column)` gives the text of a column (each of `columns.used` is asked once).
    init(_ columns: Columns, field: (Int) -> String) {
        index = columns.index
        values = columns.used.map(field)
        for variant in columns.variants {
            if let value = values[variant.position].nonEmpty {
                variants.append((variant.key, variant.localized, variant.language, value))
            }
        }
    }

    subscript(_ key: Key) -> String? {
        let i = index[key.rawValue]
        return i < 0 ? nil : values[i].nonEmpty
    }
    /// The first of the keys that has a value.
    subscript(_ key: Key, _ other: Key) -> String? { self[key] ?? self[other] }

    /// Per-language variants of `key`: `name:lv`, `name:en`, and the `name_en` some exports write.
    func localized(_ key: LocalizedKey) -> [String: String] {
        var result: [String: String] = [:]
        for variant in variants where variant.localized == key { result[variant.language] = variant.value }
        return result
    }

    /// The language of `key` when it is a per-language variant of `base` (`name:lv`, `name_en`), else nil.
    static func language(of key: String, variantOf base: String) -> String? {
        // Cheap rejection: a variant's UTF-8 starts with the base's.
        guard key.utf8.count > base.utf8.count + 1, key.utf8.starts(with: base.utf8) else { return nil }
        guard key.count > base.count + 1 && key.hasPrefix(base) else { return nil }
        let rest = key.dropFirst(base.count)
        let language = rest.dropFirst()
        guard rest.first == ":" || rest.first == "_", isLanguageTag(language) else { return nil }
        return String(language)
    }

    /// lv, en, cs, zh-hans…: two or three letters, optionally a subtag (keys are lower-cased).
    private static func isLanguageTag(_ tag: Substring) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count), parts.count <= 2 else { return false }
        return primary.allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Our category code: `category` itself when it is one of ours ("eat"); when it is an OSM tag
    /// ("amenity=restaurant", as in OSM-derived files) that tag is mapped first, then the raw OSM
    /// tags. Nil when nothing maps; callers choose the default.
    var category: String? {
        if let explicit = self[.category] {
            // Without an "=" byte there is no "=" character either: the code itself.
            guard explicit.utf8.contains(UInt8(ascii: "=")) else { return explicit.lowercasedKey }
            let tag = explicit.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            guard tag.count == 2 else { return explicit.lowercased() }
            if let code = OSMCategoryMapping.category(for: [tag[0]: tag[1]]) { return code }
        }
        if Self.osmKeys.allSatisfy({ index[$0.rawValue] < 0 }) { return nil } // no tag, nothing maps
        return OSMCategoryMapping.category { key in
            Key.byText[key].flatMap { self[$0] }
        }
    }

    /// The keys OSMCategoryMapping reads.
    private static let osmKeys: [Key] = OSMCategoryMapping.keys.map { key in
        guard let slot = Key.byText[key] else { preconditionFailure("Properties.Key lacks OSM key \(key)") }
        return slot
    }

    /// The table a record goes to when the caller does not force one.
    func kind(category: String) -> FeatureKind {
        // Before water: a trip's `water` (the name of the water it was on) maps to category water.
        if category == "trip" || self[.kind]?.lowercasedKey == "trip" { return .trip }
        // `"kind": "cinema"` as well as the category: a programme file says what it holds either way.
        if category == "cinema" || self[.kind]?.lowercasedKey == "cinema" { return .cinema }
        // Our OSM-derived water files mark every feature with kind=water_area or waterway_line,
        // and some of those carry no water tag at all.
        if category == "water" || self[.kind]?.hasPrefix("water") == true { return .water }
        return .poi
    }

    /// `address`, else composed from OSM's parts: "Kaisaniemenkatu 2, 00100 Helsinki".
    var address: String? {
        if let address = self[.address] { return address }
        if self[.addrStreet] == nil && self[.addrHousenumber] == nil && self[.addrPostcode] == nil && self[.addrCity] == nil {
            return nil
        }
        let street = [self[.addrStreet], self[.addrHousenumber]].compactMap { $0 }.joined(separator: " ")
        let town = [self[.addrPostcode], self[.addrCity]].compactMap { $0 }.joined(separator: " ")
        let parts = [street, town].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `name`, else any language's name; a place or cinema without one cannot be listed.
    func name() throws(GeoError) -> String {
        guard let name = self[.name] ?? localized(.name).min(by: { $0.key < $1.key })?.value else {
            throw .invalid(field: .record("name"), reason: "missing")
        }
        return name
    }

    func timezone() throws(GeoError) -> String? {
        guard let zone = self[.timezone] else { return nil }
        return try ianaZone(zone)
    }

    /// `population`, else `pop_max`: a whole number of people, at most ten billion. Natural
    /// Earth writes -99 in `pop_max` for a place whose population it does not know.
    func population() throws(GeoError) -> Int? {
        let (key, text): (Key, String)
        if let given = self[.population] {
            (key, text) = (.population, given)
        } else if let given = self[.popMax], given != "-99" {
            (key, text) = (.popMax, given)
        } else {
            return nil
        }
        // A decimal as written (`63534`, `6.3534e4`, `63534.0` from a real-typed column); the
        // bound keeps the value exact as a double.
        guard let value = DecimalNumber.parse(text) else { throw .invalid(field: .record(key.text), reason: "'\(text)' is not a number") }
        guard value >= 0 else { throw .invalid(field: .record(key.text), reason: "'\(text)' is negative") }
        guard value == value.rounded() else { throw .invalid(field: .record(key.text), reason: "'\(text)' is not a whole number") }
        guard value <= Self.largestPopulation else {
            throw .invalid(field: .record(key.text), reason: "'\(text)' is more than \(Int(Self.largestPopulation)), more people than live on Earth")
        }
        return Int(value)
    }

    static let largestPopulation = 1e10

    /// Where the record came from: its `source` and `source_id` as an export wrote them (beside its
    /// `waymark_id`), an OSM
    /// element ("osm", "node/123"), a GeoNames id, or else
    /// the file and the record's own id, and without one `content` (`contentKey`), so that a row
    /// without an id is not doubled when its file is imported again. `fileName` is the file's
    /// name, not its path (see `Properties.fileName(of:)`); `import --source` renames it.
    func source(fileName: String, id: String?, content: @autoclosure () -> String) -> (source: String, id: String) {
        // Only in an export: a `source` alone is OSM's tag for where a mapper took the data from.
        if self[.waymarkID] != nil, let source = self[.source], let sourceID = self[.sourceID] { return (source, sourceID) }
        if let type = self[.osmType], let osmID = self[.osmID] { return ("osm", "\(type)/\(osmID)") }
        if let geonameID = self[.geonameID] { return ("geonames", geonameID) }
        return (fileName, id ?? self[.id] ?? content())
    }

    /// The name `source` gives records that come from `file`; parsers work it out once per file.
    static func fileName(of file: String) -> String { (file as NSString).lastPathComponent }

    /// A place. Its category may not be a kind's code (water, cinema, trip): a filter by that code
    /// selects the kind, so such a place could never be found.
    func place(category: String, location: Coordinate?, fileName: String, id: String?) throws(GeoError) -> PlaceRecord {
        if FeatureKind(rawValue: category)?.impliedCategory != nil {
            throw .invalid(field: .record("category"),
                           reason: "'\(category)' names a kind, not a POI category; import the file with \(Field.kind) \(category)")
        }
        var place = PlaceRecord(category: category, name: try name(), location: location)
        if !variants.isEmpty {
            place.names = localized(.name)
            place.descriptions = localized(.description)
        }
        place.alternateNames = alternateNames(besides: place.name)
        place.description = self[.description]
        place.address = address
        place.phone = self[.phone, .contactPhone]
        place.mobilePhone = self[.mobile, .contactMobile]
        place.email = self[.email, .contactEmail]
        place.website = self[.website, .contactWebsite]
        place.images = self[.image].map { [$0] } ?? []
        place.timezone = try timezone()
        place.population = try population()
        (place.source, place.sourceID) = source(fileName: fileName, id: id, content: contentKey(name: place.name, time: nil, position: location))
        return place
    }

    /// A cinema; its programme's days are local to `timezone`, or when the data names none to the
    /// zone the import finds at its position.
    func cinema(location: Coordinate?, fileName: String, id: String?) throws(GeoError) -> CinemaRecord {
        var cinema = CinemaRecord(name: try name(), timezone: try timezone(), location: location)
        cinema.address = address
        cinema.alternateNames = alternateNames(besides: cinema.name)
        cinema.website = self[.website, .contactWebsite]
        (cinema.source, cinema.sourceID) = source(fileName: fileName, id: id, content: contentKey(name: cinema.name, time: nil, position: location))
        return cinema
    }

    /// A trip: `start` and `end` are ISO 8601, local to `zone` when they have no offset (to the
    /// zone the import finds, without one: `LocalTimes`); `water` names a stored water. Without an
    /// id its source id is `contentKey` of its name, start (as read) and `spot`.
    func trip(spot: Coordinate?, track: [Coordinate]?, zone: String?, fileName: String, id: String?) throws(GeoError) -> TripRecord {
        var trip = TripRecord(name: try name())
        trip.spot = spot
        trip.track = track
        trip.timezone = zone
        if let start = self[.start] {
            let read = try ISOTime.time(start, localTo: ISOTime.zone(zone), field: "start")
            (trip.start, trip.localTimes.start) = (read.date, zone == nil && read.isLocal)
        }
        if let end = self[.end] {
            let read = try ISOTime.time(end, localTo: ISOTime.zone(zone), field: "end")
            (trip.end, trip.localTimes.end) = (read.date, zone == nil && read.isLocal)
        }
        if let start = trip.start, let end = trip.end, end < start {
            throw .invalid(field: .record("end"), reason: "'\(self[.end]!)' is before start '\(self[.start]!)'")
        }
        trip.notes = self[.notes, .description]
        trip.weather = self[.weather]
        trip.waterName = self[.water]
        (trip.source, trip.sourceID) = source(fileName: fileName, id: id, content: contentKey(name: trip.name, time: trip.start, position: spot))
        return trip
    }

    /// A water; its kind is OSM's `water=*` (lake, pond, reservoir, river…), else `waterway=*`
    /// (river, stream, canal…), else plain "water" (as for natural=water).
    func water(geometry: Geometry, fileName: String, id: String?) -> WaterRecord {
        var water = WaterRecord(name: self[.name], waterKind: self[.water, .waterway] ?? "water", geometry: geometry)
        water.alternateNames = alternateNames(besides: water.name)
        water.district = self[.district]
        water.organisation = self[.organisation, .operator]
        (water.source, water.sourceID) = source(fileName: fileName, id: id,
                                                content: contentKey(name: water.name ?? "", time: nil, position: geometry.coordinates.first))
        return water
    }
}
