import ArgumentParser
import Atlas
import Foundation
import Synchronization
import GeoCore
import GeoStore
import MapRender
import MapServer
import Stores

@main
struct Waymark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Geospatial queries over points of interest, waters, cinemas and trips.",
        subcommands: [Import.self, Nearest.self, Within.self, BBox.self, Stats.self, Render.self, AtlasCommand.self, Serve.self, Copy.self])
}

/// `--db`, else `$WAYMARK_DB`, else the default database built from Data/: a SpatiaLite file, or
/// PostGIS for a postgres:// URL.
struct DatabaseOptions: ParsableArguments {
    @Option(help: "A SpatiaLite file, or postgres://user@host:port/database for PostGIS (default: $WAYMARK_DB, else the demo data in Data/, which import does not write to).")
    var db: String?

    /// `--db`, else `$WAYMARK_DB` (an empty one is unset): the user's own database, if named.
    var named: String? { db ?? ProcessInfo.processInfo.environment["WAYMARK_DB"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The file or URL `open` opens: the user's, else the default database.
    var location: String {
        get throws { try named ?? DefaultDataset.databasePath() }
    }

    func validate() throws {
        if let db { try Self.check(db, option: "db") }
    }

    /// The database to read.
    func open() throws -> any FeatureStore { try Self.open(try location, readOnly: true) }

    /// The user's database, for a command that writes: never the default one, which is rebuilt
    /// from Data/ alone, so that rows written into it would vanish at its next rebuild.
    func openForWriting() throws -> any FeatureStore {
        guard let named else {
            throw ValidationError("no database to write to: give --db FILE (or a postgres:// URL), or set $WAYMARK_DB; "
                                  + "the default database holds the demo data of Data/ and is rebuilt from it, which would drop imported rows")
        }
        return try Self.open(named, readOnly: false)
    }

    /// Refuses an empty name or a malformed URL as an error naming `option`.
    static func check(_ location: String, option: String) throws {
        // SQLite takes an empty name for a temporary database, deleted when it closes.
        guard !location.isEmpty else { throw ValidationError("--\(option): empty; give a file or a postgres:// URL") }
        do { try StoreLocation.check(location) } catch let .invalid(_, reason) { throw ValidationError("--\(option): \(reason)") }
    }

    /// The store at a file path or URL; a malformed URL is an error naming `option`.
    static func open(_ location: String, readOnly: Bool, option: String = "db") throws -> any FeatureStore {
        do { return try StoreLocation.open(location, readOnly: readOnly) } catch let GeoError.invalid(_, reason) {
            throw ValidationError("--\(option): \(reason)")
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, geojson
}

/// What every query prints: the format, the page size, the categories and the next page's cursor.
struct QueryOptions: ParsableArguments {
    @Option(help: "Comma-separated category codes (do, see, stay, eat, route, city, cinema, water, trip, …).")
    var category: String?

    @Option(help: "At most this many results (1–\(maximumLimit)).")
    var limit: Int = defaultLimit

    @Option(help: "Continue after the cursor printed with the previous page.")
    var cursor: String?

    @Option(help: "Output: table (for people, km), json, or geojson (RFC 7946).")
    var format: OutputFormat = .table

    @Option(help: "Language of names (lv, en, cs…), where the data has it.")
    var lang: String?

    func validate() throws {
        guard (1...maximumLimit).contains(limit) else { throw ValidationError("--limit: \(limit) is outside 1…\(maximumLimit)") }
        if let category, categories.codes.isEmpty || category.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--category: '\(category)' has an empty code")
        }
    }

    var categories: CategoryFilter {
        CategoryFilter((category ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
    }

    var after: Cursor? { get throws { try cursor.map { try Cursor(token: $0) } } }

    /// Refuses codes the database has never heard of, listing the known ones.
    func checkCategories(in store: any FeatureStore) throws {
        do { try store.check(categories) } catch let GeoError.invalid(field, reason) { throw ValidationError("--\(field): \(reason)") }
    }

    func print(_ page: FeaturePage, from store: any FeatureStore, showDistance: Bool) throws {
        switch format {
        case .geojson:
            Swift.print(String(decoding: GeoJSONOutput.featureCollection(try store.withDetails(page), language: lang), as: UTF8.self))
        case .json:
            Swift.print(String(decoding: GeoJSONOutput.plain(try store.withDetails(page), language: lang), as: UTF8.self))
        case .table:
            var rows = [(showDistance ? ["km"] : []) + ["category", "name", "address", "id"]]
            for f in page.features {
                let km = f.distance.map { String(format: "%.3f", $0 / 1000) }
                rows.append((showDistance ? [km ?? ""] : []) + [f.category, f.name(in: lang) ?? "(unnamed)", f.address ?? "", f.id.description])
            }
            Swift.print(TextTable.render(rows, rightAligned: showDistance ? [0] : []))
            if page.features.isEmpty { Swift.print("(nothing found)") }
            if let next = page.next { Swift.print("more: --cursor \(next.token)") }
        }
    }
}

/// A number option read as every typed number is (`DecimalNumber`): no hex, inf, nan or '+'.
func decimal(_ text: String) throws -> Double {
    guard let value = DecimalNumber.parse(text) else { throw ValidationError("'\(text)' is not a decimal number") }
    return value
}

/// Latitude and longitude as people type them, negative numbers included.
struct PointOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Latitude in degrees (-90…90).", transform: decimal)
    var lat: Double

    @Option(parsing: .unconditional, help: "Longitude in degrees (-180…180).", transform: decimal)
    var lon: Double

    var coordinate: Coordinate { get throws { try Coordinate(validatingLat: lat, lon: lon) } }

    func validate() throws {
        do { _ = try coordinate } catch { throw ValidationError("--\(error)") }
    }
}

/// What `nearest` and `within` share: a point, the query options, and one way to run them.
struct DistanceQuery: ParsableArguments {
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var point: PointOptions
    @OptionGroup var query: QueryOptions

    /// Refuses a radius that is not a positive number of metres up to `NearestQuery.maximumDistance`.
    static func check(_ metres: Double?, option: String) throws {
        if let metres, !(metres > 0 && metres <= NearestQuery.maximumDistance) {
            throw ValidationError("--\(option): \(metres) must be a positive number of metres, at most \(Int(NearestQuery.maximumDistance))")
        }
    }

    func run(maxDistance: Double?) throws {
        let store = try database.open()
        try query.checkCategories(in: store)
        let page = try store.nearest(NearestQuery(center: point.coordinate, limit: query.limit, categories: query.categories,
                                                  maxDistance: maxDistance, after: query.after))
        try query.print(page, from: store, showDistance: true)
    }
}

struct Nearest: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The nearest features to a point, nearest first.")
    @OptionGroup var distanceQuery: DistanceQuery

    @Option(name: .customLong("max-distance"), parsing: .unconditional, help: "Only features within this many metres.", transform: decimal)
    var maxDistance: Double?

    func validate() throws { try DistanceQuery.check(maxDistance, option: "max-distance") }
    func run() throws { try distanceQuery.run(maxDistance: maxDistance) }
}

struct Within: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Features within a radius of a point, nearest first.")
    @OptionGroup var distanceQuery: DistanceQuery

    @Option(parsing: .unconditional, help: "Radius in metres (up to 20 000 km).", transform: decimal)
    var radius: Double

    func validate() throws { try DistanceQuery.check(radius, option: "radius") }
    func run() throws { try distanceQuery.run(maxDistance: radius) }
}

struct BBox: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bbox",
        abstract: "Features inside a box; MINLON > MAXLON crosses the antimeridian.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var query: QueryOptions

    @Option(parsing: .unconditional, help: "MINLON,MINLAT,MAXLON,MAXLAT in degrees.")
    var bbox: String

    func validate() throws {
        do { _ = try BoundingBox(parsing: bbox, field: "--bbox") } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let store = try database.open()
        try query.checkCategories(in: store)
        let page = try store.bbox(BoxQuery(box: BoundingBox(parsing: bbox, field: "--bbox"), limit: query.limit,
                                           categories: query.categories, after: query.after))
        try query.print(page, from: store, showDistance: false)
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import GeoJSON, CSV, GPX or the travel guide's XML feed, all files in one transaction.")
    @OptionGroup var database: DatabaseOptions

    @Option(help: "Store every record as this kind (poi, water, cinema, trip) instead of deciding by its tags.")
    var kind: FeatureKind?

    @Flag(help: "Import the valid records and report the invalid ones instead of refusing the whole import.")
    var skipInvalid = false

    @Argument(help: "Files to import (.geojson/.json, .csv, .gpx, .xml).")
    var files: [String]

    func run() throws {
        let store = try database.openForWriting()
        let summary = try store.importFiles(try FileImport.parse(paths: files, kind: kind), skipInvalid: skipInvalid)
        for problem in summary.skipped { FileHandle.standardError.write(Data("skipped \(problem)\n".utf8)) }
        if summary.omittedSkipped > 0 { FileHandle.standardError.write(Data("skipped … and \(summary.omittedSkipped) more\n".utf8)) }
        let counts = FeatureKind.allCases.compactMap { k in summary.inserted[k].map { "\($0) \(k.rawValue)" } }
        print("imported \(counts.isEmpty ? "nothing" : counts.joined(separator: ", ")) from \(files.count) file(s)"
              + (summary.skipped.isEmpty ? "" : "; skipped \(summary.skippedCount) invalid record(s)"))
    }
}

extension FeatureKind: ExpressibleByArgument {}

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

/// Columns padded to the widest cell, for people reading a terminal.
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Option(help: "Comma-separated category codes to draw (default: all).")
    var category: String?

    @Option(help: "A style name (default, print) or a style file.")
    var style: String = "default"

    @Option(help: "Language of names and the legend (lv, en, cs).")
    var lang: String?

    @Option(help: "EPSG:CODE of a projected CRS to draw in, for printable maps (default: Web Mercator, EPSG:3857).")
    var crs: String?

    @Option(help: "The image: FILE.png, FILE.pdf or FILE.svg.")
    var output: String

    func validate() throws {
        guard ImageFormat(path: output) != nil else { throw ValidationError("--output: '\(output)' must end in .png, .pdf or .svg") }
        guard [1.0, 2, 3].contains(scale) else { throw ValidationError("--scale: \(scale) must be 1, 2 or 3") }
        let (w, h) = try dimensions()
        guard w * scale <= MapRequest.largestSide, h * scale <= MapRequest.largestSide else {
            throw ValidationError("--size: \(size) at scale \(Int(scale)) is more than \(Int(MapRequest.largestSide)) px a side")
        }
        guard padding >= 0, padding.isFinite else { throw ValidationError("--padding: \(padding) must be 0 or more") }
        if bbox != nil, center != nil { throw ValidationError("--bbox and --center: give one of them") }
        if center != nil, zoom == nil { throw ValidationError("--zoom: needed with --center") }
        if zoom != nil, center == nil { throw ValidationError("--zoom: only with --center") }
        if let zoom, !(0...22).contains(zoom) { throw ValidationError("--zoom: \(zoom) is outside 0…22") }
    }

    func dimensions() throws -> (Double, Double) {
        do { return try MapRequest.size(parsing: size, field: "--size") } catch { throw ValidationError("\(error)") }
    }

    func framing() throws -> Framing {
        if let bbox {
            do { return .bbox(try BoundingBox(parsing: bbox, field: "--bbox")) } catch { throw ValidationError(error.description) }
        }
        if let center, let zoom {
            do { return .center(try Coordinate(parsing: center, field: "--center"), zoom: zoom) } catch { throw ValidationError(error.description) }
        }
        return .fit(padding: padding, maxZoom: 16)
    }

    func run() throws {
        let (width, height) = try dimensions()
        let mapStyle = try MapStyle.named(orFile: style)
        let store = try database.open()
        let codes: CategoryFilter
        do {
            codes = try category.map { try CategoryFilter(parsing: $0) } ?? CategoryFilter()
            try store.check(codes)
        } catch let GeoError.invalid(field, reason) { throw ValidationError("--\(field): \(reason)") }
        let framing = try framing()
        do {
            let projection = try ProjectedCRS.projection(named: crs ?? "EPSG:3857")
            let request = try MapRequest(features: [], projection: projection, categories: codes, framing: framing, width: width, height: height,
                                         scale: scale, format: ImageFormat(path: output)!, style: mapStyle, language: lang)
                .fetchingFeatures(from: store)
            try MapRenderer.render(request).writeAtomically(to: output)
            print("wrote \(output) (\(request.features.count) feature(s))")
        } catch let error as RenderError {
            // The renderer names its fields as the options are named: say them as typed.
            let options = ["size", "scale", "center", "zoom", "bbox", "padding", "crs"]
            throw ValidationError(error.field.map(options.contains) == true ? "--" + error.description : error.description)
        }
    }
}

/// The signal that asked `waymark atlas` to stop (0: none yet), set by its signal handler.
private let atlasStopSignal = Atomic<Int32>(0)

/// A manifest or a map that cannot be printed: said as it is, without the usage text.
struct AtlasFailure: Error, CustomStringConvertible {
    let description: String
}

struct AtlasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atlas",
        abstract: "Print a manifest of maps (docs/atlas.md) to PDF and PNG pages with a grid, an index, a legend and the scale, in parallel.")
    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The manifest (YAML), e.g. Data/atlas.yaml.")
    var manifest: String

    @Option(help: "The folder the maps are written to (made if missing).")
    var output: String = "."

    @Option(help: "Maps drawn at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Draw every map, even those drawn before from the same database, manifest entry and style.")
    var force = false

    @Option(help: "Also one PDF of all maps, e.g. atlas.pdf (a relative path is within --output).")
    var combine: String?

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs: \(jobs) must be 1 or more") }
        if let combine, !combine.lowercased().hasSuffix(".pdf") { throw ValidationError("--combine: '\(combine)' must end in .pdf") }
    }

    func run() throws {
        // Every problem of the manifest, categories included, is found before a map is drawn.
        let atlas: AtlasManifest
        do { atlas = try AtlasManifest.load(path: manifest) } catch { throw AtlasFailure(description: "\(error)") }
        let store = try database.open(), location = try database.location
        do { try atlas.check(against: store) } catch { throw AtlasFailure(description: "\(error)") }
        let folder = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let combined = combine.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0) }
        if let combined, let map = atlas.maps.first(where: { $0.formats.contains(.pdf) && folder.appendingPathComponent($0.fileName + ".pdf").standardized == combined.standardized }) {
            throw AtlasFailure(description: "--combine: \(combined.lastPathComponent) is the PDF of \(map.label); give the combined PDF a name of its own")
        }
        // A SpatiaLite file's last change is its modification time; PostGIS does not say.
        let batch = AtlasBatch(maps: atlas.maps, options: .init(outputDirectory: folder, jobs: jobs, force: force, combine: combined),
                               dataDate: StoreLocation.isPostgres(location) ? nil
                                   : (try? FileManager.default.attributesOfItem(atPath: location))?[.modificationDate] as? Date,
                               data: "\(Self.identity(of: location)), data version \(try store.dataVersion())") {
            try StoreLocation.open(location, readOnly: true)
        }
        // Ctrl-C (or a SIGTERM) lets the maps being drawn finish and be written whole, and starts
        // no more. A plain handler notes the signal and a timer tells the batch: a dispatch signal
        // source on Linux sees a signal only when every thread blocks it, and the threads of
        // Swift's own pool do not.
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber) { atlasStopSignal.store($0, ordering: .relaxed) } }
        let watcher = DispatchSource.makeTimerSource(queue: .global())
        watcher.schedule(deadline: .now(), repeating: .milliseconds(50))
        watcher.setEventHandler { if atlasStopSignal.load(ordering: .relaxed) != 0 { batch.interrupt() } }
        watcher.resume()
        defer { watcher.cancel() }

        let progress = AtlasProgress()
        let report = batch.run { done, total, map, outcome in progress.update(done: done, total: total, map: map, outcome: outcome) }
        progress.finish(interrupted: report.interrupted)
        let rendered = report.outcomes.filter { if case .rendered = $0.outcome { true } else { false } }.count
        let skipped = report.outcomes.filter { if case .skipped = $0.outcome { true } else { false } }.count
        print("\(rendered) map(s) drawn, \(skipped) up to date, \(report.failures.count) failed, of \(atlas.maps.count) in \(manifest)")
        if let path = report.combined { print("wrote \(path)") }
        for (map, outcome) in report.outcomes {
            if case let .rendered(_, _, crowded, _) = outcome, crowded > 0 {
                print("note: \(map.label): \(crowded) marker(s) found no spot of their own and cover others; a smaller area or fewer categories would give each one")
            }
        }
        for (map, reason) in report.failures { print("FAILED \(map.label): \(reason)") }
        if let reason = report.combineFailure { print("FAILED the combined PDF: \(reason)") }
        if report.interrupted {
            print("interrupted: \(atlas.maps.count - report.outcomes.count) map(s) not drawn; every file written is whole")
            throw ExitCode(128 + atlasStopSignal.load(ordering: .relaxed))
        }
        if !report.failures.isEmpty || report.combineFailure != nil { throw ExitCode.failure }
    }
}

