import Foundation

/// The JSON of the columns that hold a map of strings (names, descriptions by language) or a list
/// of strings (image URLs). Every row a query or a map fetches decodes its names, and Foundation's
/// JSONDecoder cost more than the rest of reading the row (a tile's fetch spent half its time in
/// it), so these two shapes are read here by hand; anything else about them is malformed (nil).
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
        read(text) { reader in
            var map: [String: String] = [:]
            let complete = reader.items(from: UInt8(ascii: "{"), to: UInt8(ascii: "}")) { reader in
                guard let key = reader.string(), reader.take(UInt8(ascii: ":")), let value = reader.string() else { return false }
                if map[key] == nil { map[key] = value }
                return true
            }
            return complete ? map : nil
        }
    }

    /// `["value", …]`.
    package static func decode(_: [String].Type, _ text: String?) -> [String]? {
        read(text) { reader in
            var list: [String] = []
            let complete = reader.items(from: UInt8(ascii: "["), to: UInt8(ascii: "]")) { reader in
                guard let value = reader.string() else { return false }
                list.append(value)
                return true
            }
            return complete ? list : nil
        }
    }

    /// The value `body` reads from the whole of `text`, nil when anything but white space follows it.
    private static func read<T>(_ text: String?, _ body: (inout Reader) -> T?) -> T? {
        guard var text else { return nil }
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            guard let value = body(&reader) else { return nil }
            reader.skipSpace()
            return reader.position == bytes.count ? value : nil
        }
    }

    /// RFC 8259's grammar for strings and the punctuation around them, over UTF-8.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        /// `open`, items separated by commas (each read by `item`, false when malformed), `close`.
        mutating func items(from open: UInt8, to close: UInt8, _ item: (inout Reader) -> Bool) -> Bool {
            guard take(open) else { return false }
            while !take(close) {
                guard item(&self) else { return false }
                if !take(UInt8(ascii: ",")) { return take(close) }
            }
            return true
        }

        /// Skips white space and `byte` when it comes next.
        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// A string with its escapes resolved; nil for a control character, a bad escape or a lone surrogate.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var text = ""
            while true {
                // The bytes up to the next quote or escape, as they stand.
                let run = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
                    guard bytes[position] >= 0x20 else { return nil }
                    position += 1
                }
                guard position < bytes.count else { return nil }
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<position]), as: UTF8.self)
                position += 1
                if bytes[position - 1] == UInt8(ascii: "\"") { return text }
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.unicodeScalars.append(Unicode.Scalar(escape))
                case UInt8(ascii: "b"): text.append("\u{08}")
                case UInt8(ascii: "f"): text.append("\u{0C}")
                case UInt8(ascii: "n"): text.append("\n")
                case UInt8(ascii: "r"): text.append("\r")
                case UInt8(ascii: "t"): text.append("\t")
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    text.unicodeScalars.append(scalar)
                default: return nil
                }
            }
        }

        /// The scalar of `\uXXXX` after its `\u`, with the `\uXXXX` of the low half when it is a high surrogate.
        private mutating func escapedScalar() -> Unicode.Scalar? {
            guard let unit = hex4() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { return nil }
                position += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF: return nil
            default: return Unicode.Scalar(unit)
            }
        }

        private mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }
    }
}
