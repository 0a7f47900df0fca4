import ArgumentParser
import GeoCore
import GeoStore

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Summaries of the stored data.",
                                                    subcommands: [Catches.self, Categories.self])
    /// `stats --db FILE catches`: see `DatabaseOptions`, on a command group.
    @OptionGroup var database: DatabaseOptions

    struct Catches: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "catches", abstract: "Catches per water, species and/or year.")
        @OptionGroup var database: DatabaseOptions

        @Option(help: "Group by water, species and/or year (comma-separated, in order).")
        var by: String = "water,species,year"

        @Option(help: "Output: table (for people) or json.")
        var format: StatsFormat = .table

        @Option(help: "Sort waters and species as this language does (cs puts Štika after Sumec; default: Unicode's root collation).", transform: LanguageCode.parse)
        var lang: String?

        func run() throws {
            let grouping = try withOptionNames { try CatchGrouping.list(parsing: by) }
            let stats = try database.open().catchStatistics(by: grouping, language: lang)
            guard format == .table else {
                print(String(decoding: CatchStatistic.json(stats, by: grouping), as: UTF8.self))
                return
            }
            // Weights are those of the weighed catches: a total of one weighed catch of four says so.
            let header = grouping.map(\.rawValue) + ["catches", "weighed", "total kg", "heaviest kg", "longest cm"]
            func number(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "" }
            let rows = stats.map {
                $0.group + [String($0.count), "\($0.weighed) of \($0.count)", number($0.totalWeightKg), number($0.maxWeightKg),
                            number($0.maxLengthCm)]
            }
            print(TextTable.render([header] + rows, rightAligned: Set(grouping.count..<header.count)))
            if stats.isEmpty { print("(no catches recorded)") }
        }
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
