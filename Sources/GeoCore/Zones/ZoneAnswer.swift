import Foundation

/// The time zone of a point, and how it was found.
public struct ZoneAnswer: Hashable, Sendable {
    public enum Method: String, Sendable {
        /// A zone polygon holds the point (the smallest, where several do).
        case contains
        /// At sea just outside a zone's polygon, which includes its territorial waters, within the
        /// precision it was drawn to (`ZoneIndex.margin`).
        case territorialWaters = "territorial_waters"
        /// At sea beyond them: the nautical zone of the longitude (`nautical(longitude:)`).
        case longitude
    }

    /// An IANA identifier.
    public let zone: String
    public let method: Method
    /// Geodesic metres to the zone's nearest polygon (`territorialWaters` only).
    public let distance: Double?

    public init(zone: String, method: Method, distance: Double? = nil) {
        (self.zone, self.method, self.distance) = (zone, method, distance)
    }

    /// The nautical zone of a longitude: whole hours, 15° wide and centred on multiples of 15°
    /// (±7.5° of Greenwich is Etc/GMT, from 172.5° east UTC+12, from 172.5° west UTC−12). Its
    /// IANA name has the POSIX sign, the opposite of the offset's: Etc/GMT-2 is UTC+2.
    public static func nautical(longitude: Double) -> String {
        let hours = Int((longitude / 15).rounded(.toNearestOrAwayFromZero))
        return hours == 0 ? "Etc/GMT" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
    }

    /// The zone's clocks at `instant` (`ZoneRules`: the system's time zone database; nil when it
    /// does not know the zone).
    public func clock(at instant: Date) -> ZoneRules.Clock? {
        ZoneRules.named(zone)?.clock(at: instant)
    }
}
