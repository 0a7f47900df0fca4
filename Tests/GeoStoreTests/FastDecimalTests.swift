import GeoCore
import Testing

@Suite struct FastDecimalTests {
    /// The fast path must read every plain decimal exactly as the standard library does.
    @Test func decimalAgreesWithDoubleBitForBit() {
        var rng = SeededRandom(seed: 2026)
        for _ in 0..<200_000 {
            let whole = Int.random(in: 0...180, using: &rng)
            let fractionDigits = Int.random(in: 0...17, using: &rng)
            let fraction = (0..<fractionDigits).map { _ in String(Int.random(in: 0...9, using: &rng)) }.joined()
            let text = (Bool.random(using: &rng) ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
            let expected = Double(text)!
            if let fast = text.utf8.withContiguousStorageIfAvailable(DecimalNumber.plainDecimal) ?? nil {
                #expect(fast.bitPattern == expected.bitPattern, "\(text)")
            }
        }
        for text in ["", "-", ".", "-.", "+1", " 1", "nan", "inf", "0x10", "0x1p4", "1.2.3", "1e", "1e+", "1e999", "-inf", ".e5"] {
            #expect(DecimalNumber.parse(text) == nil, "\(text)")
        }
        for (text, value) in [("1e5", 1e5), ("-2.5E-3", -2.5e-3), ("12345678901234567890", 12345678901234567890.0),
                              (".5", 0.5), ("-.5", -0.5), ("5.", 5), ("5.e1", 50)] {
            #expect(DecimalNumber.parse(text) == value, "\(text)")
        }
    }
}
