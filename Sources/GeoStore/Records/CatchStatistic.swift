import Foundation
import GeoCore

/// One group of the diary's statistics: its catches (how many, their weights and lengths) and its
/// attendance (the trips that count in it, the days they were out, those that caught nothing).
public struct CatchStatistic: Sendable, Hashable {
    /// The value of each requested grouping, in the order requested ("(no water)" when unknown,
    /// "(no catch)" for a blank trip's species, "(no date)" for a trip without a time).
    public var group: [String]
    public var count: Int
    /// How many of the catches have a weight: `totalWeightKg` is theirs, not the group's.
    public var weighed: Int
    /// nil when no catch of the group was weighed.
    public var totalWeightKg: Double?
    public var maxWeightKg: Double?
    public var maxLengthCm: Double?
    /// The trips that count in the group (`tally`), the local days they were out on, and how many
    /// of them caught nothing at all.
    public var trips: Int
    public var daysOut: Int
    public var blankTrips: Int

    package init(group: [String], count: Int, weighed: Int, totalWeightKg: Double?, maxWeightKg: Double?, maxLengthCm: Double?,
                 trips: Int, daysOut: Int, blankTrips: Int) {
        (self.group, self.count, self.weighed) = (group, count, weighed)
        (self.totalWeightKg, self.maxWeightKg, self.maxLengthCm) = (totalWeightKg, maxWeightKg, maxLengthCm)
        (self.trips, self.daysOut, self.blankTrips) = (trips, daysOut, blankTrips)
    }

    public var unweighed: Int { count - weighed }
}

extension CatchStatistic {
    /// `{"catches": [{"water"?, "species"?, "year"?, "count", "weighed", "unweighed", "total_weight_kg",
    /// "max_weight_kg", "max_length_cm", "trips", "days_out", "blank_trips"}]}`, the groupings asked
    /// for only; a weight or length that no catch gave is null. Keys sorted, as `GeoJSONOutput` writes them.
    public static func json(_ statistics: [CatchStatistic], by grouping: [CatchGrouping]) -> Data {
        var json = JSONWriter()
        json.object { json in
            json.member("catches") { json in
                json.array(statistics) { json, s in
                    func number(_ v: Double?) -> GeoJSONOutput.Value { v.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
                    var members: [(key: String, value: GeoJSONOutput.Value)] = zip(grouping, s.group).map { ($0.rawValue, .text($1)) }
                    members += [("count", .number(Double(s.count))), ("weighed", .number(Double(s.weighed))),
                                ("unweighed", .number(Double(s.unweighed))), ("total_weight_kg", number(s.totalWeightKg)),
                                ("max_weight_kg", number(s.maxWeightKg)), ("max_length_cm", number(s.maxLengthCm)),
                                ("trips", .number(Double(s.trips))), ("days_out", .number(Double(s.daysOut))),
                                ("blank_trips", .number(Double(s.blankTrips)))]
                    json.properties(members.sorted { $0.key < $1.key })
                }
            }
        }
        return json.data
    }
}