extension AtlasCommand {
    /// The database as a map's stamp names it: a file by its absolute path, PostGIS by its URL
    /// without the password (the stamp lies beside the maps, for anyone to read).
    static func identity(of location: String) -> String {
        guard StoreLocation.isPostgres(location) else { return URL(fileURLWithPath: location).standardizedFileURL.path }
        var url = URLComponents(string: location)
        url?.password = nil
        return url?.string ?? "postgres"
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the queries, maps and tiles over HTTP (the API is described at /openapi.json); stops gracefully on SIGTERM.",
        discussion: "The server only reads, through read-only connections: with --read it answers from a PostGIS streaming replica while --db (or $WAYMARK_DB) stays the primary that imports write to, and any number of servers may share one database behind a load balancer.")
    @OptionGroup var database: DatabaseOptions

    @Option(name: .customLong("read"), help: "Answer from this database instead: a read replica of --db (postgres://…), or a copy of its SpatiaLite file. The server does not open --db then.")
    var readLocation: String?

    @Option(help: "Address to listen on (default: loopback only; 0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port).")
    var port = 8080

    @Option(help: "Threads that draw maps and tiles, each with its own read-only database connection (default: one per core); queries get half as many threads of their own (at least one).")
    var workers: Int?

    @Option(name: .customLong("queue"), help: "Requests that may wait for a worker, for queries and for drawings each; past that the server answers 503 with Retry-After (default: 64 per drawing worker, at least 256).")
    var queueDepth: Int?

