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

extension CinemaRecord {
    /// The local days (in `zone`, the cinema's) its screenings fall on, as instants [start, end):
    /// an import replaces the stored programme of these days and keeps the others, so that a
    /// programme can be published and imported a day at a time.
    package func programmeDays(in zone: String) -> [(start: Date, end: Date)] {
        let timeZone = TimeZone(identifier: zone) ?? .gmt
        return Set(screenings.map { LocalDay(containing: $0.start, in: timeZone) })
            .map { $0.interval(in: timeZone) }.sorted { $0.start < $1.start }
    }
}
