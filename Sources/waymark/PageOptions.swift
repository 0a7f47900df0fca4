import ArgumentParser
import GeoStore

/// A page of any answer: its sources, size, cursor and output format (queries and `waymark cinemas`).
struct PageOptions: ParsableArguments {
    @Option(help: "Comma-separated sources (osm, geonames, travel-guide, gpx, or a file's name): only features from them.")
    var source: String?

    @Option(help: "At most this many results (1–\(maximumLimit)).")
    var limit: Int = defaultLimit

    @Option(help: "Continue after the cursor printed with the previous page.")
    var cursor: String?

    @Option(help: "Output: table (for people, km), json, or geojson (RFC 7946).")
    var format: OutputFormat = .table

    var sources: SourceFilter { get throws { try source.map { try SourceFilter(parsing: $0) } ?? SourceFilter() } }

    var after: Cursor? { get throws { try cursor.map { try Cursor(token: $0) } } }
}
