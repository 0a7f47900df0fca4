import Foundation
import GeoCore

/// The diary's statistics counted from its rows, the same for both stores.
extension CatchStatistic {
    /// A trip with one of its catches, or with none (`species` nil), as `StatisticsSQL.diary` reads
    /// them in one statement: the trip's row, its water's name ("(no water)"), start and end
    /// (stored ISO 8601 UTC text) and zone; the catch's species, instant, kg and cm.
    package typealias Row = (trip: Int64, water: String, start: String?, end: String?, zone: String?,
                             species: String?, time: String?, weightKg: Double?, lengthCm: Double?)

    /// The species of a blank trip's group.
    static let noCatch = "(no catch)"

    /// A trip's days out are those from its start to its end (or its last catch) in its zone, but
    /// no more than a year's: a trip whose end was mistyped a century on is not 36 500 days out.
    static let longestTripDays = 366

    /// The statistics of the catches and trips that `filter` selects, grouped by `grouping`, in the
    /// order of their groups as `language`'s collation sorts them (ICU's, through Foundation;
    /// Unicode's root collation without a language: "Štika" beside "Stika", not after "Z" as the
    /// code points have it).
    ///
    /// A catch's year is its own instant's (else its trip's start's) in the trip's zone, UTC
    /// without one, "(no date)" without either. Waters and species are one group whatever their
    /// case ("Pstruh obecný" and "pstruh obecný"), shown as first written. A trip counts in each
    /// group one of its catches is in (a trip over New Year with a catch on each side counts in
    /// both years); a trip that caught nothing is a blank trip, counted in the group of its water,
    /// its start's year and the species "(no catch)" (which `filter` may ask for). A trip is out
    /// from its start (else its first catch) to its end or its last catch, whichever is later; a
    /// group's days out are the distinct local days its trips were out on, in the group's year
    /// when grouped or filtered by year ("(no date)" has none). So a filter keeps exactly the
    /// groups that grouping by its field would give for its value.
    package static func tally(_ rows: [Row], by grouping: [CatchGrouping], filter: CatchFilter, language: String?) -> [CatchStatistic] {
        var calendars: [String: Calendar] = [:]
        func calendar(_ zone: String?) -> Calendar {
            let zone = zone ?? "UTC"
            if let calendar = calendars[zone] { return calendar }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
            calendars[zone] = calendar
            return calendar
        }
        struct Trip {
            let water: String, zone: String?, start: Date?
            /// When it was out: from `start`, else its first catch, to the later of its end and its last catch.
            var first: Date?, last: Date?
        }
        // Each water's and species' name as first written among those equal to it but for case, in
        // the whole diary: what a filter leaves out does not change how a group is spelt.
        var spelling: [CatchGrouping: [String: String]] = [:]
        func folded(_ name: String, _ grouping: CatchGrouping) -> String {
            let key = name.lowercased()
            if let first = spelling[grouping]?[key] { return first }
            spelling[grouping, default: [:]][key] = name
            return name
        }
        var trips: [Int64: Trip] = [:]
        for row in rows {
            _ = (folded(row.water, .water), folded(row.species ?? noCatch, .species))
            var trip = trips[row.trip] ?? {
                let start = row.start.flatMap(UTC.parse), end = row.end.flatMap(UTC.parse)
                return Trip(water: row.water, zone: row.zone, start: start, first: start, last: [start, end].compactMap { $0 }.max())
            }()
            if row.species != nil, let time = row.time.flatMap(UTC.parse) {
                if trip.start == nil { trip.first = min(trip.first ?? time, time) }
                trip.last = max(trip.last ?? time, time)
            }
            trips[row.trip] = trip
        }
        func year(_ instant: Date?, _ zone: String?) -> String {
            instant.map { String(calendar(zone).component(.year, from: $0)) } ?? "(no date)"
        }
        let wanted = (water: filter.water?.lowercased(), species: filter.species?.lowercased(), year: filter.year.map(String.init))
        func selected(water: String, species: String, year: String) -> [String]? {
            guard wanted.water.map({ water.lowercased() == $0 }) ?? true, wanted.species.map({ species.lowercased() == $0 }) ?? true,
                  wanted.year.map({ year == $0 }) ?? true else { return nil }
            return grouping.map { g in
                switch g {
                case .water: folded(water, .water)
                case .species: folded(species, .species)
                case .year: year
                }
            }
        }
        var groups: [[String]: CatchStatistic] = [:], members: [[String]: Set<Int64>] = [:], blank: Set<Int64> = []
        for row in rows {
            let trip = trips[row.trip]!
            let species = row.species ?? noCatch
            if row.species == nil { blank.insert(row.trip) }
            let when = row.species == nil ? trip.start : row.time.flatMap(UTC.parse) ?? trip.start
            guard let group = selected(water: trip.water, species: species, year: year(when, trip.zone)) else { continue }
            var s = groups[group] ?? CatchStatistic(group: group, count: 0, weighed: 0, totalWeightKg: nil, maxWeightKg: nil, maxLengthCm: nil,
                                                    trips: 0, daysOut: 0, blankTrips: 0)
            if row.species != nil {
                s.count += 1
                if let kg = row.weightKg {
                    s.weighed += 1
                    s.totalWeightKg = (s.totalWeightKg ?? 0) + kg
                    s.maxWeightKg = max(s.maxWeightKg ?? kg, kg)
                }
                if let cm = row.lengthCm { s.maxLengthCm = max(s.maxLengthCm ?? cm, cm) }
            }
            groups[group] = s
            members[group, default: []].insert(row.trip)
        }
        // The local days (year × 10 000 + month × 100 + day) each trip was out on.
        var days: [Int64: Set<Int>] = [:]
        func daysOut(_ id: Int64) -> Set<Int> {
            if let known = days[id] { return known }
            guard let trip = trips[id], let first = trip.first else { return [] }
            let calendar = calendar(trip.zone)
            // Each day from its start: a day that begins at 01:00 (daylight saving time from midnight) is still a day.
            var day = calendar.startOfDay(for: first), found: Set<Int> = []
            let lastDay = calendar.startOfDay(for: trip.last ?? first)
            while day <= lastDay, found.count < longestTripDays {
                let d = calendar.dateComponents([.year, .month, .day], from: day)
                found.insert(d.year! * 10_000 + d.month! * 100 + d.day!)
                guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
                day = calendar.startOfDay(for: next)
            }
            days[id] = found
            return found
        }
        let yearIndex = grouping.firstIndex(of: .year)
        for (group, ids) in members {
            var s = groups[group]!
            s.trips = ids.count
            s.blankTrips = ids.filter(blank.contains).count
            let all = { ids.reduce(into: Set<Int>()) { $0.formUnion(daysOut($1)) } }
            if let yearIndex {
                // "(no date)" has no days.
                s.daysOut = Int(group[yearIndex]).map { year in all().filter { $0 / 10_000 == year }.count } ?? 0
            } else if let year = filter.year {
                s.daysOut = all().filter { $0 / 10_000 == year }.count
            } else {
                s.daysOut = all().count
            }
            groups[group] = s
        }
        let collation = Locale(identifier: language ?? "")
        return groups.values.sorted { a, b in
            for (x, y) in zip(a.group, b.group) where x != y {
                let order = x.compare(y, options: [], range: nil, locale: collation)
                return order == .orderedSame ? x < y : order == .orderedAscending
            }
            return false
        }
    }
}
