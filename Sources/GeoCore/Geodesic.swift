import CProj
import Foundation

/// Exact distances on the WGS84 ellipsoid, in metres, through PROJ's implementation of
/// Karney's geodesic algorithms (geodesic.h).
public enum Geodesic {
    public static let equatorialRadius = 6_378_137.0
    public static let flattening = 1 / 298.257223563
    static let eccentricitySquared = flattening * (2 - flattening)
    static let meanRadius = 6_371_008.8

    /// Read-only after initialisation, so sharing it between threads is safe.
    nonisolated(unsafe) private static let wgs84: UnsafeMutablePointer<geod_geodesic> = {
        let g = UnsafeMutablePointer<geod_geodesic>.allocate(capacity: 1)
        geod_init(g, equatorialRadius, flattening)
        return g
    }()

    /// Geodesic distance between two points.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        var s12 = 0.0
        geod_inverse(wgs84, a.lat, a.lon, b.lat, b.lon, &s12, nil, nil)
        return s12
    }

    /// Distance, initial azimuth at `a` and azimuth at `b` (degrees).
    static func inverse(_ a: Coordinate, _ b: Coordinate) -> (distance: Double, azimuth1: Double, azimuth2: Double) {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        geod_inverse(wgs84, a.lat, a.lon, b.lat, b.lon, &s12, &azi1, &azi2)
        return (s12, azi1, azi2)
    }

    /// Distance from `p` to the nearest point of `geometry`: a vertex or a point inside an edge
    /// (edges are geodesics); 0 when `p` lies inside a polygon.
    public static func distance(from p: Coordinate, to geometry: Geometry) -> Double {
        let parts = geometry.parts
        for polygon in parts.polygons where PlanarGeometry.polygon(polygon, contains: p) { return 0 }
        var best = Double.infinity
        for q in parts.points { best = min(best, distance(p, q)) }
        guard !parts.lines.isEmpty else { return best }

        // Screen every edge with the cheap spherical distance, then solve exactly only the edges
        // that can still be nearest. Haversine on geodetic coordinates errs by < 0.6% against the
        // ellipsoid, so an edge whose spherical distance exceeds the smallest one by more than 2%
        // (plus slack for a geodesic bowing away from the great circle) cannot hold the minimum.
        var edges: [(a: Coordinate, b: Coordinate, approx: Double, length: Double)] = []
        var smallest = Double.infinity
        for line in parts.lines {
            if line.count == 1 { best = min(best, distance(p, line[0])); continue }
            for (a, b) in zip(line, line.dropFirst()) {
                let (approx, length) = Spherical.distance(from: p, toSegment: a, b)
                edges.append((a, b, approx, length))
                smallest = min(smallest, approx)
            }
        }
        for edge in edges where edge.approx <= smallest * 1.02 + 1 + edge.length * 1e-3 {
            best = min(best, distance(from: p, toSegment: edge.a, edge.b))
        }
        return best
    }

    /// Distance from `p` to the geodesic segment `a`–`b`. Newton-like iteration on the arc length
    /// along the segment: at the nearest interior point the geodesic to `p` meets the segment at a
    /// right angle, so the along-track component of `p` (spherical formula) is the step.
    public static func distance(from p: Coordinate, toSegment a: Coordinate, _ b: Coordinate) -> Double {
        var line = geod_geodesicline()
        geod_inverseline(&line, wgs84, a.lat, a.lon, b.lat, b.lon, GEOD_LATITUDE.rawValue | GEOD_LONGITUDE.rawValue | GEOD_AZIMUTH.rawValue | GEOD_DISTANCE_IN.rawValue)
        let length = line.s13
        var best = min(distance(p, a), distance(p, b))
        guard length > 0 else { return best }
        var s = 0.0
        for _ in 0..<40 {
            var lat = 0.0, lon = 0.0, azi = 0.0
            geod_position(&line, s, &lat, &lon, &azi)
            let toP = inverse(Coordinate(lat: lat, lon: lon), p)
            best = min(best, toP.distance)
            let angle = (toP.azimuth1 - azi) * .pi / 180
            let step = meanRadius * atan(tan(min(toP.distance / meanRadius, .pi / 2 - 1e-9)) * cos(angle))
            let next = min(max(s + step, 0), length)
            if abs(next - s) < 1e-4 { break }
            s = next
        }
        return best
    }
}

/// Lower bounds of the geodesic distance from one point to longitude/latitude boxes, for a
/// best-first search over an R*Tree. Made once per query; cheap to evaluate per box.
public struct DistanceLowerBound: Sendable {
    private let center: ECEF
    private let latitude: Double
    /// The meridian's radius of curvature at the equator, its smallest: a(1 − e²).
    private static let smallestMeridianRadius = Geodesic.equatorialRadius * (1 - Geodesic.eccentricitySquared)

    public init(from center: Coordinate) {
        self.center = ECEF(center)
        latitude = center.lat * .pi / 180
    }

