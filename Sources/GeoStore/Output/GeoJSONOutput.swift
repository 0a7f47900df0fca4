import Foundation
import GeoCore

/// Query answers as RFC 7946 FeatureCollections: a stable string `id`, and properties `name`
/// (and `description`, in the language asked for where the data has it),
/// `category`, `kind`, a place's `population` where known and, for distance queries, `distance_m`. A `next` member carries the cursor
/// of the following page, and a search's `total` its count of matches (foreign members, allowed by RFC 7946 §6.1).
///
/// Written by hand rather than through JSONEncoder, which on Linux took far longer than the query
/// itself (BENCHMARKS.md). Keys come in sorted order.
public enum GeoJSONOutput {
    public static func featureCollection(_ page: FeaturePage, language: String? = nil) -> Data {
        var members: [(key: String, value: Value)] = []
        if let next = page.next { members.append(("next", .text(next.token))) }
        if let total = page.total { members.append(("total", .number(Double(total)))) }
        return featureCollection(page, language: language, id: \.description, members: members)
    }

    /// The same with each feature's `id` as `id` writes it, and `members` in place of `next` and
    /// `total`: an OGC API – Features page, whose ids are a collection's own and whose paging is links.
    /// The members' keys sort after `features` and before `type`, so that keys stay sorted.
    public static func featureCollection(_ page: FeaturePage, language: String?, id: (FeatureID) -> String,
                                         members: [(key: String, value: Value)]) -> Data {
        assert(members.allSatisfy { $0.key > "features" && $0.key < "type" })
        var json = JSONWriter()
        json.object { json in
            json.member("features") { json in
                json.array(page.features) { json, f in json.feature(f, id: id(f.id), properties: properties(f, language: language, catches: page.catches[f.id])) }
            }
            for (key, value) in members.sorted(by: { $0.key < $1.key }) { json.member(key) { $0.value(value) } }
            json.member("type") { $0.string("FeatureCollection") }
        }
        return json.data
    }

    /// One feature of a page (the first), on its own: an OGC API – Features item, with `members`
    /// (keys sorting after `id` and before `properties`: its links) besides.
    public static func feature(_ page: FeaturePage, language: String?, id: (FeatureID) -> String, members: [(key: String, value: Value)]) -> Data? {
        assert(members.allSatisfy { $0.key > "id" && $0.key < "properties" })
        guard let f = page.features.first else { return nil }
        var json = JSONWriter()
        json.feature(f, id: id(f.id), properties: properties(f, language: language, catches: page.catches[f.id]), members: members)
        return json.data
    }

    /// The same answer without GeoJSON's envelope:
    /// `{"features": [{id, name, category, kind, lat, lon, distance_m…}], "next": …}`.
    public static func plain(_ page: FeaturePage, language: String? = nil) -> Data {
        var json = JSONWriter()
        json.object { json in
            json.member("features") { json in
                json.array(page.features) { json, f in
                    var extra: [(key: String, value: Value)] = [("id", .text(f.id.description))]
                    if case let .point(c) = f.geometry { extra += [("lat", .number(c.lat)), ("lon", .number(c.lon))] }
                    json.properties(properties(f, language: language, catches: page.catches[f.id], adding: extra))
                }
            }
            if let next = page.next { json.member("next") { $0.string(next.token) } }
            if let total = page.total { json.member("total") { $0.number(Double(total)) } }
        }
        return json.data
    }

    public enum Value: Sendable {
        case text(String), number(Double), bool(Bool), null
        /// An array of objects, each its members sorted by key (a trip's catches).
        case objects([[(key: String, value: Value)]])
    }

    /// A feature's members and `extra`, sorted by key, each key once: a detail named like one of
    /// them, or like a name (`name:*`), is left out. A list sorted in place, not a dictionary:
    /// hashing every key and then sorting them as well cost more than the sort alone.
    /// With `catches` (a trip's, after `withDetails`), a `catches` array whose times are in the trip's zone.
    static func properties(_ f: Feature, language: String?, catches: [CatchRecord]? = nil,
                           adding extra: [(key: String, value: Value)] = []) -> [(key: String, value: Value)] {
        var members: [(key: String, value: Value)] = []
        members.reserveCapacity(f.properties.count + f.names.count + extra.count + 6)
        members.append(("name", f.name(in: language).map(Value.text) ?? .null))
        members.append(("category", .text(f.category)))
        members.append(("kind", .text(f.id.kind.rawValue)))
        if let address = f.address { members.append(("address", .text(address))) }
        if let population = f.population { members.append(("population", .number(Double(population)))) }
        for (lang, name) in f.names { members.append(("name:\(lang)", .text(name))) }
        if let d = f.distance { members.append(("distance_m", .number((d * 1000).rounded() / 1000))) }
        // Every text kept per language is given in `language` where the data has it: the name above, the description here.
        if let description = language.flatMap({ f.properties["description:\($0)"] }) { members.append(("description", .text(description))) }
        members += extra
        if let catches {
            let zone = f.properties["timezone"].flatMap(TimeZone.init(identifier:)) ?? .gmt
            members.append(("catches", .objects(catches.map { $0.members(zone: zone) })))
        }
        // A trip's times as its catches': on the clock of its zone, with the offset.
        for key in ["start", "end"] where f.id.kind == .trip {
            if let local = f.localTime(key) { members.append((key, .text(local))) }
        }
        let fixed = members.count
        for (key, value) in f.properties where !key.hasPrefix("name:") && !members[..<fixed].contains(where: { $0.key == key }) {
            members.append((key, .text(value)))
        }
        members.sort { $0.key < $1.key }
        return members
    }
}
