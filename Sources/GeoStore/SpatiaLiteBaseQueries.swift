import GeoCore

extension SpatiaLiteStore {
    /// The base features a map at `zoom` draws in `box`: those of the zoom's band
    /// (`BaseBand.number(forZoom:)`) whose bounding boxes meet the box, found through the
    /// R*Tree, in drawing order (by layer, bottom first; places by rank, largest first; else as
    /// stored).
    public func baseFeatures(in box: BoundingBox, zoom: Double) throws -> [BaseFeature] {
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
}
