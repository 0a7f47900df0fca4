import GeoCore

/// A store that can hold a base map: SpatiaLite (`SpatiaLiteStore`) and PostGIS (`PostGISStore`).
public protocol BaseMapSource {
    /// The base features a map at `zoom` draws in `box`, in drawing order.
    func baseFeatures(in box: BoundingBox, zoom: Double) throws -> [BaseFeature]
    /// The names of the files its base map was imported from (none: it has no base map).
    func baseSources() throws -> [String]
    /// The box round every stored base feature (nil: it has no base map), rounded outward to
    /// the single precision of the spatial index's boxes.
    func baseBounds() throws -> BoundingBox?
}
