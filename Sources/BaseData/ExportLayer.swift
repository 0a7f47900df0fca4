import CGDAL
import GeoCore
import GeoStore

/// One layer of an export (`ExportPlan`) as the plan's walk finds it: its features' count, the
/// geometry types among them, and its fields (`waymark_id`, then every property any of its
/// features has, in the order they come), checked against the format's limits.
struct ExportLayer {
    struct Field {
        let name: String
        let type: OGRFieldType
        let json: Bool
    }

    /// A geometry's type as a Shapefile tells them apart.
    enum Family: String, CaseIterable {
        case points, lines, areas

        init?(_ geometry: Geometry?) {
            switch geometry {
            case nil: return nil
            case .point?, .multiPoint?: self = .points
            case .lineString?, .multiLineString?: self = .lines
            case .polygon?, .multiPolygon?: self = .areas
            }
        }

        /// A Shapefile's type: lines and areas as Multi types, which hold the single ones too.
        var shapefileType: OGRwkbGeometryType {
            switch self {
            case .points: wkbPoint
            case .lines: wkbMultiLineString
            case .areas: wkbMultiPolygon
            }
        }
    }

    var name: String
    private(set) var fields = [Field(name: "waymark_id", type: OFTString, json: false)]
    /// Each field's position, by the property's name as the feature gives it.
    private var positions: [String: Int] = [:]
    private(set) var count = 0
    private(set) var families = Set<Family>()
    private(set) var unlocated = false

    /// A Shapefile's field names hold 10 bytes and its texts 254.
    static let shapefileNameBytes = 10, shapefileTextBytes = 254

    init(name: String) { self.name = name }

    /// Takes the feature's properties into the fields, refused where `format` cannot hold one.
    mutating func plan(_ feature: ExportedFeature, format: VectorFileExport.Format) throws {
        count += 1
        if let family = Family(feature.geometry) { families.insert(family) } else { unlocated = true }
        for (property, value) in feature.properties {
            if format == .shp { try Self.checkShapefileText(property, value, of: feature) }
            guard positions[property] == nil else { continue }
            positions[property] = fields.count
            let type: OGRFieldType = if case .integer = value { OFTInteger64 } else { OFTString }
            let json = if case .json = value { true } else { false }
            fields.append(Field(name: format == .shp ? try Self.shapefileName(property) : property, type: type, json: json))
        }
    }

    /// The other layer's features and fields taken into this one (a Shapefile's records without a position).
    mutating func merge(_ other: ExportLayer) {
        count += other.count
        unlocated = unlocated || other.unlocated
        for (property, position) in other.positions.sorted(by: { $0.value < $1.value }) where positions[property] == nil {
            positions[property] = fields.count
            fields.append(other.fields[position])
        }
    }

    /// The layer's geometry type in `format`: points only are Points; a Shapefile's one family its
    /// type; anything else GDAL's unknown (any geometry).
    func geometryType(in format: VectorFileExport.Format) -> OGRwkbGeometryType {
        if format == .shp { return (families.first ?? .points).shapefileType }
        return families.subtracting([.points]).isEmpty ? wkbPoint : wkbUnknown
    }

    /// The feature's value of each field, in field order; refused for a property the plan's walk
    /// did not meet (the data changed between the walks, on a store without snapshots).
    func values(of feature: ExportedFeature) throws -> [ExportedFeature.Value?] {
        var values = [ExportedFeature.Value?](repeating: nil, count: fields.count)
        values[0] = .text(feature.id)
        for (property, value) in feature.properties {
            guard let position = positions[property] else { throw ExportPlan.changed(feature) }
            values[position] = value
        }
        return values
    }

    private static func checkShapefileText(_ property: String, _ value: ExportedFeature.Value, of feature: ExportedFeature) throws {
        let (text, what): (String, String) = switch value {
        case let .text(text): (text, property)
        case let .json(text): (text, "\(property) as JSON")
        case .integer: ("", property)
        }
        guard text.utf8.count <= shapefileTextBytes else {
            throw VectorFileExport.Failure(path: feature.id, reason: "its \(what) has \(text.utf8.count) bytes, more than a Shapefile's "
                                           + "\(shapefileTextBytes); export to GeoPackage, FlatGeobuf or GeoJSON to keep it whole")
        }
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
}
