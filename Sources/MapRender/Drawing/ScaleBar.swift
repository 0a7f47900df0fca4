import Foundation

/// Round lengths for scale bars.
enum ScaleBar {
    /// The largest 1, 2 or 5 × 10ⁿ metres not above `metres`.
    static func roundLength(atMost metres: Double) -> Double {
        let power = pow(10, floor(log10(metres)))
        return [5, 2, 1].map { $0 * power }.first { $0 <= metres } ?? power
    }

    static func text(_ metres: Double) -> String {
        metres >= 1000 ? "\(formatted(metres / 1000)) km" : "\(formatted(metres)) m"
    }

    private static func formatted(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
