import ArgumentParser
import GeoStore

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Summaries of the stored data.",
                                                    subcommands: [Catches.self, Categories.self])

    struct Catches: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Catches per water, species and/or year.")
        @OptionGroup var database: DatabaseOptions

        @Option(help: "Group by water, species and/or year (comma-separated, in order).")
        var by: String = "water,species,year"

        func run() throws {
            var grouping: [CatchGrouping] = []
            for name in by.split(separator: ",") {
                guard let g = CatchGrouping(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--by: unknown grouping '\(name)'; use water, species or year")
                }
                grouping.append(g)
            }
            let stats = try database.open().catchStatistics(by: grouping)
            let header = grouping.map(\.rawValue) + ["catches", "total kg", "heaviest kg", "longest cm"]
            func number(_ v: Double?) -> String { v.map { String(format: "%.2f", $0) } ?? "" }
            let rows = stats.map { $0.group + [String($0.count), number($0.totalWeightKg), number($0.maxWeightKg), number($0.maxLengthCm)] }
            print(TextTable.render([header] + rows, rightAligned: Set(grouping.count..<header.count)))
            if stats.isEmpty { print("(no catches recorded)") }
        }
    }

    struct Categories: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Features per category.")
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            let rows = try database.open().categories().map { [$0.category, $0.kind.rawValue, String($0.count), String($0.located)] }
            print(TextTable.render([["category", "kind", "count", "with position"]] + rows, rightAligned: [2, 3]))
        }
    }
}
