import Foundation
import GeoCore

/// The days of a cinema's programme one file is about, which its import replaces, and the day each
/// of its screenings belongs to, which the stores keep with it.
///
/// A cinema's day runs past midnight: a screening that starts before `dayEnds` (06:00 local) is the
/// late show of the day before when that day is one of the file's. So a day's file with a screening
/// at 00:05 the next morning is about its own day only: it neither replaces the next day's programme
/// nor loses that screening when the next day's file comes. The days are the ones the file states
/// (`programme_days`), else those from the local day of its first screening to the last day one of
/// its screenings belongs to: a programme site's file starts with its day's first screening, and a
/// week's file is about each of its days, a day without screenings included.
package struct ProgrammeDays: Sendable {
    /// The days the file replaces, in order.
    package let days: [LocalDay]
    /// The day each screening belongs to, by index.
    package let ofScreenings: [LocalDay]
    private let timeZone: TimeZone

    /// The local hour before which a screening belongs to the previous day.
    static let dayEnds = 6

    /// Refuses a screening on none of the stated days, naming it (`screenings[2].start`).
    package init(_ cinema: CinemaRecord, zone: String) throws(GeoError) {
        let timeZone = TimeZone(identifier: zone) ?? .gmt
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let first = cinema.screenings.map(\.start).min().map { LocalDay(containing: $0, in: timeZone) }
        let stated = cinema.programmeDays.map(Set.init)
        func isDay(_ day: LocalDay) -> Bool { stated?.contains(day) ?? first.map { day >= $0 } ?? false }
        var ofScreenings: [LocalDay] = []
        for (i, s) in cinema.screenings.enumerated() {
            let own = LocalDay(containing: s.start, in: timeZone), before = own.adding(days: -1)
            if calendar.component(.hour, from: s.start) < Self.dayEnds, isDay(before) {
                ofScreenings.append(before)
            } else if isDay(own) {
                ofScreenings.append(own)
            } else {
                let days = (cinema.programmeDays ?? []).map(\.description).joined(separator: ", ")
                throw .invalid(field: .record("screenings[\(i)].start"), reason: "\(own) is not one of programme_days (\(days))")
            }
        }
        self.ofScreenings = ofScreenings
        if let stated {
            days = stated.sorted()
        } else if let first, let last = ofScreenings.max() {
            days = Array(sequence(first: first) { $0 < last ? $0.adding(days: 1) : nil })
        } else {
            days = []
        }
    }

    /// Each day the import replaces as the stores keep it (YYYY-MM-DD), with its instants [start,
    /// end) in UTC text: a row stored before screenings kept their day has none, and is of its own local day.
    package var replaced: [(day: String, start: String, end: String)] {
        days.map { day in
            let (start, end) = day.interval(in: timeZone)
            return (day.description, UTC.format(start), UTC.format(end))
        }
    }
}
