import GeoCore

/// A lake, pond, reservoir, river stretch… An angler's revír.
public struct WaterRecord: Hashable, Sendable {
    public var name: String?
    /// Other names it is known by, searched like its name.
    public var alternateNames: [String] = []
    /// lake, pond, reservoir, river, stream, canal, sea, water
    public var waterKind: String
    public var district: String?
    public var organisation: String?
    /// IANA zone; the import gives it the zone of its position (a point inside it, or the middle of a line:
    /// `PlanarGeometry.representativePoint`).
    public var timezone: String?
    public var geometry: Geometry
    public var source: String?
    public var sourceID: String?

    public init(name: String?, waterKind: String, geometry: Geometry) {
        self.name = name
        self.waterKind = waterKind
        self.geometry = geometry
    }
}
