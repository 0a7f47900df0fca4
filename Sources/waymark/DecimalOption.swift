import ArgumentParser
import GeoCore

/// A number option read as every typed number is (`DecimalNumber`): no hex, inf, nan or '+'. A
/// decimal comma, as many languages write numbers ("57,5"), gets the number with a point as a hint.
func decimal(_ text: String) throws -> Double {
    guard let value = DecimalNumber.parse(text) else {
        let pointed = text.replacingOccurrences(of: ",", with: ".")
        let hint = text.count(where: { $0 == "," }) == 1 && DecimalNumber.parse(pointed) != nil ? "; use a decimal point: \(pointed)" : ""
        throw ValidationError("'\(text)' is not a decimal number\(hint)")
    }
    return value
}
