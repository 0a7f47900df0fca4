import Foundation
import GeoCore

/// The flat text attributes of one record — a GeoJSON feature's properties or a CSV row — and
/// how both turn into records. Keys are matched in lower case; blank values count as absent.
struct Properties {
    private let values: [String: String]

    init(_ values: [String: String]) {
        var clean: [String: String] = [:]
        for (key, value) in values {
            let key = key.trimmed.lowercased()
            if clean[key] == nil, let value = value.nonEmpty { clean[key] = value }
        }
        self.values = clean
    }

    /// The first of `keys` that has a value.
    subscript(_ keys: String...) -> String? { keys.lazy.compactMap { values[$0] }.first }

    /// Per-language variants of `key`: `name:lv`, `name:en`, and the `name_en` some exports write.
    func localized(_ key: String) -> [String: String] {
        var result: [String: String] = [:]
        for (k, value) in values where k.count > key.count + 1 && k.hasPrefix(key) {
            let rest = k.dropFirst(key.count)
            let language = rest.dropFirst()
            guard rest.first == ":" || rest.first == "_", Self.isLanguageTag(language) else { continue }
            result[String(language)] = value
        }
        return result
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
        if let explicit = self["category"] {
            let tag = explicit.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            guard tag.count == 2 else { return explicit.lowercased() }
            if let code = OSMCategoryMapping.category(for: [tag[0]: tag[1]]) { return code }
        }
        return OSMCategoryMapping.category(for: values)
    }

    /// The table a record goes to when the caller does not force one.
    func kind(category: String) -> FeatureKind {
        if category == "cinema" { return .cinema }
        // Our OSM-derived water files mark every feature with kind=water_area or waterway_line,
        // and some of those carry no water tag at all.
        if category == "water" || self["kind"]?.hasPrefix("water") == true { return .water }
        return .poi
    }

    /// `address`, else composed from OSM's parts: "Kaisaniemenkatu 2, 00100 Helsinki".
    var address: String? {
        if let address = self["address"] { return address }
        let street = [self["addr:street"], self["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        let town = [self["addr:postcode"], self["addr:city"]].compactMap { $0 }.joined(separator: " ")
        let parts = [street, town].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `name`, else any language's name; a place or cinema without one cannot be listed.
    func name() throws(GeoError) -> String {
        guard let name = self["name"] ?? localized("name").min(by: { $0.key < $1.key })?.value else {
            throw .invalid(field: "name", reason: "missing")
        }
        return name
    }

    func timezone() throws(GeoError) -> String? {
        guard let zone = self["timezone"] else { return nil }
        return try ianaZone(zone)
    }

    /// Where the record came from: an OSM element ("osm", "node/123"), a GeoNames id, or else
    /// the file and the record's own id.
    func source(file: String, id: String?) -> (source: String, id: String?) {
        if let type = self["osm_type"], let osmID = self["osm_id"] { return ("osm", "\(type)/\(osmID)") }
        if let geonameID = self["geonameid"] { return ("geonames", geonameID) }
        // The file's name, not its path, so that importing it again from elsewhere updates the same rows.
        return ((file as NSString).lastPathComponent, id ?? self["id"])
    }

    func place(category: String, location: Coordinate?, file: String, id: String?) throws(GeoError) -> PlaceRecord {
        var place = PlaceRecord(category: category, name: try name(), location: location)
        place.names = localized("name")
        place.description = self["description"]
        place.descriptions = localized("description")
        place.address = address
        place.phone = self["phone", "contact:phone"]
        place.mobilePhone = self["mobile", "contact:mobile"]
        place.email = self["email", "contact:email"]
        place.website = self["website", "contact:website"]
        place.images = self["image"].map { [$0] } ?? []
        place.timezone = try timezone()
        (place.source, place.sourceID) = source(file: file, id: id)
        return place
    }

    /// A cinema; its programme's days are local to `timezone`, UTC when the data names none.
    func cinema(location: Coordinate?, file: String, id: String?) throws(GeoError) -> CinemaRecord {
        var cinema = CinemaRecord(name: try name(), timezone: try timezone() ?? "UTC", location: location)
        cinema.address = address
        cinema.website = self["website", "contact:website"]
        (cinema.source, cinema.sourceID) = source(file: file, id: id)
        return cinema
    }

    /// A water; its kind is OSM's `water=*` (lake, pond, reservoir, river…), else `waterway=*`
    /// (river, stream, canal…), else plain "water" (as for natural=water).
    func water(geometry: Geometry, file: String, id: String?) -> WaterRecord {
        var water = WaterRecord(name: self["name"], waterKind: self["water", "waterway"] ?? "water", geometry: geometry)
        water.district = self["district"]
        water.organisation = self["organisation", "operator"]
        (water.source, water.sourceID) = source(file: file, id: id)
        return water
    }
}
