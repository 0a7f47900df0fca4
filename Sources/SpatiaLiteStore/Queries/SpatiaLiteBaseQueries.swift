import GeoCore
import GeoStore

extension SpatiaLiteStore: BaseMapSource {
    /// The base features a map at `zoom` draws in `box`: those of the zoom's band
    /// (`BaseBand.number(forZoom:)`) whose bounding boxes meet the box, found through the
    /// R*Tree, in drawing order (`BaseAnswer`).
    public func baseFeatures(in box: BoundingBox, zoom: Double) throws -> [BaseFeature] {
        guard try holdsBase() else { return [] }
        let band = BaseBand.number(forZoom: zoom)
        let statement = try cached("""
            SELECT b.id, b.layer, b.kind, b.name, b.names, b.rank, b.geom FROM idx_base_geom AS r JOIN base AS b ON b.id = r.pkid
            WHERE r.xmax >= ? AND r.xmin <= ? AND r.ymax >= ? AND r.ymin <= ? AND b.band = ?
            """)
        var answer = BaseAnswer(box)
        for part in answer.searched {
            try statement.bind([part.minLon, part.maxLon, part.minLat, part.maxLat, band])
            defer { statement.reset() }
            while try statement.step() {
                guard let layer = statement.string(1).flatMap(BaseLayer.init(rawValue:)), let blob = statement.blob(6),
                      let geometry = try geometry(ofBlob: blob) else { continue }
                answer.add(statement.int(0), BaseFeature(layer: layer, kind: statement.string(2) ?? "", name: statement.string(3),
                                                         names: JSON.decode([String: String].self, statement.string(4)) ?? [:],
                                                         rank: Int(statement.int(5)), geometry: geometry))
            }
        }
        return answer.features
    }

    /// A geometry BLOB as SpatiaLite stores it: read by `SpatiaLiteBlob`, else through
    /// SpatiaLite's WKB on `wkbReader`'s connection (nil where it has none).
    func geometry(ofBlob blob: UnsafeRawBufferPointer) throws -> Geometry? {
        if let geometry = SpatiaLiteBlob.geometry(blob) { return geometry }
        if wkbReader == nil {
            let connection = try Database(path: ":memory:")
            wkbReader = (connection, try connection.prepare("SELECT AsBinary(?)"))
        }
        let statement = wkbReader!.statement
        defer { statement.reset() }
        try statement.bind([Array(blob)])
        guard try statement.step(), let bytes = statement.blob(0) else { return nil }
        return try WKB.decode(bytes)
    }

    /// As of the data's version: every map's credits ask, and finding them anew reads the whole
    /// source index.
    public func baseSources() throws -> [String] {
        let version = dataVersion()
        if baseSourceList?.version != version {
            var sources: [String] = []
            if try holdsBase() {
                let statement = try cached("SELECT DISTINCT source FROM base ORDER BY source")
                defer { statement.reset() }
                while try statement.step() { if let source = statement.string(0) { sources.append(source) } }
            }
            baseSourceList = (version, sources)
        }
        return baseSourceList!.sources
    }

    /// From the R*Tree's boxes (no geometry is read), as of the data's version: every TileJSON of
    /// the base asks, and the boxes are all read.
    public func baseBounds() throws -> BoundingBox? {
        let version = dataVersion()
        if baseBox?.version != version {
            var box: BoundingBox?
            if try holdsBase() {
                let statement = try cached("SELECT min(xmin), min(ymin), max(xmax), max(ymax) FROM idx_base_geom")
                defer { statement.reset() }
                if try statement.step(), !statement.isNull(0) {
                    box = BoundingBox(minLon: statement.double(0), minLat: statement.double(1), maxLon: statement.double(2), maxLat: statement.double(3))
                }
            }
            baseBox = (version, box)
        }
        return baseBox!.box
    }

    /// Whether the file has the base table: one written by an older Waymark, opened read-only, has
    /// not been migrated and has no base map. Once it has, it keeps it.
    func holdsBase() throws -> Bool {
        if !hasBaseTable {
            hasBaseTable = try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'base'") as Int64? == 1
        }
        return hasBaseTable
    }
}
