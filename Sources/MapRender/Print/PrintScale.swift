import Foundation

/// Map scales as printed maps state them: "1:25 000".
public enum PrintScale {
    public static let pointsPerMM = 72 / 25.4
    /// Metres on paper in one point.
    public static let metresPerPoint = 0.0254 / 72

    /// The smallest round scale (1, 1.25, 1.5, 2, 2.5, 3, 4, 5 or 7.5 × 10ⁿ) not below `denominator`:
    /// a printed map is drawn at a scale a reader can measure with, zoomed out a little to reach it.
    public static func roundUp(_ denominator: Double) -> Double {
        let power = pow(10, floor(log10(denominator)))
        // A hair of tolerance: a scale computed as 25 000.000001 is 1:25 000.
        return [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10].map { $0 * power }.first { $0 >= denominator * (1 - 1e-9) } ?? 10 * power
    }

    /// "1:25 000" (thousands grouped by a space, as printed maps in Europe do).
    public static func text(_ denominator: Double) -> String {
        var digits = String(Int(denominator.rounded())), grouped = ""
        while digits.count > 3 {
            grouped = " " + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return "1:" + digits + grouped
    }
}
