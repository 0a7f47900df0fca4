import Foundation
import GeoCore

/// Query answers as RFC 7946 FeatureCollections: a stable string `id`, and properties `name`,
/// `category`, `kind` and, for distance queries, `distance_m`. A `next` member carries the cursor
/// of the following page (a foreign member, allowed by RFC 7946 §6.1).
public enum GeoJSONOutput {
    public static func featureCollection(_ page: FeaturePage, language: String? = nil) -> Data {
        encode(Collection(features: page.features.map { Item($0, language: language) }, next: page.next?.token))
    }

    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try! encoder.encode(value) // the types here always encode
    }

    struct Collection: Encodable {
        let type = "FeatureCollection"
        let features: [Item]
        let next: String?
    }

    struct Item: Encodable {
        let type = "Feature"
        let id: String
        let geometry: Geometry
        let properties: [String: Value]

        init(_ f: Feature, language: String?) {
            id = f.id.description
            geometry = f.geometry
            var properties = f.properties.mapValues(Value.text)
            properties["name"] = f.name(in: language).map(Value.text) ?? .null
            properties["category"] = .text(f.category)
            properties["kind"] = .text(f.id.kind.rawValue)
            if let address = f.address { properties["address"] = .text(address) }
            for (lang, name) in f.names { properties["name:\(lang)"] = .text(name) }
            if let d = f.distance { properties["distance_m"] = .number((d * 1000).rounded() / 1000) }
            self.properties = properties
        }
    }

    enum Value: Encodable {
        case text(String), number(Double), null

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .text(s): try container.encode(s)
            case let .number(n): try container.encode(n)
            case .null: try container.encodeNil()
            }
        }
    }
}

extension GeoJSONOutput {
    /// The same answer without GeoJSON's envelope: `{"features": [{id, name, category, kind, lat, lon, distance_m…}], "next": …}`.
    public static func plain(_ page: FeaturePage, language: String? = nil) -> Data {
        struct Plain: Encodable {
            let features: [[String: Value]]
            let next: String?
        }
        let features = page.features.map { f in
            var object = Item(f, language: language).properties
            object["id"] = .text(f.id.description)
            if case let .point(c) = f.geometry {
                object["lat"] = .number(c.lat)
                object["lon"] = .number(c.lon)
            }
            return object
        }
        return encode(Plain(features: features, next: page.next?.token))
    }
}
