import GeoCore

/// What part of the world a printed map shows.
public enum PrintArea: Sendable, Hashable {
    case bbox(BoundingBox)
    /// A circle of `radius` metres around a place.
    case around(Coordinate, radius: Double)
    /// Every feature of the map's categories.
    case fit
}
