import Foundation

/// The JSON of the columns that hold a map of strings (names, descriptions by language) or a list
/// of strings (image URLs). Every row a query or a map fetches decodes its names, and Foundation's
/// JSONDecoder cost more than the rest of reading the row (BENCHMARKS.md), so these two shapes are
/// read here by hand; anything else about them is malformed (nil).
package enum JSON {
    /// Most records have no translations or images: skip the encoder for them (bulk imports).
    package static func text(_ value: [String: String]) -> String { value.isEmpty ? "{}" : encoded(value) }
    package static func text(_ value: [String]) -> String { value.isEmpty ? "[]" : encoded(value) }

    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "null"
    }

    // Read as Foundation's JSONDecoder reads them (the tests' oracle), so that no stored value
    // reads differently: a trailing comma is allowed, and a key given twice keeps its first value.

    /// `{"key": "value", …}`.
    package static func decode(_: [String: String].Type, _ text: String?) -> [String: String]? {
        // As `text(_:)` writes no names: most rows.
        if text == "{}" { return [:] }
        return read(text) { reader throws(JSONReader.Failure) in
            var map: [String: String] = [:]
            try reader.object { key, reader throws(JSONReader.Failure) in
                let value = try reader.string()
                if map[key] == nil { map[key] = value }
            }
            return map
        }
    }

    /// `["value", …]`.
    package static func decode(_: [String].Type, _ text: String?) -> [String]? {
        read(text) { reader throws(JSONReader.Failure) in
            var list: [String] = []
            try reader.array { _, reader throws(JSONReader.Failure) in list.append(try reader.string()) }
            return list
        }
    }

    /// The value `body` reads from the whole of `text`, nil when it is malformed or anything but white space follows it.
    private static func read<T>(_ text: String?, _ body: (inout JSONReader) throws(JSONReader.Failure) -> T) -> T? {
        guard var text else { return nil }
        return text.withUTF8 { bytes in
            var reader = JSONReader(bytes: bytes)
            do {
                let value = try body(&reader)
                try reader.end()
                return value
            } catch {
                return nil
            }
        }
    }
}
