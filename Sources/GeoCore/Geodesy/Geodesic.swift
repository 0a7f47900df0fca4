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
    /// A point that stands for the geometry on a map, where a pin goes: a point itself; the
    /// middle (by length) of a line, or of the longest line; for an area, a point inside it —
    /// the middle of the widest stretch of the largest polygon along its mid-latitude, as
    /// GEOS's interior point does — since a concave lake's centroid may lie on land.
    public static func representativePoint(of geometry: Geometry) -> Coordinate? {
        switch geometry {
        case let .point(c): return c
        case let .multiPoint(cs): return cs.first
        case let .lineString(line): return middle(of: line)
        case let .multiLineString(lines): return lines.max { length($0) < length($1) }.flatMap(middle(of:))
        case let .polygon(rings): return interiorPoint(rings)
        case let .multiPolygon(polygons): return polygons.max { area($0) < area($1) }.flatMap(interiorPoint)
        }
    }

    static func length(_ line: [Coordinate]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + hypot($1.1.lon - $1.0.lon, $1.1.lat - $1.0.lat) }
    }

    static func middle(of line: [Coordinate]) -> Coordinate? {
        guard let first = line.first else { return nil }
        var remaining = length(line) / 2
        for (a, b) in zip(line, line.dropFirst()) {
            let step = hypot(b.lon - a.lon, b.lat - a.lat)
            if step >= remaining && step > 0 {
                let t = remaining / step
                return Coordinate(lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon))
            }
            remaining -= step
        }
        return line.last ?? first
    }

    /// Shoelace area of the outer ring less the holes.
    static func area(_ rings: [[Coordinate]]) -> Double {
        func ringArea(_ r: [Coordinate]) -> Double {
            abs(zip(r, r.dropFirst()).reduce(0) { $0 + $1.0.lon * $1.1.lat - $1.1.lon * $1.0.lat }) / 2
        }
        guard let outer = rings.first else { return 0 }
        return ringArea(outer) - rings.dropFirst().reduce(0) { $0 + ringArea($1) }
    }

    static func interiorPoint(_ rings: [[Coordinate]]) -> Coordinate? {
        guard let outer = rings.first, let south = outer.map(\.lat).min(), let north = outer.map(\.lat).max() else { return nil }
        // A latitude through no vertex, so that every crossing is a clean one.
        var lat = (south + north) / 2
        let vertexLats = Set(rings.flatMap { $0.map(\.lat) })
        var nudge = (north - south) / 1e6
        while vertexLats.contains(lat), nudge > 0 { lat += nudge; nudge *= 2 }
        var crossings: [Double] = []
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) where (a.lat > lat) != (b.lat > lat) {
                crossings.append(a.lon + (lat - a.lat) * (b.lon - a.lon) / (b.lat - a.lat))
            }
        }
        crossings.sort()
        // Even-odd: the stretches between crossings 0–1, 2–3, … are inside.
        var best: (width: Double, lon: Double)?
        for i in stride(from: 0, to: crossings.count - 1, by: 2) {
            let width = crossings[i + 1] - crossings[i]
            if width > (best?.width ?? 0) { best = (width, (crossings[i] + crossings[i + 1]) / 2) }
        }
        return best.map { Coordinate(lat: lat, lon: $0.lon) } ?? outer.first
    }

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

extension Geodesic {
    /// The area of a polygon, its outer ring less its holes, in square metres (edges are
    /// geodesics; PROJ's `geod_polygonarea`).
    public static func area(of rings: [[Coordinate]]) -> Double {
        func ring(_ r: [Coordinate]) -> Double {
            var lats = r.map(\.lat), lons = r.map(\.lon), area = 0.0
            geod_polygonarea(wgs84, &lats, &lons, Int32(r.count), &area, nil)
            return abs(area)
        }
        guard let outer = rings.first else { return 0 }
        return max(0, ring(outer) - rings.dropFirst().reduce(0) { $0 + ring($1) })
    }
}
