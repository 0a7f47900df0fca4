import Foundation
import GeoCore

/// The time a zone's offset is asked at (`waymark timezone at --at`, `/v1/timezone?at=`), as a
/// clock's user gives it: an instant with its offset (`2026-12-24T18:00:00Z`, `…+02:00`), or a
/// wall-clock time or a day at the point itself (`2026-07-01T09:00`, `2026-07-01`), which the
/// point's zone makes an instant. A day stands for its midday: zones change their offsets at
/// night, so a day's midday has the offset of the day's hours.
public struct ZoneTime: Hashable, Sendable {
    let text: String

    public init(parsing text: String) throws(GeoError) {
        guard Self.instant(text, in: ISOTime.utc) != nil else {
            throw .invalid(field: .time, reason: "'\(text)' is not a date-time (2026-12-24T18:00:00Z, 2026-12-24T18:00+01:00, "
                           + "or 2026-12-24T18:00 at the point) or a date (2026-12-24)")
        }
        self.text = text
    }

    /// The instant this time is in `zone`: itself when it has an offset.
    public func instant(in zone: TimeZone) -> Date { Self.instant(text, in: zone)! }

    private static func instant(_ text: String, in zone: TimeZone) -> Date? {
        if let time = ISOTime.time(text, localTo: zone) { return time.date }
        guard text.count == 10, let day = try? LocalDay(text) else { return nil }
        let (start, next) = day.interval(in: zone)
        return start.addingTimeInterval(next.timeIntervalSince(start) / 2)
    }
}
