import Foundation
import GeoCore

/// CQL2's text encoding (OGC 21-065r2) as far as Waymark filters by it: comparisons (`=`, `<>`,
/// `<`, `>`, `<=`, `>=`) of a queryable (`FeatureFilter.Property`) with a string literal (either
/// side), `IS [NOT] NULL`, `TRUE`, `FALSE`, `AND`, `OR`, `NOT` and parentheses, and `S_INTERSECTS`
/// of `geometry` with a `BBOX(…)`, a `POINT(…)` or a `POLYGON` that is a box (its envelope's
/// corners and nothing else). No queryable is a number or a time: other literals are refused.
/// Keywords in any case; an error says at which character (counted from 1) the text stops making sense.
/// Parentheses and NOTs nest at most `maxDepth` deep: the parser recurses, and a request must not
/// be able to run its stack out.
public enum CQL2Text {
    public static let maxDepth = 64

    public static func parse(_ text: String) throws(GeoError) -> FeatureFilter {
        var parser = Parser(Array(text))
        let filter = try parser.or()
        parser.skipSpace()
        guard parser.at == parser.text.count else { throw parser.fail("expected AND, OR or the end") }
        return filter
    }

    private struct Parser {
        let text: [Character]
        var at = 0
        var depth = 0

        init(_ text: [Character]) { self.text = text }

        func fail(_ reason: String) -> GeoError {
            let found = at < text.count ? "'\(String(text[at..<min(text.count, at + 12)]))'" : "the end"
            return .invalid(field: .filter, reason: "at character \(at + 1) (\(found)): \(reason)")
        }

        mutating func skipSpace() {
            while at < text.count, text[at].isWhitespace { at += 1 }
        }

        /// The next word (letters, digits, `_`), not consumed.
        func peekWord() -> String {
            var end = at
            while end < text.count, text[end].isLetter || text[end].isNumber || text[end] == "_" { end += 1 }
            return String(text[at..<end])
        }

        /// Consumes `keyword` (any case) when it is the next word.
        mutating func keyword(_ keyword: String) -> Bool {
            skipSpace()
            guard peekWord().uppercased() == keyword else { return false }
            at += keyword.count
            return true
        }

        mutating func symbol(_ symbol: String) -> Bool {
            skipSpace()
            guard text.count - at >= symbol.count, String(text[at..<at + symbol.count]) == symbol else { return false }
            at += symbol.count
            return true
        }

        mutating func expect(_ s: String) throws(GeoError) {
            guard symbol(s) else { throw fail("expected '\(s)'") }
        }

        mutating func or() throws(GeoError) -> FeatureFilter {
            var terms = [try and()]
            while keyword("OR") { terms.append(try and()) }
            return terms.count == 1 ? terms[0] : .or(terms)
        }

        mutating func and() throws(GeoError) -> FeatureFilter {
            var terms = [try not()]
            while keyword("AND") { terms.append(try not()) }
            return terms.count == 1 ? terms[0] : .and(terms)
        }

        mutating func not() throws(GeoError) -> FeatureFilter {
            if keyword("NOT") {
                try deeper()
                defer { depth -= 1 }
                return .not(try not())
            }
            return try primary()
        }

        mutating func deeper() throws(GeoError) {
            depth += 1
            guard depth <= CQL2Text.maxDepth else { throw fail("nested deeper than \(CQL2Text.maxDepth) parentheses and NOTs") }
        }

        mutating func primary() throws(GeoError) -> FeatureFilter {
            if symbol("(") {
                try deeper()
                defer { depth -= 1 }
                let inner = try or()
                try expect(")")
                return inner
            }
            skipSpace()
            if peekWord().uppercased() == "S_INTERSECTS" {
                at += "S_INTERSECTS".count
                try expect("(")
                // Either order: the geometry property and a box.
                let box: BoundingBox
                if geometryProperty() {
                    try expect(",")
                    box = try boxLiteral()
                } else {
                    box = try boxLiteral()
                    try expect(",")
                    guard geometryProperty() else { throw fail("expected the property geometry") }
                }
                try expect(")")
                return .intersects(box)
            }
            if keyword("TRUE") { return .and([]) }
            if keyword("FALSE") { return .or([]) }
            // The literal first: the comparison read the other way round.
            if symbol("'") {
                at -= 1
                let value = try string()
                let comparison = try self.comparison()
                return .compare(try self.property(), comparison.reversed, value)
            }
            let property = try self.property()
            if keyword("IS") {
                let negated = keyword("NOT")
                guard keyword("NULL") else { throw fail("expected NULL") }
                return negated ? .not(.isNull(property)) : .isNull(property)
            }
            let comparison = try self.comparison()
            return .compare(property, comparison, try string())
        }

