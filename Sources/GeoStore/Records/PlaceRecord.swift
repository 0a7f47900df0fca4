import GeoCore

/// A point of interest: the travel guide's do / see / stay / eat / route objects, cities, and any
/// code a user imports. Without `location` it is stored but never drawn or returned by spatial queries.
public struct PlaceRecord: Hashable, Sendable {
    public var category: String
    public var name: String
    /// Names by language code (lv, en, cs, …); `name` is the default.
    public var names: [String: String] = [:]
    /// Other names it is known by (old, official, short, local…), searched like its names.
    public var alternateNames: [String] = []
    public var description: String?
    public var descriptions: [String: String] = [:]
    public var address: String?
    public var phone: String?
    public var mobilePhone: String?
    public var email: String?
    public var website: String?
    public var images: [String] = []
    /// IANA time zone, e.g. Europe/Riga.
    public var timezone: String?
    /// How many people live there (a city's, a village's); nil when the data does not say.
    public var population: Int?
    public var source: String?
    public var sourceID: String?
    public var location: Coordinate?

    public init(category: String, name: String, location: Coordinate?) {
        self.category = category
        self.name = name
        self.location = location
    }
}
