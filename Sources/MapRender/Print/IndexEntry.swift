import GeoCore

/// An object of the index: its number, shown on its marker, and the grid cell its place is in.
public struct IndexEntry: Sendable {
    public var number: Int
    public var feature: Feature
    /// Where the object is, on the page (points).
    public var place: (x: Double, y: Double)
    /// Where its numbered marker is drawn: on the place, or moved aside (with a leader line back
    /// to a dot on the place) where it would hide an earlier marker.
    public var marker: (x: Double, y: Double)
    public var markerRadius: Double
    public var cell: String
}
