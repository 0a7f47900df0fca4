import Foundation

/// Great-circle approximations on a sphere of mean radius, used only to screen candidates.
enum Spherical {
    static func unit(_ c: Coordinate) -> SIMD3<Double> {
        let phi = c.lat * .pi / 180, lam = c.lon * .pi / 180
        return SIMD3(cos(phi) * cos(lam), cos(phi) * sin(lam), sin(phi))
    }

    static func angle(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> Double {
        let c = cross(u, v)
        return atan2((c * c).sum().squareRoot(), (u * v).sum())
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// Distance from `p` to the great-circle arc `a`–`b`, and the arc's length, in metres.
    static func distance(from p: Coordinate, toSegment a: Coordinate, _ b: Coordinate) -> (distance: Double, length: Double) {
        let r = Geodesic.meanRadius
        let u = unit(p), ua = unit(a), ub = unit(b)
        let length = angle(ua, ub) * r
        let endpoints = min(angle(u, ua), angle(u, ub)) * r
        var n = cross(ua, ub)
        let norm = (n * n).sum().squareRoot()
        guard norm > 1e-15 else { return (endpoints, length) }
        n /= norm
        // The foot of the perpendicular lies on the arc when it is on the inner side of both ends.
        let within = (cross(ua, u) * n).sum() >= 0 && (cross(u, ub) * n).sum() >= 0
        guard within else { return (endpoints, length) }
        return (abs(asin(max(-1, min(1, (u * n).sum())))) * r, length)
    }
}
