import Foundation
import GeoCore

/// The zone of a point as the CLI and the server write it: the zone, its offset from UTC at the
/// moment asked ("+02:00", and in seconds; the moment itself in UTC as `at`), its abbreviation
/// there ("EEST"), whether daylight saving time is in force and when the clocks next change, how it was found (`ZoneAnswer.Method`: contains,
/// territorial_waters, longitude) and, in territorial waters, the metres to the zone's polygon.
/// Keys in sorted order, as `GeoJSONOutput` writes them.
public enum ZoneOutput {
    /// `{"abbreviation", "at", "distance_m"?, "dst", "found_by", "lat", "lon", "next_transition", "utc_offset",
    /// "utc_offset_seconds", "zone"}`.
    public static func json(_ answer: ZoneAnswer, at point: Coordinate, time: Date) -> Data {
        var json = JSONWriter()
        json.properties(members(answer, time: time, adding: [("lat", .number(point.lat)), ("lon", .number(point.lon))]))
        return json.data
    }

    /// The same as an RFC 7946 Feature of the point.
    public static func feature(_ answer: ZoneAnswer, at point: Coordinate, time: Date) -> Data {
        var json = JSONWriter()
        json.object { json in
            json.member("geometry") { $0.geometry(.point(point)) }
            json.member("properties") { $0.properties(members(answer, time: time)) }
            json.member("type") { $0.string("Feature") }
        }
        return json.data
    }

    /// "+02:00", "-03:30", "+00:00".
    public static func offset(seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    private static func members(_ answer: ZoneAnswer, time: Date,
                                adding extra: [(key: String, value: GeoJSONOutput.Value)] = []) -> [(key: String, value: GeoJSONOutput.Value)] {
        let clock = answer.clock(at: time), seconds = clock?.offset
        var members: [(key: String, value: GeoJSONOutput.Value)] = [
            ("at", .text(UTC.format(time))), ("zone", .text(answer.zone)),
            ("abbreviation", clock.map { .text($0.abbreviation) } ?? .null),
            ("dst", clock.map { .bool($0.isDaylightSavingTime) } ?? .null),
            ("next_transition", clock?.nextTransition.map { .text(UTC.format($0)) } ?? .null), ("found_by", .text(answer.method.rawValue)),
            ("utc_offset", seconds.map { .text(offset(seconds: $0)) } ?? .null),
            ("utc_offset_seconds", seconds.map { .number(Double($0)) } ?? .null),
        ] + extra
        if let distance = answer.distance { members.append(("distance_m", .number((distance * 1000).rounded() / 1000))) }
        return members.sorted { $0.key < $1.key }
    }
}
