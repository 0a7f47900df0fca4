import GeoCore

extension SpatiaLiteStore: BaseMapSource {
    /// The base features a map at `zoom` draws in `box`: those of the zoom's band
    /// (`BaseBand.number(forZoom:)`) whose bounding boxes meet the box, found through the
    /// R*Tree, in drawing order (by layer, bottom first; places by rank, largest first; else as
    /// stored).
    public func baseFeatures(in box: BoundingBox, zoom: Double) throws -> [BaseFeature] {
        guard try holdsBase() else { return [] }
        let band = BaseBand.number(forZoom: zoom)
        let statement = try cached("""
            SELECT layer, kind, name, names, rank, AsBinary(geom) FROM base
            WHERE id IN (SELECT pkid FROM idx_base_geom WHERE xmax >= ? AND xmin <= ? AND ymax >= ? AND ymin <= ?)
            AND band = ?
            """)
        var features: [(order: Int, feature: BaseFeature)] = []
        for part in box.unwrapped {
            try statement.bind([part.minLon, part.maxLon, part.minLat, part.maxLat, band])
            defer { statement.reset() }
            while try statement.step() {
                guard let layer = statement.string(0).flatMap(BaseLayer.init(rawValue:)), let bytes = statement.blob(5) else { continue }
                let feature = BaseFeature(layer: layer, kind: statement.string(1) ?? "", name: statement.string(2),
                                          names: JSON.decode([String: String].self, statement.string(3)) ?? [:],
                                          rank: Int(statement.int(4)), geometry: try WKB.decode(bytes))
                features.append((features.count, feature))
            }
        }
        return features.sorted {
            ($0.feature.layer, -$0.feature.rank, $0.order) < ($1.feature.layer, -$1.feature.rank, $1.order)
        }.map(\.feature)
    }

    public func baseSources() throws -> [String] {
        guard try holdsBase() else { return [] }
        let statement = try cached("SELECT DISTINCT source FROM base ORDER BY source")
        defer { statement.reset() }
        var sources: [String] = []
        while try statement.step() { if let source = statement.string(0) { sources.append(source) } }
        return sources
    }

    /// Whether the file has the base table: one written by an older Waymark, opened read-only, has
    /// not been migrated and has no base map.
    private func holdsBase() throws -> Bool {
        try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'base'") as Int64? == 1
    }
}
