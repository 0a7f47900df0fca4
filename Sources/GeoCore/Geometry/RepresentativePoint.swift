import Foundation

extension PlanarGeometry {
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
}
