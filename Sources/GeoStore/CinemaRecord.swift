import GeoCore

public struct CinemaRecord: Hashable, Sendable {
    public var name: String
    public var address: String?
    public var website: String?
    /// IANA zone of the cinema; days of its programme are local to it. Without one, the import
    /// gives it the zone of its position (UTC when the database has no zone polygons).
    public var timezone: String?
    public var location: Coordinate?
    public var screenings: [Screening] = []
    public var source: String?
    public var sourceID: String?
    /// Screenings whose start was written without an offset while the cinema named no zone.
    package var localTimes = LocalTimes()

    public init(name: String, timezone: String?, location: Coordinate?) {
        self.name = name
        self.timezone = timezone
        self.location = location
    }
}
