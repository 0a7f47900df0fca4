import Foundation

/// The time zone of any point, from zone polygons held in memory: the zone whose polygon holds
/// the point, the smallest where polygons overlap (the polygons include territorial waters); at
/// sea just outside one, within the precision it was drawn to (`margin`), that zone; beyond, the
/// nautical zone of the longitude. Whether a polygon
/// holds a point is decided in the plane of longitude and latitude, as the polygons were drawn
/// (and as timezonefinder decides it); distances are geodesic.
///
/// Polygons are found through a grid of 1° cells, each listing the polygons whose box meets it
/// (only the cells that list any are kept: an index of the few polygons near one point is small),
/// and tested for the point by their edges of its latitude (`BandedPolygon`).
public struct ZoneIndex: Sendable {
    /// How far outside its polygon a point at sea still takes its zone, in metres. The polygons
    /// already reach 12 nautical miles out (territorial waters, UNCLOS article 3), but Data/'s were
    /// simplified to 0.01° (Douglas–Peucker), which moves an edge by up to 0.01° of latitude,
    /// 1.12 km: a point in a zone's own waters may lie that far outside its simplified polygon.
    /// (Adding the 22.2 km of territorial waters again put a ship 34 km off Liepāja in Riga's time.)
    public static let margin = 1_200.0

    public let polygons: [ZonePolygon]
    private let shapes: [BandedPolygon]
    private let cells: [Int: [Int32]]

    public init(_ polygons: [ZonePolygon]) {
        self.polygons = polygons
        shapes = polygons.map { BandedPolygon($0.rings) }
        var cells: [Int: [Int32]] = [:]
        for (i, polygon) in polygons.enumerated() {
            for row in Self.row(polygon.box.minLat)...Self.row(polygon.box.maxLat) {
                for column in Self.column(polygon.box.minLon)...Self.column(polygon.box.maxLon) {
                    cells[row * 360 + column, default: []].append(Int32(i))
                }
            }
        }
        self.cells = cells
    }

    private static func row(_ lat: Double) -> Int { min(179, max(0, Int((lat + 90).rounded(.down)))) }
    private static func column(_ lon: Double) -> Int { min(359, max(0, Int((lon + 180).rounded(.down)))) }

    /// The zone of `p` (a valid coordinate).
    public func zone(at p: Coordinate) -> ZoneAnswer {
        if let inside = containing(p).first { return ZoneAnswer(zone: inside.zone, method: .contains) }
        if let nearest = near(p, within: Self.margin).first {
            return ZoneAnswer(zone: nearest.polygon.zone, method: .territorialWaters, distance: nearest.distance)
        }
        return ZoneAnswer(zone: ZoneAnswer.nautical(longitude: p.lon), method: .longitude)
    }

    /// The polygons that hold `p`, smallest first (ties by zone name).
    public func containing(_ p: Coordinate) -> [ZonePolygon] {
        (cells[Self.row(p.lat) * 360 + Self.column(p.lon)] ?? []).lazy
            .filter { self.polygons[Int($0)].box.contains(p) && self.shapes[Int($0)].contains(p) }
            .map { self.polygons[Int($0)] }
            .sorted { ($0.area, $0.zone) < ($1.area, $1.zone) }
    }

    /// The polygons within `reach` geodesic metres of `p` (0 for those that hold it), nearest
    /// first (ties by zone name).
    public func near(_ p: Coordinate, within reach: Double) -> [(polygon: ZonePolygon, distance: Double)] {
        let bound = DistanceLowerBound(from: p, reach: reach)
        var seen = Set<Int32>(), found: [(polygon: ZonePolygon, distance: Double)] = []
        for cell in Self.cells(around: p, within: reach) {
            for i in cells[cell] ?? [] where seen.insert(i).inserted {
                let polygon = polygons[Int(i)], box = polygon.box
                guard bound(minLon: box.minLon, maxLon: box.maxLon, minLat: box.minLat, maxLat: box.maxLat) <= reach,
                      let distance = shapes[Int(i)].contains(p) ? 0 : Self.distance(from: p, toEdgesOf: polygon, within: reach, bound: bound)
                else { continue }
                found.append((polygon, distance))
            }
        }
        return found.sorted { ($0.distance, $0.polygon.zone) < ($1.distance, $1.polygon.zone) }
    }

    /// Geodesic metres from `p` to the nearest edge of `polygon`, nil beyond `reach`. A polygon is
    /// drawn with straight edges in longitude and latitude: only the edges whose boxes come within
    /// reach are measured, each cut into pieces of at most 0.1°, whose geodesics stay within metres
    /// of the straight edge (a geodesic between points on one parallel bows towards the pole).
    private static func distance(from p: Coordinate, toEdgesOf polygon: ZonePolygon, within reach: Double,
                                 bound: DistanceLowerBound) -> Double? {
        var best = Double.infinity
        func near(_ a: Coordinate, _ b: Coordinate) -> Bool {
            bound(minLon: min(a.lon, b.lon), maxLon: max(a.lon, b.lon), minLat: min(a.lat, b.lat), maxLat: max(a.lat, b.lat)) <= min(reach, best)
        }
        for ring in polygon.rings {
            for (a, b) in zip(ring, ring.dropFirst()) where near(a, b) {
                let pieces = max(1, Int((max(abs(b.lon - a.lon), abs(b.lat - a.lat)) / 0.1).rounded(.up)))
                var start = a
                for k in 1...pieces {
                    let t = Double(k) / Double(pieces)
                    let end = k == pieces ? b : Coordinate(lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon))
                    if near(start, end) { best = min(best, Geodesic.distance(from: p, toSegment: start, end)) }
                    start = end
                }
            }
        }
        return best <= reach ? best : nil
    }

    /// Geodesic metres from `p` to the nearest polygon of `zone` or of a zone of another name for
    /// it (`ZoneLinks`), 0 inside one; nil when none lies within `reach`.
    public func distance(from p: Coordinate, toZone zone: String, within reach: Double) -> Double? {
        let wanted = ZoneLinks.canonical(zone)
        return near(p, within: reach).first { ZoneLinks.canonical($0.polygon.zone) == wanted }?.distance
    }

    /// The cells of every point within `reach` of `p`: a box of latitudes and longitudes wider
    /// than the reach (a degree of latitude is at least 110.5 km, one of longitude at least
    /// 111.3 km × cos φ), around the globe near the poles and across the antimeridian.
    private static func cells(around p: Coordinate, within reach: Double) -> [Int] {
        let dLat = reach / 110_000
        let south = max(-90, p.lat - dLat), north = min(90, p.lat + dLat)
        let widest = cos(max(abs(south), abs(north)) * .pi / 180)
        let dLon = widest > 0.01 ? reach / (111_000 * widest) : 360
        let columns: [Int] = dLon >= 180 ? Array(0..<360)
            : (Int((p.lon - dLon + 180).rounded(.down))...Int((p.lon + dLon + 180).rounded(.down))).map { ($0 % 360 + 360) % 360 }
        return (row(south)...row(north)).flatMap { r in columns.map { r * 360 + $0 } }
    }
}
