import Foundation
import GeoCore

/// The diary's statistics counted from its rows, the same for both stores.
extension CatchStatistic {
    /// A trip as counted: its row, its water's name ("(no water)"), its start and end (stored
    /// ISO 8601 UTC text) and its zone.
    package typealias TripRow = (id: Int64, water: String, start: String?, end: String?, zone: String?)
    /// A catch as counted: its trip's row, species, instant (stored ISO 8601 UTC text), kg and cm.
    package typealias Row = (trip: Int64, species: String, time: String?, weightKg: Double?, lengthCm: Double?)

    /// A trip's days out are those from its start to its end (or its last catch) in its zone, but
    /// no more than a year's: a trip whose end was mistyped a century on is not 36 500 days out.
    static let longestTripDays = 366

    /// The statistics of the catches and trips that `filter` selects, grouped by `grouping`, in the
    /// order of their groups as `language`'s collation sorts them (ICU's, through Foundation;
    /// Unicode's root collation without a language: "Štika" beside "Stika", not after "Z" as the
    /// code points have it).
    ///
    /// A catch's year is its own instant's (else its trip's start's) in the trip's zone, UTC
    /// without one, "(no date)" without either. Species are one group whatever their case
    /// ("Pstruh obecný" and "pstruh obecný"), shown as first written. A trip counts in each group
    /// one of its catches is in (a trip over New Year with a catch on each side counts in both
    /// years); a trip that caught nothing is a blank trip, counted in the group of its water, its
    /// start's year and the species "(no catch)" (so none is counted when a species is asked for).
    /// A group's days out are the distinct local days its trips were out on (in the group's year,
    /// when grouped or filtered by year). So a filter keeps exactly the groups that grouping by
    /// its field would give for its value.
    package static func tally(trips tripRows: [TripRow], catches: [Row], by grouping: [CatchGrouping], filter: CatchFilter,
                              language: String?) -> [CatchStatistic] {
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
            /// `stored` is the trip's own start; `start` and `last` bound the time it was out.
            let water: String, zone: String?, stored: Date?
            var start: Date?, last: Date?
            var caught = false
        }
        var trips: [Int64: Trip] = [:]
        for t in tripRows {
            let start = t.start.flatMap(UTC.parse)
            trips[t.id] = Trip(water: t.water, zone: t.zone, stored: start, start: start, last: [start, t.end.flatMap(UTC.parse)].compactMap { $0 }.max())
        }
        // A trip without a start starts at its first catch; one is out until its last.
        for c in catches {
            trips[c.trip]?.caught = true
            guard let time = c.time.flatMap(UTC.parse), var trip = trips[c.trip] else { continue }
            if trip.start == nil || time < trip.start! { trip.start = time }
            trip.last = max(trip.last ?? time, time)
            trips[c.trip] = trip
        }
        func year(_ instant: Date?, _ zone: String?) -> String {
            instant.map { String(calendar(zone).component(.year, from: $0)) } ?? "(no date)"
        }
        let wantedWater = filter.water?.lowercased(), wantedSpecies = filter.species?.lowercased(), wantedYear = filter.year.map(String.init)

        var spelling: [String: String] = [:]
        var groups: [[String]: CatchStatistic] = [:]
        var members: [[String]: Set<Int64>] = [:]
        func key(water: String, species: String, year: String) -> [String] {
            grouping.map { g in
                switch g {
                case .water: water
                case .species: species
                case .year: year
                }
            }
        }
        func empty(_ group: [String]) -> CatchStatistic {
            CatchStatistic(group: group, count: 0, weighed: 0, totalWeightKg: nil, maxWeightKg: nil, maxLengthCm: nil, trips: 0, daysOut: 0, blankTrips: 0)
        }
        for c in catches {
            guard let trip = trips[c.trip] else { continue }
            let catchYear = year(c.time.flatMap(UTC.parse) ?? trip.stored, trip.zone)
            guard wantedWater.map({ trip.water.lowercased() == $0 }) ?? true, wantedSpecies.map({ c.species.lowercased() == $0 }) ?? true,
                  wantedYear.map({ catchYear == $0 }) ?? true else { continue }
            let group = key(water: trip.water, species: Self.folded(c.species, &spelling), year: catchYear)
            var s = groups[group] ?? empty(group)
            s.count += 1
            if let kg = c.weightKg {
                s.weighed += 1
                s.totalWeightKg = (s.totalWeightKg ?? 0) + kg
                s.maxWeightKg = max(s.maxWeightKg ?? kg, kg)
            }
            if let cm = c.lengthCm { s.maxLengthCm = max(s.maxLengthCm ?? cm, cm) }
            groups[group] = s
            members[group, default: []].insert(c.trip)
        }
        var blank: Set<Int64> = []
        for t in tripRows where !trips[t.id]!.caught {
            let trip = trips[t.id]!, tripYear = year(trip.stored, trip.zone)
            guard wantedWater.map({ trip.water.lowercased() == $0 }) ?? true, wantedYear.map({ tripYear == $0 }) ?? true,
                  wantedSpecies == nil else { continue }
            let group = key(water: trip.water, species: "(no catch)", year: tripYear)
            if groups[group] == nil { groups[group] = empty(group) }
            members[group, default: []].insert(t.id)
            blank.insert(t.id)
        }
        // The local days (year, month, day) each trip was out on.
        var days: [Int64: Set<Int>] = [:]
        func daysOut(_ id: Int64) -> Set<Int> {
            if let known = days[id] { return known }
            guard let trip = trips[id], let start = trip.start else { return [] }
            let calendar = calendar(trip.zone)
            var day = calendar.startOfDay(for: start), found: Set<Int> = []
            let last = trip.last ?? start
            while day <= last, found.count < longestTripDays {
                let d = calendar.dateComponents([.year, .month, .day], from: day)
                found.insert(d.year! * 10_000 + d.month! * 100 + d.day!)
                guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
                day = next
            }
            days[id] = found
            return found
        }
        let yearIndex = grouping.firstIndex(of: .year)
        for (group, ids) in members {
            var s = groups[group]!
            s.trips = ids.count
            s.blankTrips = ids.filter(blank.contains).count
            let inYear = (yearIndex.map { Int(group[$0]) } ?? nil) ?? filter.year
            s.daysOut = ids.reduce(into: Set<Int>()) { $0.formUnion(daysOut($1)) }.filter { day in inYear.map { day / 10_000 == $0 } ?? true }.count
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

    /// The species as first written among those equal to it but for case.
    private static func folded(_ species: String, _ spelling: inout [String: String]) -> String {
        let key = species.lowercased()
        if let first = spelling[key] { return first }
        spelling[key] = species
        return species
    }
}
