import Foundation
import GeoCore

extension Feature {
    /// A time the store keeps in UTC (a trip's `start` or `end`, after `withDetails`), as ISO 8601
    /// on the clock of the feature's zone with its offset (`2010-08-05T18:05:37+02:00`), as the
    /// angler wrote it; UTC's without a zone. Nil when the feature has no such time.
    public func localTime(_ key: String) -> String? {
        guard let instant = properties[key].flatMap(UTC.parse) else { return nil }
        return UTC.local(instant, in: properties["timezone"].flatMap(TimeZone.init(identifier:)) ?? .gmt)
    }
}