    @Option(name: .customLong("cache-mb"), help: "Megabytes of drawn tiles and maps kept in memory.")
    var cacheMB = 64

    @Option(name: .customLong("base-layer"), help: "A tile URL (https://…/{z}/{x}/{y}.png) the map page shows under Waymark's pins (default: none, a plain background).")
    var baseLayer: String?

    func validate() throws {
        if let readLocation { try DatabaseOptions.check(readLocation, option: "read") }
        guard (0...65535).contains(port) else { throw ValidationError("--port: \(port) is outside 0…65535") }
        if let workers, !(1...256).contains(workers) { throw ValidationError("--workers: \(workers) is outside 1…256") }
        if let queueDepth, !(0...1_000_000).contains(queueDepth) { throw ValidationError("--queue: \(queueDepth) is outside 0…1000000") }
        if let baseLayer, !(["{z}", "{x}", "{y}"].allSatisfy(baseLayer.contains) && (baseLayer.hasPrefix("http://") || baseLayer.hasPrefix("https://"))) {
            throw ValidationError("--base-layer: '\(baseLayer)' is not an http(s) tile URL with {z}, {x} and {y}")
        }
        guard (0...65536).contains(cacheMB) else { throw ValidationError("--cache-mb: \(cacheMB) is outside 0…65536") }
    }

