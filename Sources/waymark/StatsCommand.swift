import ArgumentParser
import GeoCore
import GeoStore

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Summaries of the stored data.",
                                                    subcommands: [Catches.self, Categories.self])
    /// `stats --db FILE catches`: see `DatabaseOptions`, on a command group.
    @OptionGroup var database: DatabaseOptions

    struct Catches: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catches", abstract: "Catches and attendance (trips, days out, blank trips) per water, species and/or year.",
            discussion: """
                A trip counts in each group one of its catches is in; a trip that caught nothing is a blank \
                trip, in its water's and its year's group under the species "(no catch)". Days out are the \
                distinct local days the group's trips were out on (in the group's year). --year, --water and \
                --species keep exactly the groups that grouping by that field would give for the value.
                """)
        @OptionGroup var database: DatabaseOptions

        @Option(help: "Group by water, species and/or year (comma-separated, in order).")
        var by: String = "water,species,year"

        @Option(help: "Only this year's catches and trips (in each trip's zone).")
        var year: String?

        @Option(help: "Only the catches and trips of the water of this name (case aside).")
        var water: String?

        @Option(help: "Only the catches of this species (case aside) and the trips that caught it; \"(no catch)\": the blank trips.")
        var species: String?

        @Option(help: "Output: table (for people) or json.")
        var format: StatsFormat = .table

        @Option(help: "Sort waters and species as this language does (cs puts Štika after Sumec; default: Unicode's root collation).", transform: LanguageCode.parse)
        var lang: String?

        func run() throws {
            let (grouping, filter) = try withOptionNames { (try CatchGrouping.list(parsing: by), try CatchFilter(year: year, water: water, species: species)) }
            let stats = try database.open().catchStatistics(by: grouping, filter: filter, language: lang)
            guard format == .table else {
                print(String(decoding: CatchStatistic.json(stats, by: grouping), as: UTF8.self))
                return
            }
            guard !stats.isEmpty else {
                print(filter.isEmpty ? "(no trips recorded)" : "(no trips recorded\(Stats.said(filter)))")
                return
            }
            // Weights are those of the weighed catches: a total of one weighed catch of four says so.
            let header = grouping.map(\.rawValue) + ["catches", "weighed", "total kg", "heaviest kg", "longest cm", "trips", "days out", "blank"]
            func number(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "" }
            let rows = stats.map {
                $0.group + [String($0.count), "\($0.weighed) of \($0.count)", number($0.totalWeightKg), number($0.maxWeightKg),
                            number($0.maxLengthCm), String($0.trips), String($0.daysOut), String($0.blankTrips)]
            }
            print(TextTable.render([header] + rows, rightAligned: Set(grouping.count..<header.count)))
        }
    }

    /// " in 2024, on Lipno, catching pike", as asked.
    static func said(_ filter: CatchFilter) -> String {
        [filter.year.map { " in \($0)" }, filter.water.map { " on \($0)" }, filter.species.map { " catching \($0)" }].compactMap { $0 }
            .joined(separator: ",")
    }

    enum StatsFormat: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    struct Categories: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "categories", abstract: "Features per category.")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let rows = try database.open().categories().map { [$0.category, $0.kind.rawValue, String($0.count), String($0.located)] }
            print(TextTable.render([["category", "kind", "count", "with position"]] + rows, rightAligned: [2, 3]))
        }
    }
}
