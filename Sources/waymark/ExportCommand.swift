import ArgumentParser
import BaseData
import Foundation
import GeoCore
import GeoStore

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the stored records, or a query's answer, to GeoPackage, FlatGeobuf, Shapefile, GeoJSON, GeoJSON sequence, CSV or KML.",
        discussion: """
            The format is the file's extension (.gpkg, .fgb, .shp, .geojson/.json, .geojsonl/.geojsons, .csv, .kml), \
            or --format. Written through GDAL in WGS84. Every property is a field: name and name:xx in every language, \
            category, kind, alt_names, description, address, contacts, images, timezone, population, a water's kind \
            (water), district and operator, a trip's start, end (ISO 8601 in its zone), notes, weather and water, and \
            source and source_id (the record's identity: `waymark import` of the export updates the records it came \
            from); a cinema's screenings and a trip's catches are JSON (a JSON field where the format has them), and \
            waymark_id is the record's id in this database.

            GeoPackage and KML hold a layer per kind (poi, water, cinema, trip); the other formats one layer with every \
            kind, told apart by kind. A Shapefile holds one geometry type: give a directory (no .shp, with --format shp) \
            for one Shapefile per kind and geometry type; its field names are cut to 10 bytes (description as descr, \
            name:lv as name_lv) and a text longer than 254 bytes is refused. CSV holds the geometry as WKT.

            Without a query every record is written; --kind, --category and --source select by what a record is, \
            --bbox and --near by where it is (as `bbox` and `nearest`/`within` answer). The file is written beside \
            the target and renamed when complete: a failed export leaves nothing behind.
            """)
    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The file (or, for --format shp, the directory) to write.")
    var output: String

    @Option(help: "gpkg, fgb, shp, geojson, geojsonseq, csv or kml (default: from the output's extension).")
    var format: VectorFileExport.Format?

    @Flag(help: "Replace the output if it exists.")
    var overwrite = false

    @Option(help: "Comma-separated kinds to export: poi, water, cinema, trip (default: all).")
    var kind: String?

    @OptionGroup var categories: CategoryOptions

    @Option(help: "Comma-separated sources (osm, geonames, travel-guide, gpx, a file's name); default: all.")
    var source: String?

    @Option(parsing: .unconditional, help: "Only what intersects MINLON,MINLAT,MAXLON,MAXLAT in degrees.")
    var bbox: String?

    @Option(parsing: .unconditional, help: "Only the --limit nearest to LAT,LON, or those within --radius metres of it.")
    var near: String?

    @Option(help: "With --near: how many, nearest first (default: all within --radius).")
    var limit: Int?

    @Option(parsing: .unconditional, help: "With --near: the radius in metres.", transform: decimal)
    var radius: Double?

    func validate() throws {
        guard format != nil || VectorFileExport.Format(path: output) != nil else {
            throw ValidationError("\(output): no format for its extension; use .gpkg, .fgb, .shp, .geojson, .geojsonl, .csv or .kml, or give --format")
        }
        guard bbox == nil || near == nil else { throw ValidationError("--bbox and --near select by place each: give one") }
        guard near != nil || (limit == nil && radius == nil) else { throw ValidationError("--limit and --radius go with --near") }
        guard near == nil || limit != nil || radius != nil else { throw ValidationError("--near needs --limit (how many) or --radius (how far)") }
    }

    func run() throws {
        let store = try database.open()
        let selection = try withOptionNames(in: Self.self) {
            var selection = ExportSelection(kinds: Set(try kind.map { try $0.split(separator: ",", omittingEmptySubsequences: false).map { try SearchQuery.kind(parsing: String($0)) } } ?? []), categories: try categories.filter,
                                            sources: try source.map { try SourceFilter(parsing: $0) } ?? SourceFilter())
            if let bbox { selection.area = .box(try BoundingBox(parsing: bbox)) }
            if let near { selection.area = .near(try Coordinate(parsing: near, field: .center), limit: limit, radius: radius) }
            return selection
        }
        let writer = VectorFileExport(format: format ?? VectorFileExport.Format(path: output)!)
        // One state of the data for the selection's query and both walks of the records.
        let layers = try store.reading {
            let feed = try withOptionNames(in: Self.self) { try store.export(selection) }
            do { return try writer.write(feed, to: output, overwrite: overwrite) } catch let failure as VectorFileExport.Failure {
                throw EngineFailure(description: failure.description)
            }
        }
        print("exported \(layers.map { "\($0.count) to \($0.layer)" }.joined(separator: ", ")) in \(output)")
    }
}

extension VectorFileExport.Format: ExpressibleByArgument {}