    func run() async throws {
        var configuration = MapServerConfiguration(database: try readLocation ?? database.location)
        configuration.host = host
        configuration.port = port
        if let workers { configuration.workers = workers }
        configuration.queueDepth = queueDepth
        configuration.cacheBytes = cacheMB << 20
        configuration.baseLayer = baseLayer
        MallocTuning.keepFreedImageMemory()
        try await MapServer.run(configuration)
    }
}

struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy every record of one database into another (SpatiaLite file or postgres:// URL), in one transaction.",
        discussion: "Ids are given in the target's import order (spatial), as they were in a source built by one import.")

    @Option(help: "The database to read: a SpatiaLite file or a postgres:// URL.")
    var from: String

    @Option(help: "The database to write (created or migrated): a SpatiaLite file or a postgres:// URL.")
    var to: String

    func validate() throws {
        try DatabaseOptions.check(from, option: "from")
        try DatabaseOptions.check(to, option: "to")
        guard from != to else { throw ValidationError("--to: '\(to)' is also --from") }
    }

    func run() throws {
        let source = try DatabaseOptions.open(from, readOnly: true, option: "from")
        let target = try DatabaseOptions.open(to, readOnly: false, option: "to")
        let summary = try source.copy(to: target)
        let counts = FeatureKind.allCases.compactMap { k in summary.inserted[k].map { "\($0) \(k.rawValue)" } }
        print("copied \(counts.isEmpty ? "nothing" : counts.joined(separator: ", "))")
    }
}
