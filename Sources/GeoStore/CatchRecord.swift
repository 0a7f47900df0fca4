import Foundation
import GeoCore

public struct CatchRecord: Hashable, Sendable {
    public var species: String
    public var lengthCm: Double?
    public var weightKg: Double?
    public var time: Date?
    public var bait: String?
    public var location: Coordinate?

    public init(species: String) { self.species = species }
}
