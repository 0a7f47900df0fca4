/// One polygon of an IANA time zone (an outer ring and its holes, longitude/latitude), as the
/// stores keep it: a zone of many islands is many polygons, each found by its own box.
public struct ZonePolygon: Hashable, Sendable {
    public let zone: String
    public let rings: [[Coordinate]]
    /// Geodesic square metres: of the polygons that hold a point, the smallest decides.
    public let area: Double
    public let box: BoundingBox

    public init(zone: String, rings: [[Coordinate]], area: Double? = nil) {
        self.zone = zone
        self.rings = rings
        self.area = area ?? Geodesic.area(of: rings)
        box = BoundingBox(enclosing: rings.first ?? [])
    }
}
