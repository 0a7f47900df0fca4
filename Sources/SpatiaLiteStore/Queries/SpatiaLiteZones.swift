import GeoCore
import GeoStore

/// Time zone polygons in SpatiaLite: table `time_zone` (zone, geodesic area, POLYGON) with its
/// R*Tree, written in one transaction with `BulkLoad`.
extension SpatiaLiteStore: ZoneStore {
    public func importZones(_ file: ZoneFile, allowShrink: Bool) throws -> ZoneImportSummary {
        try file.check()
        var summary = ZoneImportSummary(file)
        try db.waitingForTheWriteLock { try db.transaction {
            try db.execute("DELETE FROM time_zone")
            summary.replaced = Int(try db.scalar("SELECT changes()") as Int64? ?? 0)
            try file.checkShrink(replacing: summary.replaced, allowShrink: allowShrink)
            // After the deletion, so that BulkLoad's new rows are all of them.
            let bulk = try BulkLoad(db)
            let insert = try cached("INSERT INTO time_zone (zone, area, geom) VALUES (?, ?, \(GeometryValue.wkb(nil).placeholder))")
            for polygon in file.polygons {
                try insert.run([polygon.zone, polygon.area, GeometryValue.wkb(.polygon(polygon.rings))])
            }
            try bulk.finish()
        } }
        hasZones = nil
        return summary
    }

    public func zonePolygons(in box: BoundingBox) throws -> [ZonePolygon] {
        guard try holdsZones() else { return [] }
        let statement = try cached("""
            SELECT zone, area, AsBinary(geom) FROM time_zone
            WHERE id IN (SELECT pkid FROM idx_time_zone_geom WHERE xmax >= ? AND xmin <= ? AND ymax >= ? AND ymin <= ?)
            ORDER BY id
            """)
        try statement.bind([box.minLon, box.maxLon, box.minLat, box.maxLat])
        defer { statement.reset() }
        var polygons: [ZonePolygon] = []
        while try statement.step() {
            guard let bytes = statement.blob(2), case let .polygon(rings) = try WKB.decode(bytes) else { continue }
            polygons.append(ZonePolygon(zone: statement.string(0) ?? "", rings: rings, area: statement.double(1)))
        }
        return polygons
    }

    /// As of the data's version: an import asks once, a server for every lookup.
    public func holdsZones() throws -> Bool {
        let version = dataVersion()
        if let known = hasZones, known.version == version { return known.holds }
        let holds = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'time_zone'") as Int64? == 1
            && db.scalar("SELECT count(*) FROM (SELECT 1 FROM time_zone LIMIT 1)") as Int64? == 1
        hasZones = (version, holds)
        return holds
    }
}
