import Foundation
import GeoCore

/// Where time zone polygons are kept, with a spatial index, and the one way every face asks for
/// the zone of a point. A store supplies the index walk (`zonePolygons(in:)`); the answer is
/// decided here, in memory (`ZoneIndex`), so that SpatiaLite and PostGIS agree by construction.
public protocol ZoneStore {
    /// Stores the file's polygons in one transaction, in place of every zone polygon stored
    /// before: a database holds one set of zones. Refused, storing nothing, when a feature of the
    /// file could not be read, or when the file holds fewer polygons than are stored (an empty
    /// FeatureCollection, a part of the world: `ShrinkRefused`) unless `allowShrink`.
    func importZones(_ file: ZoneFile, allowShrink: Bool) throws -> ZoneImportSummary
    /// The stored polygons whose boxes meet `box` (one that does not cross the antimeridian),
    /// found through the spatial index, in the order they were stored.
    func zonePolygons(in box: BoundingBox) throws -> [ZonePolygon]
    /// Whether any zone polygons are stored.
    func holdsZones() throws -> Bool
}

extension ZoneStore {
    /// `importZones(file, allowShrink: false)`: a smaller file replaces nothing.
    public func importZones(_ file: ZoneFile) throws -> ZoneImportSummary {
        try importZones(file, allowShrink: false)
    }

    /// The zone of a point (validated: an error names `lat` or `lon`), and how it was found; nil
    /// when the database holds no zone polygons.
    public func timezone(at point: Coordinate) throws -> ZoneAnswer? {
        let point = try Coordinate(validatingLat: point.lat, lon: point.lon)
        return try zoneIndex(around: [point])?.zone(at: point)
    }

    /// Every stored polygon, for a process that looks up many points (a server): nil when the
    /// database holds no zone polygons.
    public func worldZoneIndex() throws -> ZoneIndex? {
        guard try holdsZones() else { return nil }
        return ZoneIndex(try zonePolygons(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90)))
    }

    /// The stored polygons that can decide the zone of any of `points`: those whose boxes meet
    /// the points' extent widened by `ZoneIndex.margin`, or by the farthest an import takes a given
    /// zone to hold a record (`ImportPlan.zoneTolerance`), so that every answer is the whole
    /// world's index's (`worldZoneIndex`, which a streamed import uses). Nil when
    /// the database holds no zone polygons.
    public func zoneIndex(around points: [Coordinate]) throws -> ZoneIndex? {
        guard let first = points.first, try holdsZones() else { return nil }
        var (south, north, west, east) = (first.lat, first.lat, first.lon, first.lon)
        for p in points.dropFirst() {
            (south, north) = (min(south, p.lat), max(north, p.lat))
            (west, east) = (min(west, p.lon), max(east, p.lon))
        }
        // Wider than the reach: a degree of latitude is at least 110.5 km, one of longitude at
        // least 111.3 km × cos φ.
        let reach = max(ZoneIndex.margin, ImportPlan.zoneTolerance), dLat = reach / 110_000
        (south, north) = (max(-90, south - dLat), min(90, north + dLat))
        let widest = cos(max(abs(south), abs(north)) * .pi / 180)
        let dLon = widest > 0.01 ? reach / (111_000 * widest) : 360
        var boxes = [BoundingBox(minLon: max(-180, west - dLon), minLat: south, maxLon: min(180, east + dLon), maxLat: north)]
        // Across the antimeridian, the other side's strip as well.
        if west - dLon < -180 { boxes.append(BoundingBox(minLon: west - dLon + 360, minLat: south, maxLon: 180, maxLat: north)) }
        if east + dLon > 180 { boxes.append(BoundingBox(minLon: -180, minLat: south, maxLon: east + dLon - 360, maxLat: north)) }
        var polygons: [ZonePolygon] = [], seen = Set<ZonePolygon>()
        for box in boxes {
            for polygon in try zonePolygons(in: box) where seen.insert(polygon).inserted { polygons.append(polygon) }
        }
        return ZoneIndex(polygons)
    }
}
