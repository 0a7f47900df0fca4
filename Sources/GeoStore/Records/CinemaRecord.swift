import Foundation
import GeoCore

public struct CinemaRecord: Hashable, Sendable {
    public var name: String
    /// Other names it is known by, searched like its name.
    public var alternateNames: [String] = []
    public var address: String?
    public var website: String?
    /// IANA zone of the cinema; days of its programme are local to it. Without one, the import
    /// gives it the zone of its position (UTC when the database has no zone polygons).
    public var timezone: String?
    public var location: Coordinate?
    public var screenings: [Screening] = []
    /// The days of its programme its file is about, as the file states them (`programme_days`);
    /// nil: the days its screenings are on (`ProgrammeDays`).
    public var programmeDays: [LocalDay]?
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
