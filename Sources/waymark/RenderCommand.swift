import ArgumentParser
import Foundation
import GeoCore
import GeoStore
import MapRender
import Stores

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a map of the stored features to PNG, PDF or SVG; with neither --bbox nor --center it fits them all.")
    @OptionGroup var database: DatabaseOptions

    @Option(parsing: .unconditional, help: "MINLON,MINLAT,MAXLON,MAXLAT: the area to show.")
    var bbox: String?

    @Option(parsing: .unconditional, help: "LAT,LON of the map's centre (with --zoom).")
    var center: String?

    @Option(help: "Zoom level 0–22 (fractions allowed), with --center.", transform: decimal)
    var zoom: Double?

    @Option(help: "WIDTHxHEIGHT in pixels (points for PDF/SVG).")
    var size: String = "1024x768"

    @Option(help: "1, 2 or 3: the same layout, drawn sharper (PNG).", transform: decimal)
    var scale: Double = 1

    @Option(help: "Pixels kept free around the pins when fitting.", transform: decimal)
    var padding: Double = 24

    @OptionGroup var categories: CategoryOptions

    @Option(help: "A style name (default, print) or a style file.")
    var style: String = "default"

    @Option(help: "Language of names and the legend (lv, en, cs).", transform: LanguageCode.parse)
    var lang: String?

    @Option(help: "EPSG:CODE of a projected CRS to draw in, for printable maps (default: Web Mercator, EPSG:3857).")
    var crs: String?

    @Option(help: "The image: FILE.png, FILE.pdf or FILE.svg.")
    var output: String

    @Option(help: "Also write what the map drew as JSON: every mark and label with its text, kind (annotation; a base street, district, place, country, park, water), the features it stands for and its box in pixels.")
    var layout: String?

    @Option(help: "Read the base map from this database (a SpatiaLite file or a postgres:// URL, filled by `waymark base import`) instead of --db: one country's base for many databases.")
    var base: String?

    @Flag(name: .customLong("no-base"), help: "Leave the base map out: the annotations alone.")
    var noBase = false

    /// Which options go together; the values themselves are the renderer's to check.
    func validate() throws {
        guard ImageFormat(path: output) != nil else { throw ValidationError("--output: '\(output)' must end in .png, .pdf or .svg") }
        if let layout, !layout.lowercased().hasSuffix(".json") { throw ValidationError("--layout: '\(layout)' must end in .json") }
        if bbox != nil, center != nil { throw ValidationError("--bbox and --center: give one of them") }
        if center != nil, zoom == nil { throw ValidationError("--zoom: needed with --center") }
        if zoom != nil, center == nil { throw ValidationError("--zoom: only with --center") }
        if base != nil, noBase { throw ValidationError("--base and --no-base: give one of them") }
        if let base { try DatabaseOptions.check(base, option: "base") }
    }

    func framing() throws -> Framing {
        if let bbox { return .bbox(try BoundingBox(parsing: bbox)) }
        if let center, let zoom { return .center(try Coordinate(parsing: center, field: .center), zoom: zoom) }
        return .fit(padding: padding, maxZoom: 16)
    }

    func run() throws {
        // Every value checked before the database is opened.
        let request = try withOptionNames {
            let (width, height) = try MapRequest.size(parsing: size)
            let request = MapRequest(features: [], projection: try ProjectedCRS.projection(named: crs ?? "EPSG:3857"),
                                     categories: try categories.filter,
                                     framing: try framing(), width: width, height: height, scale: scale, format: ImageFormat(path: output)!,
                                     style: try MapStyle.named(orFile: style), language: lang)
            try request.validate()
            return request
        }
        MapRenderer.openFontsAhead(request.style)
        let store = try database.open()
        let baseMap = try baseSource(besides: store)
        let fetched = try withOptionNames { try request.fetchingFeatures(from: store, base: baseMap) }
        try withOptionNames {
            guard let layout else { return try MapRenderer.render(fetched).writeAtomically(to: output) }
            let drawn = try MapRenderer.renderWithLayout(fetched)
            try drawn.image.writeAtomically(to: output)
            try drawn.layout.json.writeAtomically(to: layout)
        }
        print("wrote \(output)\(layout.map { " and \($0)" } ?? "") (\(fetched.features.count) feature(s))")
    }

    /// Where the base map comes from: `--base`, else the database when it can hold one (a
    /// SpatiaLite file or PostGIS; one without a base map draws none); nothing with `--no-base`.
    func baseSource(besides store: any FeatureStore) throws -> (any BaseMapSource)? {
        if noBase { return nil }
        guard let base else { return store as? any BaseMapSource }
        guard let source = try DatabaseOptions.open(base, readOnly: true, option: "base") as? any BaseMapSource else {
            throw ValidationError("--base: '\(base)' is a store that holds no base map")
        }
        // A base database with no base map would draw a bare map without a word, as atlas refuses it.
        guard try !source.baseSources().isEmpty else {
            throw ValidationError("--base: \(base) holds no base map; fill it with `waymark base import --db \(base) FILE…`")
        }
        return source
    }
}
