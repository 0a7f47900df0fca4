import Foundation
import GeoCore
import Testing

/// `trimmedOfSpaces` answers ASCII without asking Foundation: it must trim exactly what
/// Foundation's `trimmingCharacters(in: .whitespaces)` trims.
@Suite struct SpaceTrimmingTests {
    @Test func trimsWhatFoundationTrims() {
        let scalars = (0..<128).compactMap(Unicode.Scalar.init) + ["\u{A0}", "\u{2003}", "\u{200B}", "\u{3000}", "é", "\u{85}", "\u{2028}"]
        for c in scalars {
            for text in ["\(c)a\(c)", "\(c)a", "a\(c)", "\(c)", "a \(c) b"] {
                #expect(text.trimmedOfSpaces == text.trimmingCharacters(in: .whitespaces), "U+\(String(c.value, radix: 16))")
            }
        }
    }
}
