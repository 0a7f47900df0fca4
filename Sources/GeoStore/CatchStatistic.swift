import Foundation

public enum CatchGrouping: String, CaseIterable, Sendable {
    case water, species, year
}

public struct CatchStatistic: Sendable, Hashable {
    /// The value of each requested grouping, in the order requested ("(no water)" when unknown).
    public var group: [String]
    public var count: Int
    public var totalWeightKg: Double
    public var maxWeightKg: Double?
    public var maxLengthCm: Double?

    package init(group: [String], count: Int, totalWeightKg: Double, maxWeightKg: Double?, maxLengthCm: Double?) {
        (self.group, self.count, self.totalWeightKg, self.maxWeightKg, self.maxLengthCm) = (group, count, totalWeightKg, maxWeightKg, maxLengthCm)
    }
}

extension CatchStatistic {
    /// A catch as counted: its water's name ("(no water)"), species, instant (its own, else its
    /// trip's start: stored ISO 8601 UTC text), its trip's zone, kg and cm.
    package typealias Row = (water: String, species: String, time: String?, zone: String?, weightKg: Double?, lengthCm: Double?)

    /// The statistics of the catches grouped by `grouping`, in order of their groups. The year is
    /// the catch's (else its trip's) in the trip's zone, UTC without one, "(no date)" without either.
    package static func tally(_ rows: [Row], by grouping: [CatchGrouping]) -> [CatchStatistic] {
        var calendars: [String: Calendar] = [:]
        func year(_ row: Row) -> String {
            guard let instant = row.time.flatMap(UTC.parse) else { return "(no date)" }
            let zone = row.zone ?? "UTC"
            if calendars[zone] == nil {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
                calendars[zone] = calendar
            }
            return String(calendars[zone]!.component(.year, from: instant))
        }
        var groups: [[String]: CatchStatistic] = [:]
        for row in rows {
            let group = grouping.map { g in
                switch g {
                case .water: row.water
                case .species: row.species
                case .year: year(row)
                }
            }
            var s = groups[group] ?? CatchStatistic(group: group, count: 0, totalWeightKg: 0, maxWeightKg: nil, maxLengthCm: nil)
            s.count += 1
            if let kg = row.weightKg {
                s.totalWeightKg += kg
                s.maxWeightKg = max(s.maxWeightKg ?? kg, kg)
            }
            if let cm = row.lengthCm { s.maxLengthCm = max(s.maxLengthCm ?? cm, cm) }
            groups[group] = s
        }
        return groups.values.sorted { $0.group.lexicographicallyPrecedes($1.group) }
    }
}
