import Foundation
import GeoCore

/// Appends JSON text (RFC 8259) to a byte buffer. A value type written through `inout`
/// closures: its accesses are checked when compiled, where a class's are checked at run time on
/// every append (BENCHMARKS.md).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    var data: Data { Data(bytes) }
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        open("{")
        body(&self)
        close("}")
    }

    mutating func array<T>(_ items: [T], _ element: (inout JSONWriter, T) -> Void) {
        open("[")
        for item in items {
            separate()
            element(&self, item)
            needsComma = true
        }
        close("]")
    }

    mutating func member(_ key: String, _ value: (inout JSONWriter) -> Void) {
        separate()
        string(key)
        bytes.append(UInt8(ascii: ":"))
        value(&self)
        needsComma = true
    }

    mutating func properties(_ values: [(key: String, value: GeoJSONOutput.Value)]) {
        object { json in
            for (key, value) in values { json.member(key) { $0.value(value) } }
        }
    }

    mutating func value(_ value: GeoJSONOutput.Value) {
        switch value {
        case let .text(s): string(s)
        case let .number(n): number(n)
        case .null: null()
        case let .bool(b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case let .objects(list): array(list) { json, members in json.properties(members) }
        }
    }

    /// A GeoJSON Feature, its keys sorted: `members` sort between `id` and `properties`.
    mutating func feature(_ f: Feature, id: String, properties: [(key: String, value: GeoJSONOutput.Value)],
                          members: [(key: String, value: GeoJSONOutput.Value)] = []) {
        object { json in
            // RFC 7946 §3.2: a feature without a position has a null geometry.
            json.member("geometry") { json in if f.isLocated { json.geometry(f.geometry) } else { json.null() } }
            json.member("id") { $0.string(id) }
            for (key, value) in members { json.member(key) { $0.value(value) } }
            json.member("properties") { $0.properties(properties) }
            json.member("type") { $0.string("Feature") }
        }
    }

    mutating func geometry(_ g: Geometry) {
        func position(_ json: inout JSONWriter, _ c: Coordinate) {
            json.bytes.append(UInt8(ascii: "["))
            json.number(c.lon)
            json.bytes.append(UInt8(ascii: ","))
            json.number(c.lat)
            json.bytes.append(UInt8(ascii: "]"))
        }
        func positions(_ json: inout JSONWriter, _ cs: [Coordinate]) { json.array(cs, position) }
        func rings(_ json: inout JSONWriter, _ rs: [[Coordinate]]) { json.array(rs, positions) }
        object { json in
            json.member("coordinates") { json in
                switch g {
                case let .point(c): position(&json, c)
                case let .lineString(cs), let .multiPoint(cs): positions(&json, cs)
                case let .polygon(rs), let .multiLineString(rs): rings(&json, rs)
                case let .multiPolygon(ps): json.array(ps, rings)
                }
            }
            json.member("type") { $0.string(g.typeName) }
        }
    }

    mutating func null() { bytes.append(contentsOf: "null".utf8) }

    /// Shortest text that reads back as the same double; finite values only (all stored ones are).
    mutating func number(_ n: Double) {
        bytes.append(contentsOf: (n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : n.description).utf8)
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { text(quoting: $0) }
    }

    /// One pass over the UTF-8 bytes: runs that need no escape (most text is one) are copied whole,
    /// not byte by byte.
    private mutating func text(quoting utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var run = 0
        for i in utf8.indices {
            let b = utf8[i]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<i]))
            run = i + 1
            switch b {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default: bytes += Array(String(format: "\\u%04x", b).utf8)
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        bytes.append(UInt8(ascii: bracket))
    }

    private mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = true
    }

    /// A comma when a value came before at this level.
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }
}
