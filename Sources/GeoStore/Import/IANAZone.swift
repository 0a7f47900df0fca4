import Foundation
import GeoCore

/// An IANA zone identifier checked against the system's time zone database.
func ianaZone(_ identifier: String, field: String = "timezone") throws(GeoError) -> String {
    guard KnownZones.shared.contains(identifier) else {
        throw .invalid(field: .record(field), reason: "'\(identifier)' is not an IANA time zone")
    }
    return identifier
}

/// The identifiers `TimeZone(identifier:)` has accepted: a file names the same few zones on
/// every row, and making a TimeZone is far dearer than a set lookup.
private final class KnownZones: @unchecked Sendable {
    static let shared = KnownZones()
    private let lock = NSLock()
    private var known = Set<String>()

    func contains(_ identifier: String) -> Bool {
        lock.lock()
        let cached = known.contains(identifier)
        lock.unlock()
        if cached { return true }
        guard TimeZone(identifier: identifier) != nil else { return false }
        lock.lock()
        if known.count < 10_000 { known.insert(identifier) }
        lock.unlock()
        return true
    }
}
