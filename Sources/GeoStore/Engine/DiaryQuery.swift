import Foundation
import GeoCore

/// The angler's diary as its home screen lists it: every trip, newest first (by start, then id),
/// those without a start after them (by id). A page continues from a cursor of the same order.
public struct DiaryQuery: Sendable {
    public var limit: Int
    public var after: Cursor?

    public init(limit: Int = defaultLimit, after: Cursor? = nil) {
        self.limit = limit
        self.after = after
    }

    package func validate() throws(GeoError) {
        try checkLimit(limit)
        guard let after else { return }
        try after.check(forDistanceQuery: true)
        guard after.id.kind == .trip else {
            throw .invalid(field: .cursor, reason: "'\(after.token)' continues \(after.id.kind.rawValue) features, not the trips of the diary")
        }
        if let key = after.distance, key.isFinite, DiaryOrder.start(key: key) == nil {
            throw .invalid(field: .cursor, reason: "'\(after.token)' is not a cursor this service issued")
        }
    }
}

/// A trip's place in the diary as a cursor's number (a cursor's number is never negative): the
/// seconds from its start to the last second of year 9999, so that a later trip comes first; a
/// trip without a start, infinity, after every dated one.
package enum DiaryOrder {
    static let end = 253_402_300_799.0

    package static func key(start: String?) -> Double {
        start.flatMap(UTC.parse).map { end - $0.timeIntervalSince1970 } ?? .infinity
    }

    /// The stored start text of `key` (`UTC.format`, whose text order is time order); nil for a
    /// key no stored start gives.
    package static func start(key: Double) -> String? {
        guard key >= 0, key <= end + 62_135_596_800, key == key.rounded() else { return nil }
        return UTC.format(Date(timeIntervalSince1970: end - key))
    }
}