        mutating func comparison() throws(GeoError) -> FeatureFilter.Comparison {
            skipSpace()
            // The longest operator first: `<=` before `<`.
            let comparisons: [FeatureFilter.Comparison] = [.notEqual, .lessOrEqual, .greaterOrEqual, .equal, .less, .greater]
            guard let comparison = comparisons.first(where: { symbol($0.rawValue) }) else {
                throw fail("expected a comparison (=, <>, <, >, <=, >=) or IS NULL")
            }
            return comparison
        }

        /// A property name, bare or in double quotes.
        mutating func name() throws(GeoError) -> String {
            skipSpace()
            if symbol("\"") {
                let start = at
                while at < text.count, text[at] != "\"" { at += 1 }
                guard at < text.count else { throw fail("a quoted name that does not end") }
                defer { at += 1 }
                return String(text[start..<at])
            }
            let word = peekWord()
            guard let first = word.first, first.isLetter || first == "_" else { throw fail("expected a property") }
            at += word.count
            return word
        }

        mutating func property() throws(GeoError) -> FeatureFilter.Property {
            let start = at
            let name = try self.name()
            guard let property = FeatureFilter.Property(rawValue: name) else {
                at = start
                skipSpace()
                throw fail("'\(name)' is not a queryable; they are \(FeatureFilter.Property.allCases.map(\.rawValue).joined(separator: ", ")), and geometry in S_INTERSECTS")
            }
            return property
        }

        /// Whether the next name is `geometry` (consumed only then).
        mutating func geometryProperty() -> Bool {
            let start = at
            guard (try? name()) == "geometry" else {
                at = start
                return false
            }
            return true
        }

        /// `'text'`, a quote inside written twice.
        mutating func string() throws(GeoError) -> String {
            skipSpace()
            let start = at
            guard symbol("'") else { throw fail("expected a string in single quotes") }
            var value = ""
            while true {
                guard at < text.count else {
                    at = start
                    throw fail("a string that does not end")
                }
                if text[at] == "'" {
                    if at + 1 < text.count, text[at + 1] == "'" { value.append("'"); at += 2; continue }
                    at += 1
                    return value
                }
                value.append(text[at])
                at += 1
            }
        }

        mutating func number() throws(GeoError) -> Double {
            skipSpace()
            var end = at
            while end < text.count, text[end].isNumber || "+-.eE".contains(text[end]) { end += 1 }
            guard end > at, let value = Double(String(text[at..<end])), value.isFinite else { throw fail("expected a number") }
            at = end
            return value
        }

        /// `BBOX(minLon, minLat, maxLon, maxLat)` or a `POLYGON` whose ring is a box's.
        mutating func boxLiteral() throws(GeoError) -> BoundingBox {
            let start = at
            if keyword("BBOX") {
                try expect("(")
                var values: [Double] = []
                for i in 0..<4 {
                    if i > 0 { try expect(",") }
                    values.append(try number())
                }
                try expect(")")
                return try box(values[0], values[1], values[2], values[3], from: start)
            }
            if keyword("POINT") {
                try expect("(")
                let (x, y) = (try number(), try number())
                try expect(")")
                return try box(x, y, x, y, from: start)
            }
            guard keyword("POLYGON") else { throw fail("expected BBOX(…), POINT(…) or POLYGON((…))") }
            try expect("(")
            try expect("(")
            var ring: [(Double, Double)] = []
            repeat { ring.append((try number(), try number())) } while symbol(",")
            try expect(")")
            guard !symbol(",") else { throw fail("a polygon with holes is not a box") }
            try expect(")")
            let xs = ring.map(\.0), ys = ring.map(\.1)
            let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
            let corners = ring.allSatisfy { ($0.0 == minX || $0.0 == maxX) && ($0.1 == minY || $0.1 == maxY) }
            guard ring.count == 5, ring.first! == ring.last!, corners, Set(ring.dropLast().map { "\($0.0) \($0.1)" }).count == 4 else {
                at = start
                skipSpace()
                throw fail("only a polygon that is a box (its 4 corners, closed) is taken")
            }
            return try box(minX, minY, maxX, maxY, from: start)
        }

        mutating func box(_ minLon: Double, _ minLat: Double, _ maxLon: Double, _ maxLat: Double, from start: Int) throws(GeoError) -> BoundingBox {
            do throws(GeoError) {
                return try BoundingBox(validatingMinLon: minLon, minLat: minLat, maxLon: maxLon, maxLat: maxLat, field: .filter)
            } catch {
                at = start
                skipSpace()
                throw fail(error.reason.description)
            }
        }
    }
}
