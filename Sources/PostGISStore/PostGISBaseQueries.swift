import GeoCore
import GeoStore
import PostgresNIO

extension PostGISStore {
    /// The base features a map at `zoom` draws in `box`: those of the zoom's band
    /// (`BaseBand.number(forZoom:)`) whose bounding boxes meet the box, found through the GiST
    /// index, in drawing order (`BaseAnswer`), as SpatiaLite answers.
    public func baseFeatures(in box: BoundingBox, zoom: Double) throws -> [BaseFeature] {
        guard try holdsBase() else { return [] }
        var answer = BaseAnswer(box)
        for part in answer.searched {
            var binds = Parameters()
            for value in [part.minLon, part.minLat, part.maxLon, part.maxLat] { binds.append(value) }
            binds.append(BaseBand.number(forZoom: zoom))
            for row in try rows(prepared: """
                SELECT id, layer, kind, name, names, rank, ST_AsBinary(geom) FROM base
                WHERE geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND band = $5
                """, binds) {
                guard let layer = BaseLayer(rawValue: try row[1].decode(String.self)), let bytes = try row[6].decode(ByteBuffer?.self) else { continue }
                answer.add(try row[0].decode(Int64.self),
                           BaseFeature(layer: layer, kind: try row[2].decode(String.self), name: try row[3].decode(String?.self),
                                       names: JSON.decode([String: String].self, try row[4].decode(String.self)) ?? [:],
                                       rank: try row[5].decode(Int.self), geometry: try bytes.withUnsafeReadableBytes(WKB.decode)))
            }
        }
        return answer.features
    }

    /// In SQLite's order (bytewise), whatever the database's collation; as of the data's version,
    /// since every map's credits ask.
    public func baseSources() throws -> [String] {
        let version = try dataVersion()
        if baseSourceList?.version != version {
            let sources = try holdsBase()
                ? try rows(prepared: "SELECT source FROM base GROUP BY source ORDER BY source COLLATE \"C\"", Parameters()).map { try $0[0].decode(String.self) }
                : []
            baseSourceList = (version, sources)
        }
        return baseSourceList!.sources
    }

    /// From the index's boxes of the full-detail rows (`ST_Extent`), which hold every band's, as of
    /// the data's version: every TileJSON of the base asks, and the rows are all read.
    public func baseBounds() throws -> BoundingBox? {
        let version = try dataVersion()
        if baseBox?.version != version {
            var box: BoundingBox?
            if try holdsBase(), let row = try rows(prepared: """
                SELECT ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e) FROM (SELECT ST_Extent(geom) AS e FROM base WHERE band = 0) AS extent
                """, Parameters()).first, let minLon = try row[0].decode(Double?.self) {
                box = BoundingBox(minLon: minLon, minLat: try row[1].decode(Double.self), maxLon: try row[2].decode(Double.self),
                                  maxLat: try row[3].decode(Double.self))
            }
            baseBox = (version, box)
        }
        return baseBox!.box
    }

    /// Whether the schema has the base table: one written by an older Waymark, opened read-only,
    /// has not been migrated and has no base map. Once it has, it keeps it.
    func holdsBase() throws -> Bool {
        if hasBaseTable { return true }
        hasBaseTable = try rows("SELECT to_regclass(format('%I.base', current_schema())) IS NOT NULL").first?[0].decode(Bool.self) == true
        return hasBaseTable
    }
}
