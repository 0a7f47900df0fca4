import GeoCore

/// One feature as a reader of other formats hands it over (`VectorFileReader`): its attributes
/// as the file types them and its geometry in WGS84 longitude/latitude.
public struct VectorFeature: Sendable {
    public enum Value: Sendable {
        case text(String)
        /// The number and its text as the file gives it (`55211772`, `24.9515812`).
        case number(Double, literal: String)
        case boolean(Bool)
        /// Text the file marks as JSON (a cinema's screenings, a trip's catches): read as JSON.
        case json(String)
    }

    public var attributes: [(name: String, value: Value)]
    public var geometry: Geometry?

    public init(attributes: [(name: String, value: Value)], geometry: Geometry?) {
        (self.attributes, self.geometry) = (attributes, geometry)
    }
}

/// Reads the files Waymark's own parsers do not (Shapefile, GeoPackage, KML, FlatGeobuf…): a
/// face hands one to `FileImport`, since GeoStore links no GDAL.
public protocol VectorFileReader {
    func parse(path: String, kind: FeatureKind?, mapping: FieldMapping) throws -> ParsedFile
}
