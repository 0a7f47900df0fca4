import Foundation
import GeoCore

/// Query answers as RFC 7946 FeatureCollections: a stable string `id`, and properties `name`,
/// `category`, `kind` and, for distance queries, `distance_m`. A `next` member carries the cursor
/// of the following page (a foreign member, allowed by RFC 7946 §6.1).
///
/// Written by hand rather than through JSONEncoder, which on Linux took ten times as long as the
/// query itself for a page of two hundred features. Keys come in sorted order.
public enum GeoJSONOutput {
    public static func featureCollection(_ page: FeaturePage, language: String? = nil) -> Data {
        let json = JSONWriter()
        json.object {
            json.member("features") {
                json.array(page.features) { f in
                    json.object {
                        json.member("geometry") { json.geometry(f.geometry) }
                        json.member("id") { json.string(f.id.description) }
                        json.member("properties") { json.properties(properties(f, language: language)) }
                        json.member("type") { json.string("Feature") }
                    }
                }
            }
            if let next = page.next { json.member("next") { json.string(next.token) } }
            json.member("type") { json.string("FeatureCollection") }
        }
        return json.data
    }

    /// The same answer without GeoJSON's envelope:
    /// `{"features": [{id, name, category, kind, lat, lon, distance_m…}], "next": …}`.
    public static func plain(_ page: FeaturePage, language: String? = nil) -> Data {
        let json = JSONWriter()
        json.object {
            json.member("features") {
                json.array(page.features) { f in
                    var object = properties(f, language: language)
                    object["id"] = .text(f.id.description)
                    if case let .point(c) = f.geometry {
                        object["lat"] = .number(c.lat)
                        object["lon"] = .number(c.lon)
                    }
                    json.properties(object)
                }
            }
            if let next = page.next { json.member("next") { json.string(next.token) } }
        }
        return json.data
    }

    enum Value {
        case text(String), number(Double), null
    }

    static func properties(_ f: Feature, language: String?) -> [String: Value] {
        // Room for the members below at once, rather than growing on the way.
        var properties = [String: Value](minimumCapacity: f.properties.count + f.names.count + 6)
        for (key, value) in f.properties { properties[key] = .text(value) }
        properties["name"] = f.name(in: language).map(Value.text) ?? .null
        properties["category"] = .text(f.category)
        properties["kind"] = .text(f.id.kind.rawValue)
        if let address = f.address { properties["address"] = .text(address) }
        for (lang, name) in f.names { properties["name:\(lang)"] = .text(name) }
        if let d = f.distance { properties["distance_m"] = .number((d * 1000).rounded() / 1000) }
        return properties
    }
}

/// Appends JSON text (RFC 8259) to a byte buffer.
final class JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    var data: Data { Data(bytes) }

    func object(_ body: () -> Void) {
        open("{")
        body()
        close("}")
    }

    func array<T>(_ items: [T], _ element: (T) -> Void) {
        open("[")
        for item in items {
            separate()
            element(item)
            needsComma = true
        }
        close("]")
    }

    func member(_ key: String, _ value: () -> Void) {
        separate()
        string(key)
        bytes.append(UInt8(ascii: ":"))
        value()
        needsComma = true
    }

    func properties(_ values: [String: GeoJSONOutput.Value]) {
        object {
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                member(key) {
                    switch value {
                    case let .text(s): string(s)
                    case let .number(n): number(n)
                    case .null: bytes += Array("null".utf8)
                    }
                }
            }
        }
    }

    func geometry(_ g: Geometry) {
        func position(_ c: Coordinate) {
            bytes.append(UInt8(ascii: "["))
            number(c.lon)
            bytes.append(UInt8(ascii: ","))
            number(c.lat)
            bytes.append(UInt8(ascii: "]"))
        }
        func positions(_ cs: [Coordinate]) { array(cs, position) }
        func rings(_ rs: [[Coordinate]]) { array(rs, positions) }
        object {
            member("coordinates") {
                switch g {
                case let .point(c): position(c)
                case let .lineString(cs), let .multiPoint(cs): positions(cs)
                case let .polygon(rs), let .multiLineString(rs): rings(rs)
                case let .multiPolygon(ps): array(ps, rings)
                }
            }
            member("type") { string(g.typeName) }
        }
    }

    /// Shortest text that reads back as the same double; finite values only (all stored ones are).
    func number(_ n: Double) {
        bytes.append(contentsOf: (n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : n.description).utf8)
    }

    func string(_ s: String) {
        // Most text needs no escape: scanned and copied whole from its UTF-8 storage, not byte by
        // byte through the view (which took most of the time), and in one access to `bytes`
        // (every access to a class's stored property is checked at run time).
        var s = s
        let done = s.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            Self.quoted(utf8, into: &bytes)
            return true
        }
        if done { return }
        var escaped: [UInt8] = []
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): escaped += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: escaped += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: escaped += Array(String(format: "\\u%04x", b).utf8)
            default: escaped.append(b)
            }
        }
        Self.quoted(escaped, into: &bytes)
    }

    private static func quoted(_ text: some Collection<UInt8>, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: "\""))
    }

    private func open(_ bracket: Character) {
        separate()
        bytes.append(bracket.asciiValue!)
    }

    private func close(_ bracket: Character) {
        bytes.append(bracket.asciiValue!)
        needsComma = true
    }

    /// A comma when a value came before at this level.
    private func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }
}
