import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// The diary's attendance (issue 30, item 4) where calendars and filters are awkward: days out
/// across a daylight-saving change at midnight, a catch typed before its trip's start, waters and
/// species in two cases, the blank trips asked for by name; and, over random diaries, a filter
/// keeping exactly the group that grouping by its field gives for its value.
@Suite struct CatchAttendanceTests {
    static func row(_ trip: Int64, _ water: String, start: String?, end: String? = nil, zone: String? = nil, _ species: String? = nil,
                    at time: String? = nil) -> CatchStatistic.Row {
        (trip, water, start, end, zone, species, time, nil, nil)
    }

    static func tally(_ rows: [CatchStatistic.Row], by grouping: [CatchGrouping] = [], year: String? = nil, water: String? = nil,
                      species: String? = nil) throws -> [CatchStatistic] {
        CatchStatistic.tally(rows, by: grouping, filter: try CatchFilter(year: year, water: water, species: species), language: nil)
    }

    /// São Paulo's clocks went from 00:00 to 01:00 on 4 November 2018: that day began at 01:00. A
    /// trip from the 3rd to 00:30 on the 6th was out on four days (3, 4, 5, 6).
    @Test func aDayThatBeginsAtOneIsStillADay() throws {
        let trip = [Self.row(1, "Represa", start: "2018-11-03T13:00:00Z", end: "2018-11-06T02:30:00Z", zone: "America/Sao_Paulo")]
        #expect(try Self.tally(trip).map(\.daysOut) == [4])
    }

    /// A catch whose date was typed a year early counts in its own year, but does not make its
    /// trip out for a year: the trip starts when it says.
    @Test func aCatchBeforeItsTripsStartDoesNotLengthenTheTrip() throws {
        let rows = [Self.row(1, "Lipno", start: "2024-05-18T05:00:00Z", end: "2024-05-18T10:00:00Z", "Kapr", at: "2023-05-18T06:00:00Z")]
        #expect(try Self.tally(rows).map(\.daysOut) == [1])
        #expect(try Self.tally(rows, by: [.year]).map(\.group) == [["2023"]])
        // Without a start, the trip is out from its first catch.
        let unstarted = [Self.row(2, "Lipno", start: nil, "Kapr", at: "2024-05-18T06:00:00Z"), Self.row(2, "Lipno", start: nil, "Kapr", at: "2024-05-19T06:00:00Z")]
        #expect(try Self.tally(unstarted).map(\.daysOut) == [2])
    }

    @Test func watersAndSpeciesAreOneGroupWhateverTheirCase() throws {
        let rows = [Self.row(1, "Lipno", start: "2024-05-18T05:00:00Z", "Štika"), Self.row(2, "LIPNO", start: "2024-06-18T05:00:00Z", "štika")]
        let byWater = try Self.tally(rows, by: [.water, .species])
        #expect(byWater.map(\.group) == [["Lipno", "Štika"]] && byWater.map(\.trips) == [2] && byWater.map(\.count) == [2])
        #expect(try Self.tally(rows, by: [.water], water: "lipno") == Self.tally(rows, by: [.water]))
    }

    @Test func theBlankTripsAreAskedForByTheirSpecies() throws {
        let rows = [Self.row(1, "Lipno", start: "2024-05-18T05:00:00Z", "Kapr"), Self.row(2, "Lipno", start: "2024-06-18T05:00:00Z")]
        let blank = try Self.tally(rows, by: [.species], species: "(No Catch)")
        #expect(blank.map(\.group) == [["(no catch)"]] && blank.map(\.trips) == [1] && blank.map(\.blankTrips) == [1] && blank.map(\.count) == [0])
        #expect(try Self.tally(rows, species: "kapr").map(\.blankTrips) == [0])
    }

    /// Random diaries over three years, in zones with and without daylight saving time, with
    /// blank trips, trips without a start, catches without a time and names in two cases: for
    /// each field and each value it takes, the filter gives what grouping by the field (and any
    /// other) gives for that value.
    @Test func aFilterKeepsTheGroupOfItsValue() throws {
        var random = SystemRandomNumberGenerator()
        let zones = ["Europe/Prague", "America/Sao_Paulo", "Pacific/Apia", nil]
        let waters = ["Lipno", "lipno", "Orlík", "(no water)"], species = ["Kapr", "kapr", "Štika", "Candát"]
        for _ in 0..<20 {
            var rows: [CatchStatistic.Row] = []
            for trip in Int64(1)...30 {
                let zone = zones.randomElement(using: &random)!, water = waters.randomElement(using: &random)!
                let start = Date(timeIntervalSince1970: .random(in: 1_672_000_000...1_767_000_000, using: &random))
                let end = start.addingTimeInterval(.random(in: 0...(3 * 86_400), using: &random))
                let stored = Bool.random(using: &random) || trip % 7 == 0 ? UTC.format(start) : nil
                let catches = Int.random(in: 0...3, using: &random)
                if catches == 0 { rows.append(Self.row(trip, water, start: stored, end: UTC.format(end), zone: zone)) }
                for _ in 0..<catches {
                    let time = Bool.random(using: &random) ? UTC.format(start.addingTimeInterval(.random(in: 0...(4 * 86_400), using: &random))) : nil
                    rows.append(Self.row(trip, water, start: stored, end: UTC.format(end), zone: zone, species.randomElement(using: &random)!, at: time))
                }
            }
            for field in CatchGrouping.allCases {
                for other in [[]] + CatchGrouping.allCases.filter({ $0 != field }).map({ [$0] }) {
                    let grouped = try Self.tally(rows, by: [field] + other)
                    for value in Set(grouped.map { $0.group[0] }) where value != "(no date)" {
                        let filtered = try Self.tally(rows, by: [field] + other, year: field == .year ? value : nil,
                                                      water: field == .water ? value.uppercased() : nil, species: field == .species ? value : nil)
                        #expect(filtered == grouped.filter { $0.group[0] == value }, "\(field)=\(value) by \([field] + other)")
                    }
                }
            }
        }
    }
}
