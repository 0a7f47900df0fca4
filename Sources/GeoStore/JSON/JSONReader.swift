import GeoCore

/// RFC 8259 JSON read straight from UTF-8 bytes, one value at a time: an importer walks a large
/// array element by element (`array`), so that only the element in hand is ever a tree of
/// values, not the whole file. Read as Foundation reads JSON (JSONSerialization, JSONDecoder):
/// a trailing comma is allowed, leading zeros and numbers past Double's range are not.
/// The caller checks that the bytes are UTF-8; a string's bytes are taken as they stand.
struct JSONReader {
    /// Where and why the bytes are not JSON.
    struct Failure: Error {
        var reason: String
        /// Of the byte where reading stopped.
        var offset: Int
    }

    /// Arrays and objects nest at most this deep: each level is a frame on the stack.
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A byte order mark, as Foundation allows.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    // MARK: Structure

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Skips white space and `byte` when it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The next byte after white space, not taken; nil at the end.
    mutating func peek() -> UInt8? {
        skipSpace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Only white space is left.
    mutating func end() throws(Failure) {
        skipSpace()
        guard position == bytes.count else { throw failure("unexpected \(found) after the value") }
    }

    func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: position) }

    /// The next byte as a problem names it.
    private var found: String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        return (0x21...0x7E).contains(byte) ? "'\(Unicode.Scalar(byte))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// An object, each member's value read by `member` (given the key) before the next key is read.
    mutating func object(_ member: (String, inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        try items(from: UInt8(ascii: "{"), to: UInt8(ascii: "}"), what: "an object") { reader throws(Failure) in
            let key = try reader.string()
            guard reader.take(UInt8(ascii: ":")) else { throw reader.failure("expected ':' after a key, found \(reader.found)") }
            try member(key, &reader)
        }
    }

    /// An array, each element read by `element` (given its index) before the next.
    mutating func array(_ element: (Int, inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        var index = 0
        try items(from: UInt8(ascii: "["), to: UInt8(ascii: "]"), what: "an array") { reader throws(Failure) in
            try element(index, &reader)
            index += 1
        }
    }

    /// `open`, items separated by commas (a trailing one allowed), `close`.
    private mutating func items(from open: UInt8, to close: UInt8, what: String,
                                _ item: (inout JSONReader) throws(Failure) -> Void) throws(Failure) {
        guard take(open) else { throw failure("expected \(what), found \(found)") }
        guard depth < Self.maximumDepth else {
            position -= 1
            throw failure("arrays and objects nested deeper than \(Self.maximumDepth)")
        }
        depth += 1
        defer { depth -= 1 }
        while !take(close) {
            try item(&self)
            if take(close) { return }
            guard take(UInt8(ascii: ",")) else {
                throw failure("expected ',' or '\(Unicode.Scalar(close))' in \(what), found \(found)")
            }
        }
    }

    // MARK: Values

    /// The next value, whole.
    mutating func value() throws(Failure) -> JSONValue {
        switch peek() {
        case UInt8(ascii: "{")?:
            var members: [(key: String, value: JSONValue)] = []
            try object { key, reader throws(Failure) in members.append((key, try reader.value())) }
            return .object(members)
        case UInt8(ascii: "[")?:
            var elements: [JSONValue] = []
            try array { _, reader throws(Failure) in elements.append(try reader.value()) }
            return .array(elements)
        case UInt8(ascii: "\"")?: return .string(try string())
        case UInt8(ascii: "t")?: try word("true"); return .bool(true)
        case UInt8(ascii: "f")?: try word("false"); return .bool(false)
        case UInt8(ascii: "n")?: try word("null"); return .null
        case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return try number()
        default: throw failure("expected a value, found \(found)")
        }
    }

    private mutating func word(_ text: StaticString) throws(Failure) {
        let matched = text.withUTF8Buffer { word in
            position + word.count <= bytes.count && word.indices.allSatisfy { bytes[position + $0] == word[$0] }
        }
        guard matched else { throw failure("expected a value, found \(found)") }
        position += text.utf8CodeUnitCount
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, as written and as a Double.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard digits() > 0 else { throw failure("expected a digit, found \(found)") }
        guard bytes[integerStart] != UInt8(ascii: "0") || position - integerStart == 1 else {
            position = integerStart
            throw failure("a number with a leading zero")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("expected a digit after '.', found \(found)") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent, found \(found)") }
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<position])
        guard let value = DecimalNumber.parse(literal) else {
            position = start
            throw failure("a number out of Double's range")
        }
        return .number(value, literal: String(decoding: literal, as: UTF8.self))
    }

    /// A string with its escapes resolved.
    mutating func string() throws(Failure) -> String {
        guard take(UInt8(ascii: "\"")) else { throw failure("expected a string, found \(found)") }
        var text = ""
        while true {
            // The bytes up to the next quote or escape, as they stand.
            let run = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
                guard bytes[position] >= 0x20 else { throw failure("a control character (\(found)) in a string; escape it") }
                position += 1
            }
            guard position < bytes.count else { throw failure("a string not closed before the end of the file") }
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<position]), as: UTF8.self)
            position += 1
            if bytes[position - 1] == UInt8(ascii: "\"") { return text }
            guard position < bytes.count else { throw failure("a string not closed before the end of the file") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.unicodeScalars.append(Unicode.Scalar(escape))
            case UInt8(ascii: "b"): text.append("\u{08}")
            case UInt8(ascii: "f"): text.append("\u{0C}")
            case UInt8(ascii: "n"): text.append("\n")
            case UInt8(ascii: "r"): text.append("\r")
            case UInt8(ascii: "t"): text.append("\t")
            case UInt8(ascii: "u"): text.unicodeScalars.append(try escapedScalar())
            default:
                position -= 1
                throw failure("an unknown escape \\\(Unicode.Scalar(escape)) in a string")
            }
        }
    }

    /// The scalar of `\uXXXX` after its `\u`, with the `\uXXXX` of the low half when it is a high surrogate.
    private mutating func escapedScalar() throws(Failure) -> Unicode.Scalar {
        let unit = try hex4()
        switch unit {
        case 0xD800...0xDBFF:
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw failure("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
            }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw failure("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw failure("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string")
        default:
            return Unicode.Scalar(unit)!
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw failure("expected four hex digits after \\u, found end of file") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u, found \(found)")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
