/// One stored thing as queries return it and maps draw it: a POI, a water, a cinema or a trip.
public struct Feature: Sendable, Hashable {
    public var id: FeatureID
    public var category: String
    public var name: String?
    /// Names by language code.
    public var names: [String: String]
    public var address: String?
    public var geometry: Geometry
    /// A trip's recorded track, when it has one (its `geometry` is the spot it is found by).
    public var track: Geometry?
    /// Geodesic metres from the query point (nearest / within only).
    public var distance: Double?
    /// Where the record came from ("osm", "geonames", "gpx", a feed's name…): what the map must credit.
    public var source: String?
    /// How many people live there (a place's; nil when the data does not say).
    public var population: Int?
    /// False for a piece of a water (a river's stretch, a piece of its area) whose mark another
    /// piece carries (`WaterMarks`): a map pins and names the water once, at that one.
    public var carriesMark: Bool
    /// Other attributes worth showing (phone, website, water kind, time zone…), filled in by
    /// `FeatureStore.withDetails`: queries leave them out to stay fast over many rows.
    public var properties: [String: String]

    public init(id: FeatureID, category: String, name: String?, names: [String: String] = [:], address: String? = nil,
                geometry: Geometry, track: Geometry? = nil, distance: Double? = nil, source: String? = nil,
                population: Int? = nil, carriesMark: Bool = true, properties: [String: String] = [:]) {
        self.id = id
        self.category = category
        self.name = name
        self.names = names
        self.address = address
        self.geometry = geometry
        self.track = track
        self.distance = distance
        self.source = source
        self.population = population
        self.carriesMark = carriesMark
        self.properties = properties
    }

    /// The geometry of a record stored without a position (most of the travel guide's places to
    /// stay): nearest queries list such records after those with a position, without a distance;
    /// no box or radius holds them and no map draws them.
    public static let unlocated = Geometry.multiPoint([])

    public var isLocated: Bool { geometry != Self.unlocated }

    /// The name in `language` when the data has it, else the default name.
    public func name(in language: String?) -> String? {
        language.flatMap { names[$0] } ?? name
    }
}
