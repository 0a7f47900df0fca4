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
