import Foundation
import GeoCore

public enum CatchGrouping: String, CaseIterable, Sendable {
    case water, species, year

    /// "water,species,year" as typed (in that order, any subset), for the CLI and the server alike.
    public static func list(parsing text: String) throws -> [CatchGrouping] {
        var grouping: [CatchGrouping] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let g = CatchGrouping(rawValue: name.trimmingCharacters(in: .whitespaces)), !grouping.contains(g) else {
                throw GeoError.invalid(field: .by, reason: "'\(name)' is not one of water, species, year (each at most once)")
            }
            grouping.append(g)
        }
        return grouping
    }
}

public struct CatchStatistic: Sendable, Hashable {
    /// The value of each requested grouping, in the order requested ("(no water)" when unknown).
    public var group: [String]
    public var count: Int
    /// How many of the catches have a weight: `totalWeightKg` is theirs, not the group's.
    public var weighed: Int
    /// nil when no catch of the group was weighed.
    public var totalWeightKg: Double?
    public var maxWeightKg: Double?
    public var maxLengthCm: Double?

    package init(group: [String], count: Int, weighed: Int, totalWeightKg: Double?, maxWeightKg: Double?, maxLengthCm: Double?) {
        (self.group, self.count, self.weighed) = (group, count, weighed)
        (self.totalWeightKg, self.maxWeightKg, self.maxLengthCm) = (totalWeightKg, maxWeightKg, maxLengthCm)
    }

    public var unweighed: Int { count - weighed }
}

extension CatchStatistic {
    /// A catch as counted: its water's name ("(no water)"), species, instant (its own, else its
    /// trip's start: stored ISO 8601 UTC text), its trip's zone, kg and cm.
    package typealias Row = (water: String, species: String, time: String?, zone: String?, weightKg: Double?, lengthCm: Double?)

    /// The statistics of the catches grouped by `grouping`, in order of their groups as
    /// `language`'s collation sorts them (ICU's, through Foundation; Unicode's root collation
    /// without a language: "Štika" beside "Stika", not after "Z" as the code points have it). The
    /// year is the catch's (else its trip's) in the trip's zone, UTC without one, "(no date)"
    /// without either. Species are one group whatever their case ("Pstruh obecný" and "pstruh
    /// obecný"), shown as first written.
    package static func tally(_ rows: [Row], by grouping: [CatchGrouping], language: String?) -> [CatchStatistic] {
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
        var spelling: [String: String] = [:]
        var groups: [[String]: CatchStatistic] = [:]
        for row in rows {
            let group = grouping.map { g in
                switch g {
                case .water: row.water
                case .species: Self.folded(row.species, &spelling)
                case .year: year(row)
                }
            }
            var s = groups[group] ?? CatchStatistic(group: group, count: 0, weighed: 0, totalWeightKg: nil, maxWeightKg: nil, maxLengthCm: nil)
            s.count += 1
            if let kg = row.weightKg {
                s.weighed += 1
                s.totalWeightKg = (s.totalWeightKg ?? 0) + kg
                s.maxWeightKg = max(s.maxWeightKg ?? kg, kg)
            }
            if let cm = row.lengthCm { s.maxLengthCm = max(s.maxLengthCm ?? cm, cm) }
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

    /// `{"catches": [{"water"?, "species"?, "year"?, "count", "weighed", "unweighed", "total_weight_kg",
    /// "max_weight_kg", "max_length_cm"}]}`, the groupings asked for only; a weight or length that no
    /// catch gave is null. Keys sorted, as `GeoJSONOutput` writes them.
    public static func json(_ statistics: [CatchStatistic], by grouping: [CatchGrouping]) -> Data {
        var json = JSONWriter()
        json.object { json in
            json.member("catches") { json in
                json.array(statistics) { json, s in
                    func number(_ v: Double?) -> GeoJSONOutput.Value { v.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
                    var members: [(key: String, value: GeoJSONOutput.Value)] = zip(grouping, s.group).map { ($0.rawValue, .text($1)) }
                    members += [("count", .number(Double(s.count))), ("weighed", .number(Double(s.weighed))),
                                ("unweighed", .number(Double(s.unweighed))), ("total_weight_kg", number(s.totalWeightKg)),
                                ("max_weight_kg", number(s.maxWeightKg)), ("max_length_cm", number(s.maxLengthCm))]
                    json.properties(members.sorted { $0.key < $1.key })
                }
            }
        }
        return json.data
    }
}
