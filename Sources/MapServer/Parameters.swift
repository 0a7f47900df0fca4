import Foundation
import GeoCore
import GeoStore
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// The query string of one request, read by name. Only the names a route declares are accepted,
/// so that a misspelt parameter (`categroy=eat`) is an error rather than silently ignored; every
/// value that cannot be read, or holds a control character (`TextRule.line`), is an `APIError`
/// naming its parameter.
struct Parameters {
    private let values: [String: String]
    private let declared: [String]

    init(_ uri: URI, declared: [String]) throws(APIError) {
        self.declared = declared
        var values: [String: String] = [:]
        for pair in (uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let raw = Self.decoded(parts[0]) ?? String(parts[0])
            guard let value = Self.decoded(parts.count == 2 ? parts[1] : "") else {
                throw .invalid(raw, "the value is not valid percent-encoded UTF-8")
            }
            guard declared.contains(raw) else {
                throw .invalid(raw, "unknown parameter; this route takes \(declared.isEmpty ? "none" : declared.joined(separator: ", "))")
            }
            // Every value, read by the server or by the page's script (`hide`).
            if let reason = TextRule.line.refusal(value) { throw .invalid(raw, reason.description) }
            guard values.updateValue(value, forKey: raw) == nil else { throw .invalid(raw, "given more than once") }
        }
        self.values = values
    }

    /// Decoded as an HTML form or URLSearchParams encodes it: '+' is a space; nil when a '%'
    /// escape is not UTF-8. Foundation's decoding only where there is something to decode: it
    /// took a tenth of a nearest request's time.
    private static func decoded(_ text: Substring) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The text of `name`; nil when absent. Present but empty is an error: `lat=` means a client bug.
    /// Empty is white space alone, any of Unicode's (the document's `\S`), U+2028 as well as a space.
    func text(_ name: String) throws(APIError) -> String? {
        assert(declared.contains(name), "\(name) is read but not declared (and so not in the OpenAPI document)")
        guard let value = values[name] else { return nil }
        guard !value.unicodeScalars.allSatisfy(\.properties.isWhitespace) else { throw .invalid(name, "is empty") }
        return value
    }

    func required(_ name: String) throws(APIError) -> String {
        guard let value = try text(name) else { throw .invalid(name, "is missing") }
        return value
    }

    /// A decimal number (no hex, infinities or NaN: `DecimalNumber`); the engine checks its range.
    func number(_ name: String) throws(APIError) -> Double? {
        guard let text = try text(name) else { return nil }
        guard let value = DecimalNumber.parse(text.trimmedOfSpaces) else { throw .invalid(name, "'\(text)' is not a number") }
        return value
    }

    func requiredNumber(_ name: String) throws(APIError) -> Double {
        guard let value = try number(name) else { throw .invalid(name, "is missing") }
        return value
    }

    func integer(_ name: String) throws(APIError) -> Int? {
        guard let text = try text(name) else { return nil }
        let trimmed = text.trimmedOfSpaces
        // Digits with an optional '-', as `DecimalNumber` reads numbers (`Int` alone also takes a '+').
        guard trimmed.first != "+", let value = Int(trimmed) else { throw .invalid(name, "'\(text)' is not a whole number") }
        return value
    }

    /// `base=1` or `base=0`, as they are: the document's pattern has no room for spaces.
    func flag(_ name: String) throws(APIError) -> Bool? {
        guard let text = try text(name) else { return nil }
        switch text {
        case "1": return true
        case "0": return false
        default: throw .invalid(name, "'\(text)' is not 0 or 1")
        }
    }

    /// `category=eat,see,water`, read as the CLI reads `--category` (`CategoryFilter(parsing:)`);
    /// its refusal is the engine's, named by the route's table. Checked against the store by the engine.
    func categories() throws -> CategoryFilter {
        guard let text = try text("category") else { return CategoryFilter() }
        return try CategoryFilter(parsing: text)
    }

    /// `source=osm,travel-guide`, read as the CLI reads `--source` (`SourceFilter(parsing:)`).
    func sources() throws -> SourceFilter {
        guard let text = try text("source") else { return SourceFilter() }
        return try SourceFilter(parsing: text)
    }

    /// `lang=zh-Hant`, read as a language code (`LanguageCode`).
    func language() throws -> String? {
        try text("lang").map(LanguageCode.parse)
    }

    func cursor() throws(APIError) -> Cursor? {
        guard let text = try text("cursor") else { return nil }
        do { return try Cursor(token: text) } catch { throw .invalid("cursor", error.description) }
    }
}
