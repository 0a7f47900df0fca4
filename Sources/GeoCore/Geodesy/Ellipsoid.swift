import Foundation

/// Radii of the WGS84 ellipsoid at a geodetic latitude (radians).
enum Ellipsoid {
    static func primeVertical(_ phi: Double) -> Double {
        let s = sin(phi)
        return Geodesic.equatorialRadius / (1 - Geodesic.eccentricitySquared * s * s).squareRoot()
    }

    /// The radius of curvature of the meridian: a(1 − e²) at the equator, growing to the poles.
    static func meridianRadius(_ phi: Double) -> Double {
        let s = sin(phi)
        let w = 1 - Geodesic.eccentricitySquared * s * s
        return Geodesic.equatorialRadius * (1 - Geodesic.eccentricitySquared) / (w * w.squareRoot())
    }

    /// The distance from the polar axis, shrinking from the equator to the poles.
    static func axisDistance(_ phi: Double) -> Double { primeVertical(phi) * cos(phi) }
}
