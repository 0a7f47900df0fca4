import Foundation
import GeoCore

/// An angler's trip (vycházka): a spot on a water and/or a recorded track, with its catches.
public struct TripRecord: Hashable, Sendable {
    public var name: String
    public var start: Date?
    public var end: Date?
    public var notes: String?
    public var weather: String?
    /// The water this trip was on: a stored water's source id (`way/8880952`) or name.
    public var waterName: String?
    /// The row of that water, found by the import (`ImportPlan.linkWaters`).
    package var waterID: Int64?
    public var spot: Coordinate?
    public var track: [Coordinate]?
    public var catches: [CatchRecord] = []
    /// IANA zone of the trip: the year of its catches is local to it. Without one, the import gives
    /// it the zone of its position.
    public var timezone: String?
    /// Times written without an offset while the trip named no zone.
    package var localTimes = LocalTimes()
    public var source: String?
    public var sourceID: String?

    public init(name: String) { self.name = name }
}
