/// Lower bounds of the geodesic distance from one point to longitude/latitude boxes, for a
/// best-first search over an R*Tree: cheap (no trigonometry per box), and within half a percent
/// of the truth for boxes near the centre when the reach is small.
///
/// Any path is at least the straight chord, and the chord between latitudes φ₁, φ₂ and
/// longitudes Δλ apart satisfies  chord² = c_m² + 4ρ₁ρ₂ sin²(Δλ/2), where c_m is the chord
/// between the two latitudes along one meridian ellipse and ρ the distance from the polar axis.
/// With the meridian's radius of curvature at least M, Schur's comparison theorem gives
/// c_m ≥ 2M sin(Δφ/2); with ρ at least ρ_min, the second term is at least 4ρ_min² sin²(Δλ/2).
/// M and ρ_min are taken over the band of latitudes within `reach` of the centre (a meridian
/// arc of Δφ is at least a(1 − e²)·Δφ long), so the bound holds for every point of a box that
/// is within `reach`; a bound above `reach` means no point of the box is within it.
public struct DistanceLowerBound: Sendable {
    private let latitude: Double, longitude: Double
    private let meridianRadius: Double, axisDistance: Double

    public init(from center: Coordinate, reach: Double = .infinity) {
        latitude = center.lat * .pi / 180
        longitude = center.lon * .pi / 180
        let band = reach / Ellipsoid.meridianRadius(0)
        let south = max(-.pi / 2, latitude - band), north = min(.pi / 2, latitude + band)
        // M grows from the equator to the poles; ρ shrinks.
        meridianRadius = Ellipsoid.meridianRadius(south <= 0 && north >= 0 ? 0 : min(abs(south), abs(north)))
        axisDistance = Ellipsoid.axisDistance(max(abs(south), abs(north)))
    }

    public func callAsFunction(minLon: Double, maxLon: Double, minLat: Double, maxLat: Double) -> Double {
        let rad = Double.pi / 180
        let dPhi = max(0, minLat * rad - latitude, latitude - maxLat * rad)
        var dLambda = 0.0
        let west = minLon * rad, east = maxLon * rad
        if longitude < west || longitude > east {
            // The gap to the nearer edge, either way round the globe (all angles are within ±π).
            let twoPi = 2 * Double.pi
            let eastward = west - longitude, westward = longitude - east
            dLambda = min(.pi, eastward < 0 ? eastward + twoPi : eastward, westward < 0 ? westward + twoPi : westward)
        }
        // sin x ≥ x − x³/6 for x ≥ 0.
        func sinBelow(_ x: Double) -> Double { x - x * x * x / 6 }
        let meridian = 2 * meridianRadius * sinBelow(dPhi / 2)
        let parallel = 2 * axisDistance * sinBelow(dLambda / 2)
        return (meridian * meridian + parallel * parallel).squareRoot()
    }
}
