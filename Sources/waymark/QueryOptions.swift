import ArgumentParser
import Foundation
import GeoCore
import GeoStore

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, geojson
}

/// What every query takes: categories and language besides a page's options.
struct QueryOptions: ParsableArguments {
    @OptionGroup var categories: CategoryOptions

    @OptionGroup var page: PageOptions

    @Option(help: "Language of names and descriptions (lv, en, cs…), where the data has it.", transform: LanguageCode.parse)
    var lang: String?

    func print(_ answer: FeaturePage, from store: any FeatureStore, showDistance: Bool) throws {
        switch page.format {
        case .geojson:
            Swift.print(String(decoding: GeoJSONOutput.featureCollection(try store.withDetails(answer), language: lang), as: UTF8.self))
        case .json:
            Swift.print(String(decoding: GeoJSONOutput.plain(try store.withDetails(answer), language: lang), as: UTF8.self))
        case .table:
            // Population only when a place on the page has one: most queries find none.
            let showPopulation = answer.features.contains { $0.population != nil }
            // A trip's start on its own clock, only when a trip is on the page.
            let showStart = answer.features.contains { $0.id.kind == .trip }
            var rows = [(showDistance ? ["km"] : []) + ["category", "name"] + (showPopulation ? ["population"] : [])
                + (showStart ? ["start"] : []) + ["address", "timezone", "id"]]
            // The details hold the zone: a table shows a page, not thousands of rows.
            for f in try store.withDetails(answer).features {
                let km = f.distance.map { String(format: "%.3f", $0 / 1000) }
                rows.append((showDistance ? [km ?? ""] : []) + [f.category, f.name(in: lang) ?? "(unnamed)"]
                    + (showPopulation ? [f.population.map(String.init) ?? ""] : [])
                    + (showStart ? [f.localTime("start") ?? ""] : [])
                    + [f.address ?? "", f.properties["timezone"] ?? "", f.id.description])
            }
            let populationColumn = (showDistance ? 1 : 0) + 2
            Swift.print(TextTable.render(rows, rightAligned: Set((showDistance ? [0] : []) + (showPopulation ? [populationColumn] : []))))
            if answer.features.isEmpty { Swift.print("(nothing found)") }
            if let total = answer.total, !answer.features.isEmpty { Swift.print("\(total) found") }
            if let next = answer.next { Swift.print("more: --cursor \(next.token)") }
        }
    }
}
