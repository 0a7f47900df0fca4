import GeoCore
import GeoStore

/// The layers an export writes, found by one walk of its features before GDAL writes any: a
/// format that holds layers (GeoPackage, KML) gets one per kind; a one-layer format (FlatGeobuf,
/// GeoJSON, GeoJSON sequences, CSV) one of every kind, named `name`; a Shapefile one per kind and
/// geometry type (`poi`, or `trip_points` and `trip_lines` for a kind of two types), a kind's
/// records without a position in its first.
struct ExportPlan {
    let format: VectorFileExport.Format
    private(set) var layers: [ExportLayer] = []
    /// A layer's place in `layers` by `key(of:)`.
    private var index: [String: Int] = [:]

    init(_ feed: ExportFeed, format: VectorFileExport.Format, name: String) throws {
        self.format = format
        var found: [String: ExportLayer] = [:]
        try feed.forEach { feature in
            let key = Self.key(feature, format)
            try found[key, default: ExportLayer(name: key)].plan(feature, format: format)
        }
        for kind in FeatureKind.allCases {
            if format == .shp {
                let families = ExportLayer.Family.allCases.filter { found["\(kind.rawValue) \($0.rawValue)"] != nil }
                var unlocated = found["\(kind.rawValue) unlocated"]
                for family in families.isEmpty && unlocated != nil ? [.points] : families {
                    let key = "\(kind.rawValue) \(family.rawValue)"
                    var layer = found[key] ?? ExportLayer(name: key)
                    layer.name = families.count > 1 ? "\(kind.rawValue)_\(family.rawValue)" : kind.rawValue
                    if let records = unlocated {
                        layer.merge(records)
                        index["\(kind.rawValue) unlocated"] = layers.count
                        unlocated = nil
                    }
                    index[key] = layers.count
                    layers.append(layer)
                }
            } else if var layer = found[Self.key(kind, format)], index[Self.key(kind, format)] == nil {
                layer.name = format.holdsLayers ? kind.rawValue : name
                index[Self.key(kind, format)] = layers.count
                layers.append(layer)
            }
        }
    }

    /// The layer a feature goes to.
    func layer(of feature: ExportedFeature) throws -> Int {
        guard let layer = index[Self.key(feature, format)] else { throw Self.changed(feature) }
        return layer
    }

    /// A feature unlike any the plan's walk met: the data changed between the walks.
    static func changed(_ feature: ExportedFeature) -> VectorFileExport.Failure {
        VectorFileExport.Failure(path: feature.id, reason: "the data changed while it was exported (an import or deletion beside it); export again")
    }

    /// A Shapefile's layers are a kind's and a geometry type's; the others' a kind's, or one for all.
    private static func key(_ feature: ExportedFeature, _ format: VectorFileExport.Format) -> String {
        guard format == .shp else { return key(feature.kind, format) }
        return "\(feature.kind.rawValue) \(ExportLayer.Family(feature.geometry)?.rawValue ?? "unlocated")"
    }

    private static func key(_ kind: FeatureKind, _ format: VectorFileExport.Format) -> String { format.holdsLayers ? kind.rawValue : "" }
}