    /// Two bounds, the larger wins. (1) Any path between two parallels is at least the meridian
    /// arc between them, which is at least a(1 − e²)·Δφ: no trigonometry, and enough to reject
    /// most far boxes when the result only matters below `limit`. (2) The straight-line (chord)
    /// distance to an Earth-centred box that encloses the box's patch of the ellipsoid: chords
    /// are never longer than geodesics, and for small, near boxes it is within millimetres of
    /// the truth, which keeps the search tight.
    public func callAsFunction(minLon: Double, maxLon: Double, minLat: Double, maxLat: Double,
                               limit: Double = .infinity) -> Double {
        let rad = Double.pi / 180
        let phi1 = minLat * rad, phi2 = maxLat * rad
        let meridian = Self.smallestMeridianRadius * max(0, phi1 - latitude, latitude - phi2)
        if meridian > limit { return meridian }
        let z1 = ECEF.z(phi1), z2 = ECEF.z(phi2)
        let nearEquator = (phi1 <= 0 && phi2 >= 0) ? 0 : min(abs(phi1), abs(phi2))
        let rhoMax = ECEF.rho(nearEquator), rhoMin = ECEF.rho(max(abs(phi1), abs(phi2)))
        let lam1 = minLon * rad, lam2 = maxLon * rad
        var cosMin = min(cos(lam1), cos(lam2)), cosMax = max(cos(lam1), cos(lam2))
        var sinMin = min(sin(lam1), sin(lam2)), sinMax = max(sin(lam1), sin(lam2))
        if lam1 <= 0 && lam2 >= 0 { cosMax = 1 }
        if lam1 <= -.pi || lam2 >= .pi { cosMin = -1 }
        if lam1 <= .pi / 2 && lam2 >= .pi / 2 { sinMax = 1 }
        if lam1 <= -.pi / 2 && lam2 >= -.pi / 2 { sinMin = -1 }
        // rho >= 0, so each product's extremes lie at the interval ends.
        let xLo = min(rhoMin * cosMin, rhoMax * cosMin), xHi = max(rhoMin * cosMax, rhoMax * cosMax)
        let yLo = min(rhoMin * sinMin, rhoMax * sinMin), yHi = max(rhoMin * sinMax, rhoMax * sinMax)
        func gap(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v < lo ? lo - v : (v > hi ? v - hi : 0) }
        let dx = gap(center.x, xLo, xHi), dy = gap(center.y, yLo, yHi), dz = gap(center.z, min(z1, z2), max(z1, z2))
        return max(meridian, (dx * dx + dy * dy + dz * dz).squareRoot())
    }
}

/// Earth-centred, Earth-fixed coordinates of a point on the ellipsoid's surface.
struct ECEF: Sendable {
    var x, y, z: Double

    init(_ c: Coordinate) {
        let phi = c.lat * .pi / 180, lam = c.lon * .pi / 180
        let rho = ECEF.rho(phi)
        x = rho * cos(lam)
        y = rho * sin(lam)
        z = ECEF.z(phi)
    }

    static func primeVertical(_ phi: Double) -> Double {
        let s = sin(phi)
        return Geodesic.equatorialRadius / (1 - Geodesic.eccentricitySquared * s * s).squareRoot()
    }

    /// Distance from the polar axis; decreases with |phi|.
    static func rho(_ phi: Double) -> Double { primeVertical(phi) * cos(phi) }
    /// Height above the equatorial plane; increases with phi.
    static func z(_ phi: Double) -> Double { primeVertical(phi) * (1 - Geodesic.eccentricitySquared) * sin(phi) }
}

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

/// Planar tests on longitude/latitude, adequate for the small polygons of waters.
public enum PlanarGeometry {
    /// Even-odd rule: inside the outer ring and outside every hole. Points on an edge count as inside.
    public static func polygon(_ rings: [[Coordinate]], contains p: Coordinate) -> Bool {
        guard let outer = rings.first, ring(outer, contains: p) else { return false }
        return !rings.dropFirst().contains { ring($0, contains: p) && !onBoundary($0, p) }
    }

    static func ring(_ ring: [Coordinate], contains p: Coordinate) -> Bool {
        if onBoundary(ring, p) { return true }
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.lat > p.lat) != (b.lat > p.lat),
               p.lon < (b.lon - a.lon) * (p.lat - a.lat) / (b.lat - a.lat) + a.lon {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    static func onBoundary(_ ring: [Coordinate], _ p: Coordinate) -> Bool {
        zip(ring, ring.dropFirst()).contains { a, b in
            let crossZ = (b.lon - a.lon) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lon - a.lon)
            return crossZ == 0 && p.lon >= min(a.lon, b.lon) && p.lon <= max(a.lon, b.lon)
                && p.lat >= min(a.lat, b.lat) && p.lat <= max(a.lat, b.lat)
        }
    }

    /// True when the geometry shares a point with the (non-crossing) box.
    public static func geometry(_ g: Geometry, intersects box: BoundingBox) -> Bool {
        let parts = g.parts
        if parts.points.contains(where: box.contains) { return true }
        for line in parts.lines {
            if line.contains(where: box.contains) { return true }
            for (a, b) in zip(line, line.dropFirst()) where segment(a, b, intersects: box) { return true }
        }
        // A box wholly inside a polygon touches none of its edges.
        let corner = Coordinate(lat: box.minLat, lon: box.minLon)
        return parts.polygons.contains { polygon($0, contains: corner) }
    }

    /// Liang–Barsky clipping of the segment against the box.
    static func segment(_ a: Coordinate, _ b: Coordinate, intersects box: BoundingBox) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = b.lon - a.lon, dy = b.lat - a.lat
        for (p, q) in [(-dx, a.lon - box.minLon), (dx, box.maxLon - a.lon), (-dy, a.lat - box.minLat), (dy, box.maxLat - a.lat)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}

extension Geodesic {
    /// The point `distance` metres from `start` along the geodesic with the given initial azimuth.
    public static func destination(from start: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
        var lat = 0.0, lon = 0.0
        geod_direct(wgs84, start.lat, start.lon, azimuth, distance, &lat, &lon, nil)
        return Coordinate(lat: lat, lon: lon)
    }
}
