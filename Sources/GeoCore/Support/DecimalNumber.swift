/// The one reader of numbers typed as text (CSV cells, XML elements, query strings, command-line
/// options): a decimal as people and CSV files write it, `-57.123456`, `.5` or `1.5e3`, and nothing
/// else. `Double(text)` alone also takes hex floats (`0x1p4`), `inf`, `nan` and a leading `+`;
/// those are not numbers a user means, so they are refused here and the caller names the field.
public enum DecimalNumber {
    /// `[-]digits[.digits][(e|E)[+|-]digits]` (`.5` and `5.` too), or nil. Plain decimals take a fast path (Clinger's,
    /// exact); the rest go through the standard library's correctly rounded reader.
    public static func parse(_ text: some StringProtocol) -> Double? {
        var text = String(text)
        return text.withUTF8(parse)
    }

    /// `parse` of text given as UTF-8.
    public static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        if let fast = plainDecimal(utf8) { return fast }
        guard isDecimalSyntax(utf8), let value = Double(String(decoding: utf8, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Whether `utf8` is `[-]digits[.digits][(e|E)[+|-]digits]`, with digits on at least one side of the point.
    static func isDecimalSyntax(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = utf8.count
        func digits() -> Int {
            let start = i
            while i < n, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[i]) { i += 1 }
            return i - start
        }
        if i < n, utf8[i] == UInt8(ascii: "-") { i += 1 }
        // `.5` and `5.` as spreadsheets write them; a digit on at least one side of the point.
        var mantissa = digits()
        if i < n, utf8[i] == UInt8(ascii: ".") {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < n, utf8[i] == UInt8(ascii: "e") || utf8[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, utf8[i] == UInt8(ascii: "+") || utf8[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }

    /// A plain decimal such as `-57.123456`, exactly as `Double(text)` reads it (correctly
    /// rounded) but without its strtod: one division of two exact doubles, a mantissa up to 2^53
    /// by 10^k up to 10^22 (Clinger's fast path). Nil for anything else (more digits, exponents…).
    public static func plainDecimal(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0, negative = false, dot = false, first = true
        for b in utf8 {
            defer { first = false }
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(b &- UInt8(ascii: "0"))
                digits += 1
                if dot { fractionDigits += 1 }
            case UInt8(ascii: "."):
                guard !dot, digits > 0 else { return nil }
                dot = true
            case UInt8(ascii: "-") where first:
                negative = true
            default:
                return nil
            }
        }
        guard digits > 0, !dot || fractionDigits > 0 else { return nil }
        if mantissa <= 1 << 53, fractionDigits < powersOfTen.count {
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return nil
    }

    /// 10^0 … 10^22, all exact as doubles.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { value, _ in value * 10 } }
}
