import CGDAL
import GeoCore
import GeoStore

/// One layer of an export (`VectorFileExport`): its name, geometry type, features, and fields
/// (`waymark_id`, then every property any of its features has, in the order they come).
struct ExportLayer {
    struct Field {
        let name: String
        let type: OGRFieldType
        let json: Bool
    }

    let name: String
    let geometryType: OGRwkbGeometryType
    /// A Shapefile's lines and areas are Multi types, a lone line or polygon made one.
    let forceMulti: Bool
    let features: [ExportedFeature]
    let fields: [Field]
    /// Each field's position, by the property's name as the feature gives it.
    private let positions: [String: Int]

    /// A Shapefile's field names hold 10 bytes and its texts 254.
    static let shapefileNameBytes = 10, shapefileTextBytes = 254

    private init(name: String, geometryType: OGRwkbGeometryType, features: [ExportedFeature], format: VectorFileExport.Format) throws {
        (self.name, self.geometryType, self.features) = (name, geometryType, features)
        forceMulti = format == .shp && geometryType != wkbPoint
        var fields = [Field(name: "waymark_id", type: OFTString, json: false)], positions: [String: Int] = [:]
        for feature in features {
            for (property, value) in feature.properties where positions[property] == nil {
                positions[property] = fields.count
                let type: OGRFieldType = if case .integer = value { OFTInteger64 } else { OFTString }
                let (fieldName, json) = (format == .shp ? try Self.shapefileName(property) : property, { if case .json = value { true } else { false } }())
                fields.append(Field(name: fieldName, type: type, json: json))
            }
        }
        if format == .shp {
            for feature in features {
                for (property, value) in feature.properties {
                    if case let .text(text) = value, text.utf8.count > Self.shapefileTextBytes {
                        throw VectorFileExport.Failure(path: name, reason: "\(feature.id): its \(property) has \(text.utf8.count) bytes, more than a Shapefile's "
                                                       + "\(Self.shapefileTextBytes); export to GeoPackage, FlatGeobuf or GeoJSON to keep it whole")
                    }
                    if case let .json(text) = value, text.utf8.count > Self.shapefileTextBytes {
                        throw VectorFileExport.Failure(path: name, reason: "\(feature.id): its \(property) as JSON has \(text.utf8.count) bytes, more than a "
                                                       + "Shapefile's \(Self.shapefileTextBytes); export to GeoPackage, FlatGeobuf or GeoJSON to keep it whole")
                    }
                }
            }
        }
        (self.fields, self.positions) = (fields, positions)
    }

    /// The feature's value of each field, in field order.
    func values(of feature: ExportedFeature) -> [ExportedFeature.Value?] {
        var values = [ExportedFeature.Value?](repeating: nil, count: fields.count)
        values[0] = .text(feature.id)
        for (property, value) in feature.properties { values[positions[property]!] = value }
        return values
    }

    /// A property's name as a Shapefile holds it: `description` as `descr`, `name:lv` as `name_lv`
    /// (what the import reads back, `Properties.Slot`); refused when still longer than 10 bytes.
    static func shapefileName(_ property: String) throws -> String {
        var name = property.replacingOccurrences(of: ":", with: "_")
        if name.hasPrefix("description") { name = "descr" + name.dropFirst("description".count) }
        guard name.utf8.count <= shapefileNameBytes else {
            throw VectorFileExport.Failure(path: property, reason: "the property '\(property)' has no Shapefile name of at most "
                                           + "\(shapefileNameBytes) bytes; export to GeoPackage, FlatGeobuf or GeoJSON to keep it")
        }
        return name
    }

    /// The layers `features` make in `format`; `name` is a one-layer file's.
    static func layers(of features: [ExportedFeature], format: VectorFileExport.Format, name: String) throws -> [ExportLayer] {
        let kinds = FeatureKind.allCases.map { kind in (kind, features.filter { $0.kind == kind }) }.filter { !$0.1.isEmpty }
        switch format {
        case .gpkg, .kml:
            return try kinds.map { kind, features in
                try ExportLayer(name: kind.rawValue, geometryType: [.poi, .cinema].contains(kind) ? wkbPoint : wkbUnknown, features: features, format: format)
            }
        case .shp:
            var layers: [ExportLayer] = []
            for (kind, features) in kinds {
                let families = Dictionary(grouping: features) { Family($0.geometry) }
                let present = Family.allCases.filter { $0 != .none && families[$0] != nil }
                for family in present.isEmpty ? [.points] : present {
                    // Records without a position go with the kind's first geometry type: a Shapefile holds empty shapes of any.
                    let members = (families[family] ?? []) + (family == (present.first ?? .points) ? families[.none] ?? [] : [])
                    let layerName = present.count > 1 ? "\(kind.rawValue)_\(family.rawValue)" : kind.rawValue
                    layers.append(try ExportLayer(name: layerName, geometryType: family.shapefileType, features: members, format: format))
                }
            }
            return layers
        case .fgb, .geojson, .geojsonseq, .csv:
            let points = features.allSatisfy { [Family.points, .none].contains(Family($0.geometry)) }
            return [try ExportLayer(name: name, geometryType: points ? wkbPoint : wkbUnknown, features: kinds.flatMap(\.1), format: format)]
        }
    }

    /// A geometry's type as a Shapefile tells them apart.
    private enum Family: String, CaseIterable {
        case points, lines, areas, none

        init(_ geometry: Geometry?) {
            switch geometry {
            case nil: self = .none
            case .point?, .multiPoint?: self = .points
            case .lineString?, .multiLineString?: self = .lines
            case .polygon?, .multiPolygon?: self = .areas
            }
        }

        var shapefileType: OGRwkbGeometryType {
            switch self {
            case .points, .none: wkbPoint
            case .lines: wkbMultiLineString
            case .areas: wkbMultiPolygon
            }
        }
    }
}
