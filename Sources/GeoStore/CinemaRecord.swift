import GeoCore

public struct CinemaRecord: Hashable, Sendable {
    public var name: String
    public var address: String?
    public var website: String?
    /// IANA zone of the cinema; days of its programme are local to it.
    public var timezone: String
    public var location: Coordinate?
    public var screenings: [Screening] = []
    public var source: String?
    public var sourceID: String?

    public init(name: String, timezone: String, location: Coordinate?) {
        self.name = name
        self.timezone = timezone
        self.location = location
    }
}
