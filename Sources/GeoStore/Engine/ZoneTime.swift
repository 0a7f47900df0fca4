import Foundation
import GeoCore

/// The time a zone's offset is asked at (`waymark timezone at --at`, `/v1/timezone?at=`), as a
/// clock's user gives it: an instant with its offset (`2026-12-24T18:00:00Z`, `…+02:00`), or a
/// wall-clock time or a day at the point itself (`2026-07-01T09:00`, `2026-07-01`), which the
/// point's zone makes an instant (`ZoneRules.instant(wallClock:)`: a time the clocks skip is read
/// as the one after the change). A day stands for its noon: zones change their offsets at night,
/// so noon has the offset of the day's hours.
public struct ZoneTime: Hashable, Sendable {
    let text: String

    public init(parsing text: String) throws(GeoError) {
        guard ISOTime.time(text, localTo: ISOTime.utc) != nil || (text.count == 10 && (try? LocalDay(text)) != nil) else {
            throw .invalid(field: .time, reason: "'\(text)' is not a date-time (2026-12-24T18:00:00Z, 2026-12-24T18:00+01:00, "
                           + "or 2026-12-24T18:00 at the point) or a date (2026-12-24)")
        }
        self.text = text
    }

    /// The instant this time is where clocks follow `rules` (without rules, a local time is UTC's):
    /// itself when it has an offset.
    public func instant(in rules: ZoneRules?) -> Date {
        let wallClock: Date
        if let time = ISOTime.time(text, localTo: ISOTime.utc) {
            guard time.isLocal else { return time.date }
            wallClock = time.date
        } else {
            // Checked when parsed: a day.
            wallClock = (try? LocalDay(text)).map { $0.interval(in: ISOTime.utc).start.addingTimeInterval(12 * 3_600) } ?? Date()
        }
        return rules?.instant(wallClock: wallClock) ?? wallClock
    }
}
