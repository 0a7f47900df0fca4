import Foundation
import GeoCore

/// An angler's trip (vycházka): a spot on a water and/or a recorded track, with its catches.
public struct TripRecord: Hashable, Sendable {
    public var name: String
    public var start: Date?
    public var end: Date?
    public var notes: String?
    public var weather: String?
    /// The name of a stored water this trip was on.
    public var waterName: String?
    public var spot: Coordinate?
    public var track: [Coordinate]?
    public var catches: [CatchRecord] = []
    public var source: String?
    public var sourceID: String?

    public init(name: String) { self.name = name }
}
