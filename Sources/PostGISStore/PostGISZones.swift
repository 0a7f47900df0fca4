import GeoCore
import GeoStore
import PostgresNIO

/// Time zone polygons in PostGIS: table `time_zone` as SpatiaLite's (zone, geodesic area, a planar
/// POLYGON with a GiST index), replaced whole by each import, through COPY in one transaction.
extension PostGISStore: ZoneStore {
    static let zoneColumns = ["id", "zone", "area", "geom"]

    public func importZones(_ file: ZoneFile, allowShrink: Bool) throws -> ZoneImportSummary {
        try file.check()
        var summary = ZoneImportSummary(file)
        try transaction {
            try execute("LOCK TABLE time_zone IN SHARE ROW EXCLUSIVE MODE")
            summary.replaced = try rows("WITH gone AS (DELETE FROM time_zone RETURNING 1) SELECT count(*) FROM gone").first?[0].decode(Int.self) ?? 0
            try file.checkShrink(replacing: summary.replaced, allowShrink: allowShrink)
            var rows = CopyRows()
            // Numbered from 1 in the file's order, as SpatiaLite numbers the rows of its emptied table.
            for (i, polygon) in file.polygons.enumerated() {
                rows.add([String(i + 1), polygon.zone, "\(polygon.area)", CopyRows.geometry(.polygon(polygon.rings), srid: 4326)])
            }
            if rows.count > 0 { try copy("time_zone", Self.zoneColumns, rows) }
            try execute("UPDATE waymark_schema SET data_version = data_version + 1")
            try execute("ANALYZE time_zone")
        }
        hasZones = nil
        return summary
    }

    public func zonePolygons(in box: BoundingBox) throws -> [ZonePolygon] {
        guard try holdsZones() else { return [] }
        var binds = Parameters()
        for value in [box.minLon, box.minLat, box.maxLon, box.maxLat] { binds.append(value) }
        return try rows(prepared: """
            SELECT zone, area, ST_AsBinary(geom) FROM time_zone WHERE geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) ORDER BY id
            """, binds).compactMap { row in
            guard let bytes = try row[2].decode(ByteBuffer?.self),
                  case let .polygon(rings) = try bytes.withUnsafeReadableBytes(WKB.decode) else { return nil }
            return ZonePolygon(zone: try row[0].decode(String.self), rings: rings, area: try row[1].decode(Double.self))
        }
    }

    /// As of the data's version (one small read), since a server asks for every lookup.
    public func holdsZones() throws -> Bool {
        let version = try dataVersion()
        if let known = hasZones, known.version == version { return known.holds }
        let holds = try rows("SELECT to_regclass(format('%I.time_zone', current_schema())) IS NOT NULL").first?[0].decode(Bool.self) == true
            && rows("SELECT EXISTS (SELECT 1 FROM time_zone)").first?[0].decode(Bool.self) == true
        hasZones = (version, holds)
        return holds
    }
}
