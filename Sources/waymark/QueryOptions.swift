import ArgumentParser
import Foundation
import GeoCore
import GeoStore

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, geojson
}

/// What every query prints: the format, the page size, the categories and the next page's cursor.
struct QueryOptions: ParsableArguments {
    @Option(help: "Comma-separated category codes (do, see, stay, eat, route, city, cinema, water, trip, …) or the guide's labels for them (\"Kur paēst\").")
    var category: String?

    @Option(help: "Comma-separated sources (osm, geonames, travel-guide, gpx, or a file's name): only features from them.")
    var source: String?

    @Option(help: "At most this many results (1–\(maximumLimit)).")
    var limit: Int = defaultLimit

    @Option(help: "Continue after the cursor printed with the previous page.")
    var cursor: String?

    @Option(help: "Output: table (for people, km), json, or geojson (RFC 7946).")
    var format: OutputFormat = .table

    @Option(help: "Language of names and descriptions (lv, en, cs…), where the data has it.")
    var lang: String?

    /// The categories, read and checked against `store` as every face reads and checks them.
    func categories(in store: any FeatureStore) throws -> CategoryFilter {
        let filter = try category.map { try CategoryFilter(parsing: $0) } ?? CategoryFilter()
        try store.check(filter)
        return filter
    }

    var sources: SourceFilter { get throws { try source.map { try SourceFilter(parsing: $0) } ?? SourceFilter() } }

    var after: Cursor? { get throws { try cursor.map { try Cursor(token: $0) } } }

    func print(_ page: FeaturePage, from store: any FeatureStore, showDistance: Bool) throws {
        switch format {
        case .geojson:
            Swift.print(String(decoding: GeoJSONOutput.featureCollection(try store.withDetails(page), language: lang), as: UTF8.self))
        case .json:
            Swift.print(String(decoding: GeoJSONOutput.plain(try store.withDetails(page), language: lang), as: UTF8.self))
        case .table:
            // Population only when a place on the page has one: most queries find none.
            let showPopulation = page.features.contains { $0.population != nil }
            var rows = [(showDistance ? ["km"] : []) + ["category", "name"] + (showPopulation ? ["population"] : [])
                + ["address", "timezone", "id"]]
            // The details hold the zone: a table shows a page, not thousands of rows.
            for f in try store.withDetails(page).features {
                let km = f.distance.map { String(format: "%.3f", $0 / 1000) }
                rows.append((showDistance ? [km ?? ""] : []) + [f.category, f.name(in: lang) ?? "(unnamed)"]
                    + (showPopulation ? [f.population.map(String.init) ?? ""] : [])
                    + [f.address ?? "", f.properties["timezone"] ?? "", f.id.description])
            }
            let populationColumn = (showDistance ? 1 : 0) + 2
            Swift.print(TextTable.render(rows, rightAligned: Set((showDistance ? [0] : []) + (showPopulation ? [populationColumn] : []))))
            if page.features.isEmpty { Swift.print("(nothing found)") }
            if let total = page.total, !page.features.isEmpty { Swift.print("\(total) found") }
            if let next = page.next { Swift.print("more: --cursor \(next.token)") }
        }
    }
}
