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
