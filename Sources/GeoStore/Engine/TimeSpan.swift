import Foundation
import GeoCore

/// The instants a query asks for, ends included: one instant, or an interval open at either end,
/// as OGC API – Features' `datetime` gives them (RFC 3339: `T`, `S/E`, `../E`, `S/..`).
public struct TimeSpan: Hashable, Sendable {
    /// Nil: open at that end.
    public var start: Date?, end: Date?

    public init(start: Date?, end: Date?) {
        self.start = start
        self.end = end
    }

    /// A date-time with its offset (`2012-05-08T10:00:00Z`, `…+02:00`), or a date, which stands for
    /// that whole day in UTC; an interval is two of them around `/`, either `..` or empty for an open end.
    public init(parsing text: String) throws(GeoError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let ends = parts.map { $0 == ".." || $0.isEmpty ? nil : Self.instants($0) }
        let bad = parts.indices.first { (ends[$0] == nil) != (parts[$0] == ".." || parts[$0].isEmpty) }
        guard (1...2).contains(parts.count), bad == nil, !(parts.count == 1 && ends[0] == nil), ends.contains(where: { $0 != nil }) else {
            throw .invalid(field: .time, reason: "'\(text)' is not an RFC 3339 date-time (2012-05-08T10:00:00Z), date "
                           + "or interval of them (start/end, '..' for an open end)")
        }
        let first = ends[0], last = ends[ends.count - 1]
        self.init(start: first?.start, end: last?.end)
        if let start, let end, start > end {
            throw .invalid(field: .time, reason: "'\(text)' ends before it starts")
        }
    }

    /// Whether an event from `from` to `to` (both included) has an instant in the span.
    public func meets(from: Date, to: Date) -> Bool {
        (end.map { from <= $0 } ?? true) && (start.map { to >= $0 } ?? true)
    }

    /// The first and last instant a date-time or a date stands for; nil when it is neither (a
    /// date-time needs its offset: without one it names no instant).
    private static func instants(_ text: String) -> (start: Date, end: Date)? {
        if let time = ISOTime.time(text, localTo: ISOTime.utc), !time.isLocal { return (time.date, time.date) }
        guard text.count == 10, let day = try? LocalDay(text) else { return nil }
        let (start, next) = day.interval(in: ISOTime.utc)
        // The day's last instant the store tells apart (it keeps whole seconds).
        return (start, next.addingTimeInterval(-1))
    }
}
