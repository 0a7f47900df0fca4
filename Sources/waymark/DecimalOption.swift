import ArgumentParser
import GeoCore

/// A number option read as every typed number is (`DecimalNumber`): no hex, inf, nan or '+'.
func decimal(_ text: String) throws -> Double {
    guard let value = DecimalNumber.parse(text) else { throw ValidationError("'\(text)' is not a decimal number") }
    return value
}
