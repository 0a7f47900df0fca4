/// The geometries of RFC 7946 / OGC simple features, in WGS84 degrees.
public enum Geometry: Hashable, Sendable {
    case point(Coordinate)
    case lineString([Coordinate])
    /// Rings: the first is the outer ring, the rest are holes; each ring is closed.
    case polygon([[Coordinate]])
    case multiPoint([Coordinate])
    case multiLineString([[Coordinate]])
    case multiPolygon([[[Coordinate]]])

    public var typeName: String {
        switch self {
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        case .multiPoint: "MultiPoint"
        case .multiLineString: "MultiLineString"
        case .multiPolygon: "MultiPolygon"
        }
    }

    public var isPoint: Bool { if case .point = self { true } else { false } }

    /// Every vertex, in order.
    public var coordinates: [Coordinate] {
        switch self {
        case let .point(c): [c]
        case let .lineString(cs), let .multiPoint(cs): cs
        case let .polygon(rings), let .multiLineString(rings): rings.flatMap { $0 }
        case let .multiPolygon(polys): polys.flatMap { $0.flatMap { $0 } }
        }
    }

    /// The lines whose points belong to the geometry's boundary (for distance) and the polygons (for "inside").
    var parts: (points: [Coordinate], lines: [[Coordinate]], polygons: [[[Coordinate]]]) {
        switch self {
        case let .point(c): ([c], [], [])
        case let .multiPoint(cs): (cs, [], [])
        case let .lineString(cs): ([], [cs], [])
        case let .multiLineString(ls): ([], ls, [])
        case let .polygon(rings): ([], rings, [rings])
        case let .multiPolygon(polys): ([], polys.flatMap { $0 }, polys)
        }
    }

    /// Checks what a store must never hold: empty parts, unclosed or too short rings,
    /// lines of one point, coordinates out of range or not finite. `field` prefixes errors.
    /// `planar` geometries have straight edges in longitude and latitude (time zone polygons, as
    /// timezonefinder reads them), so an edge may span more than half the globe.
    public func validate(field: Field = .record("geometry"), planar: Bool = false) throws(GeoError) {
        func check(_ cs: [Coordinate], minCount: Int, what: String) throws(GeoError) {
            guard cs.count >= minCount else {
                throw .invalid(field: field, reason: "\(what) has \(cs.count) position(s), needs at least \(minCount)")
            }
            for c in cs { _ = try Coordinate(validatingLat: c.lat, lon: c.lon) }
            // RFC 7946 §3.1.9: a geometry crossing the antimeridian is split in two; an edge
            // spanning more than half the globe in longitude is taken as one that was not.
            if !planar, zip(cs, cs.dropFirst()).contains(where: { abs($0.lon - $1.lon) > 180 }) {
                throw .invalid(field: field, reason: "\(what) crosses the antimeridian; split it there (RFC 7946 §3.1.9)")
            }
        }
        func ring(_ r: [Coordinate]) throws(GeoError) {
            try check(r, minCount: 4, what: "a polygon ring")
            guard r.first == r.last else { throw .invalid(field: field, reason: "a polygon ring is not closed") }
        }
        func nonEmpty(_ n: Int) throws(GeoError) {
            if n == 0 { throw .invalid(field: field, reason: "the \(typeName) is empty") }
        }
        switch self {
        case let .point(c): try check([c], minCount: 1, what: "the point")
        case let .multiPoint(cs): try nonEmpty(cs.count); try check(cs, minCount: 1, what: "the multipoint")
        case let .lineString(cs): try check(cs, minCount: 2, what: "the line")
        case let .multiLineString(ls):
            try nonEmpty(ls.count)
            for l in ls { try check(l, minCount: 2, what: "a line") }
        case let .polygon(rings):
            try nonEmpty(rings.count)
            for r in rings { try ring(r) }
        case let .multiPolygon(polys):
            try nonEmpty(polys.count)
            for p in polys {
                try nonEmpty(p.count)
                for r in p { try ring(r) }
            }
        }
    }
}
