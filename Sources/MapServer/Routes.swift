import Foundation
import GeoCore
import GeoStore
import HTTPTypes
import Hummingbird
import HummingbirdCore
import MapRender

/// The handlers: parameters → the engine (on a worker) → the answer. Input is checked by
/// the engine (GeoStore's queries, categories and sources against the store included, GeoCore's
/// coordinates and tiles, MapRender's requests), the same checks the CLI relies on; only reading
/// text into numbers is the server's own.
struct Routes: Sendable {
    typealias Context = BasicRequestContext

    let workers: WorkerLanes
    let cache: RenderCache
    /// How long a drawing may take, waiting included (`MapServerConfiguration.drawingBudget`).
    let drawingBudget: Duration?
    let version: DataVersion
    let zones: ZoneLookup
    let metrics: ServerMetrics
    let style: MapStyle
    let page: Page
    private let drawing = SingleFlight<CachedImage>()

    /// The largest image, in device pixels (width × height × scale²): 16 megapixels.
    static let maximumPixels = 4096.0 * 4096
    static let imageCacheControl = "public, max-age=300"

    func register(on router: Router<Context>) {
        for route in Route.allCases {
            router.get(RouterPath(route.rawValue)) { request, context in
                do {
                    let parameters = try Parameters(request.uri, declared: route.queryParameters)
                    return try await respond(route, to: request, parameters, context)
                } catch {
                    throw APIError(input: error, route: route) ?? error
                }
            }
        }
    }

    private func respond(_ route: Route, to request: Request, _ p: Parameters, _ context: Context) async throws -> Response {
        switch route {
        case .nearest: return try await distanceQuery(p, maxDistance: try p.number("max_distance"))
        case .within: return try await distanceQuery(p, maxDistance: try p.requiredNumber("radius"))
        case .bbox: return try await bbox(p)
        case .search: return try await search(p)
        case .cinemas: return try await cinemas(p)
        case .catchStatistics: return try await catchStatistics(p)
        case .trips: return try await trips(p)
        case .timezone: return try await timezone(p)
        case .mapPNG: return try await map(p, format: .png, request: request)
        case .mapPDF: return try await map(p, format: .pdf, request: request)
        case .mapSVG: return try await map(p, format: .svg, request: request)
        case .mapLayout: return try await map(p, format: .png, layout: true, request: request)
        case .tile: return try await tile(p, context: context, request: request)
        case .vectorTile: return try await vectorTile(p, context: context, request: request)
        case .tileJSON: return try await tileJSON(p, request: request)
        case .baseTile: return try await baseTile(p, context: context, request: request)
        case .style: return try await mapLibreStyle(p, request: request)
        case .glyphs: return try await glyphs(context: context, request: request)
        case .spriteIndex, .spriteIndex2x:
            return Self.body(Array(try SpriteSheet(style: style).index(pixelRatio: route == .spriteIndex ? 1 : 2)), type: "application/json")
        case .spriteImage, .spriteImage2x: return try await sprite(pixelRatio: route == .spriteImage ? 1 : 2, request: request)
        case .baseVectorTile: return try await baseVectorTile(context: context, request: request)
        case .baseTileJSON: return try await baseTileJSON(request: request)
        case .categories: return try await categories(language: try p.language())
        case .health: return Self.body(Array(#"{"status":"ok"}"#.utf8), type: "application/json")
        case .metrics: return Self.body(Array(metrics.exposition.utf8), type: "text/plain; version=0.0.4; charset=utf-8")
        case .openAPI: return Self.body(PackageResources.openapi_json, type: "application/json")
        case .page: return Self.body(page.vector, type: "text/html; charset=utf-8")
        case .rasterPage: return Self.body(page.raster, type: "text/html; charset=utf-8")
        case .vectorScript: return Self.body(PackageResources.vector_js, type: "text/javascript; charset=utf-8")
        case .rasterScript: return Self.body(PackageResources.raster_js, type: "text/javascript; charset=utf-8")
        case .pageScript: return Self.body(PackageResources.app_js, type: "text/javascript; charset=utf-8")
        case .pageStyle: return Self.body(PackageResources.app_css, type: "text/css; charset=utf-8")
        }
    }

    // MARK: Queries

    private func distanceQuery(_ p: Parameters, maxDistance: Double?) async throws -> Response {
        let query = NearestQuery(center: Coordinate(lat: try p.requiredNumber("lat"), lon: try p.requiredNumber("lon")),
                                 limit: try p.integer("limit") ?? defaultLimit, categories: try p.categories(), sources: try p.sources(),
                                 maxDistance: maxDistance, after: try p.cursor())
        let language = try p.language()
        return try await geoJSON { store in
            GeoJSONOutput.featureCollection(try store.withDetails(try store.nearest(query)), language: language)
        }
    }

    private func bbox(_ p: Parameters) async throws -> Response {
        let query = BoxQuery(box: try BoundingBox(parsing: try p.required("bbox")), limit: try p.integer("limit") ?? defaultLimit,
                             categories: try p.categories(), sources: try p.sources(), after: try p.cursor())
        let language = try p.language()
        return try await geoJSON { store in
            GeoJSONOutput.featureCollection(try store.withDetails(try store.bbox(query)), language: language)
        }
    }

    /// The diary's trips newest first, each with its catches, times on its own clock.
    private func trips(_ p: Parameters) async throws -> Response {
        let query = DiaryQuery(limit: try p.integer("limit") ?? defaultLimit, after: try p.cursor())
        let language = try p.language()
        return try await geoJSON { store in
            GeoJSONOutput.featureCollection(try store.withDetails(try store.diary(query)), language: language)
        }
    }

    private func search(_ p: Parameters) async throws -> Response {
        let text = try p.required("q"), (lat, lon) = (try p.number("lat"), try p.number("lon"))
        guard (lat == nil) == (lon == nil) else { throw APIError.invalid(lat == nil ? "lat" : "lon", "is missing: lat and lon go together") }
        let query = SearchQuery(text: text, center: lat.map { Coordinate(lat: $0, lon: lon!) }, categories: try p.categories(),
                                kind: try p.text("kind").map { try SearchQuery.kind(parsing: $0) }, sources: try p.sources(),
                                maxDistance: try p.number("radius"), box: try p.text("bbox").map { try BoundingBox(parsing: $0) },
                                fields: try p.text("in").map { try SearchField.fields(parsing: $0) } ?? Set(SearchField.allCases),
                                limit: try p.integer("limit") ?? defaultLimit, after: try p.cursor())
        let language = try p.language()
        return try await geoJSON { store in
            GeoJSONOutput.featureCollection(try store.withDetails(try store.search(query)), language: language)
        }
    }

    /// Nearest cinemas with the day's programme: GeoJSON, or with `format=json` plain JSON (`CinemaOutput`).
    private func cinemas(_ p: Parameters) async throws -> Response {
        let query = NearestQuery(center: Coordinate(lat: try p.requiredNumber("lat"), lon: try p.requiredNumber("lon")),
                                 limit: try p.integer("limit") ?? defaultLimit, sources: try p.sources(), maxDistance: try p.number("radius"),
                                 after: try p.cursor())
        let (day, film) = (try p.text("date"), try p.text("film"))
        let plain: Bool
        switch try p.text("format") ?? "geojson" {
        case "geojson": plain = false
        case "json": plain = true
        case let other: throw APIError.invalid("format", "'\(other)' is not geojson or json")
        }
        let data = try await workers.queries.withStore { store in
            let page = try store.cinemas(query, day: day, film: film)
            return plain ? CinemaOutput.plain(page) : CinemaOutput.geoJSON(page)
        }
        return Self.body(Array(data), type: plain ? "application/json" : "application/geo+json")
    }

    /// The diary's statistics grouped by `by` (water, species, year; all three by default), of a
    /// `year`, `water` and `species` when given, as `waymark stats catches --format json`.
    private func catchStatistics(_ p: Parameters) async throws -> Response {
        let grouping = try CatchGrouping.list(parsing: try p.text("by") ?? "water,species,year")
        let filter = try CatchFilter(year: try p.text("year"), water: try p.text("water"), species: try p.text("species"))
        let language = try p.language()
        let data = try await workers.queries.withStore { store in
            CatchStatistic.json(try store.catchStatistics(by: grouping, filter: filter, language: language), by: grouping)
        }
        return Self.body(Array(data), type: "application/json")
    }

    /// The zone of a point and its offset now, or `at` a time (`ZoneTime`; `ZoneOutput`); 404 when
    /// the database holds no zone polygons.
    private func timezone(_ p: Parameters) async throws -> Response {
        let point = Coordinate(lat: try p.requiredNumber("lat"), lon: try p.requiredNumber("lon"))
        let asked = try p.text("at").map(ZoneTime.init(parsing:))
        guard let answer = try await zones.zone(at: point) else {
            throw APIError(status: .notFound, code: "not_found",
                           message: "the database holds no time zone polygons (waymark timezone import FILE)")
        }
        let time = asked.map { $0.instant(in: ZoneRules.named(answer.zone)) } ?? Date()
        return Self.body(Array(ZoneOutput.json(answer, at: point, time: time)), type: "application/json")
    }

    private func categories(language: String?) async throws -> Response {
        // With the style's label (in `language` where the style has it) and colour, for the page's check-boxes.
        struct Count: Encodable { let category: String, kind: String, count: Int, located: Int, bbox: [Double]?, label: String, color: String }
        let style = style
        return try await workers.queries.withStore { store in
            let counts = try store.categories().map {
                Count(category: $0.category, kind: $0.kind.rawValue, count: $0.count, located: $0.located,
                      bbox: $0.bounds.map { [$0.minLon, $0.minLat, $0.maxLon, $0.maxLat] },
                      label: style.label(for: $0.category, language: language), color: style.category($0.category).color.hex)
            }
            return Self.body(Array(try JSONEncoder.sorted.encode(["categories": counts])), type: "application/json")
        }
    }

    private func geoJSON(_ job: @escaping @Sendable (any FeatureStore) throws -> Data) async throws -> Response {
        let data = try await workers.queries.withStore(job)
        return Self.body(Array(data), type: "application/geo+json")
    }

    // MARK: Images

    /// A map as an image, or with `layout` what the PNG of it draws (`MapLayout`) as JSON.
    private func map(_ p: Parameters, format: ImageFormat, layout: Bool = false, request: Request) async throws -> Response {
        let (width, height) = try MapRequest.size(parsing: try p.text("size") ?? "1024x768")
        let asked = try p.number("scale") ?? 1
        // A layout is measured the same at every scale: checked as asked, drawn at 1.
        let scale = layout ? 1 : asked
        guard width * height * asked * asked <= Self.maximumPixels else {
            throw APIError.invalid("size", "\(Int(width))x\(Int(height)) at scale \(asked) is more than \(Int(Self.maximumPixels)) pixels")
        }
        let framing = try Self.framing(p)
        let categories = try p.categories(), language = try p.language(), style = style, withBase = try p.flag("base") ?? true
        if layout {
            try MapRequest(features: [], categories: categories, framing: framing, width: width, height: height, scale: asked, style: style).validate()
        }
        let kind = layout ? "json" : format.rawValue
        let key = "map.\(kind) \(width)x\(height)@\(scale) \(framing) c=\(categories.codes.sorted()) l=\(language ?? "") b=\(withBase)"
        let (image, source) = try await cachedImage(kind: "map", key: key, pixels: Int(width * height * scale * scale), compressible: layout) { store, cancellation in
            let request = try MapRequest(features: [], categories: categories, framing: framing, width: width, height: height,
                                         scale: scale, format: format, style: style, language: language)
                .fetchingFeatures(from: store, base: withBase ? store as? any BaseMapSource : nil, cancellation: cancellation)
            return layout ? try MapRenderer.renderWithLayout(request, cancellation: cancellation).layout.json
                : try MapRenderer.render(request, cancellation: cancellation)
        }
        return Self.imageResponse(image, source: source, type: layout ? "application/json" : format.mediaType, request: request)
    }

    private func tile(_ p: Parameters, context: Context, request: Request) async throws -> Response {
        let (tile, scale) = try Self.tile(context)
        let categories = try p.categories(), language = try p.language(), style = style, withBase = try p.flag("base") ?? false
        let key = "tile \(tile)@\(scale) c=\(categories.codes.sorted()) l=\(language ?? "")\(withBase ? " b" : "")"
        let (image, source) = try await cachedImage(kind: withBase ? "tile+base" : "tile", key: key, pixels: Self.tilePixels(scale)) { store, cancellation in
            // Every feature of the tile's fetch area, or the tile would not agree with its neighbours.
            let features = try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: categories, cancellation: cancellation)
            // Over the base, whose names then keep off the marks and their labels (the page's
            // tiles where the base is this server's: a name under a mark cannot be read).
            let base = withBase ? try (store as? any BaseMapSource)?.baseFeatures(for: Viewport(tile: tile), style: style) ?? [] : []
            return try MapRenderer.renderTile(tile, features: features, categories: categories, scale: scale, style: style, language: language,
                                              base: base, cancellation: cancellation)
        }
        return Self.imageResponse(image, source: source, type: "image/png", request: request)
    }

    /// The annotation layout of the tile's area at 512 pixels (the PNG tiles of the next zoom) as a
    /// Mapbox Vector Tile; kept in the render cache beside the images (gzipped too), validated by the same ETag.
    private func vectorTile(_ p: Parameters, context: Context, request: Request) async throws -> Response {
        let tile = try Self.vectorTileID(context)
        let categories = try p.categories(), language = try p.language(), style = style, withBase = try p.flag("base") ?? false
        let withMarks = try p.flag("marks") ?? true
        let key = "mvt \(tile) c=\(categories.codes.sorted()) l=\(language ?? "")\(withBase ? " b" : "")\(withMarks ? "" : " m0")"
        let (data, source) = try await cachedImage(kind: withBase ? "mvt+names" : "mvt", key: key, pixels: 0, compressible: true) { store, cancellation in
            // `marks=0`: none (the page with every category unticked shows the base's names alone).
            let features = withMarks ? try store.features(in: MapRenderer.fetchArea(Viewport(vectorTile: tile), style: style), categories: categories,
                                                          cancellation: cancellation) : []
            // The base's names placed among the marks, as the PNG tile over the base places them.
            let base = withBase ? try (store as? any BaseMapSource)?.baseFeatures(for: Viewport(vectorTile: tile), style: style) ?? [] : []
            return try AnnotationVectorTile.encode(tile, features: features, categories: categories, style: style, language: language,
                                                   base: base, cancellation: cancellation)
        }
        return Self.imageResponse(data, source: source, type: "application/vnd.mapbox-vector-tile", request: request)
    }

    /// TileJSON for the vector tiles: `category` and `lang` checked as the tiles check them and
    /// carried into the tiles' URL (`PublicBase`).
    private func tileJSON(_ p: Parameters, request: Request) async throws -> Response {
        let categories = try p.categories(), language = try p.language(), withBase = try p.flag("base") ?? false
        let query = Self.selectionQuery(categories, language, marks: try p.flag("marks") ?? true, base: withBase)
        let template = PublicBase.of(request) + "/v1/tiles/{z}/{x}/{y}.mvt" + (query.isEmpty ? "" : "?" + query)
        let document = try await workers.queries.withStore { store in
            try store.validate(categories: categories)
            // Tiles with the base's names are asked for wherever the base is, beyond the data, and credit it.
            let base = withBase ? store as? any BaseMapSource : nil
            return TileJSON(tiles: template, counts: try store.categories(), selected: categories, sources: try store.knownSources(),
                            base: try base?.baseBounds(), baseFiles: try base?.baseSources() ?? [], names: withBase)
        }
        return Self.body(Array(try JSONEncoder.sorted.encode(document)), type: "application/json")
    }

    /// `category` and `lang` (and `marks=0`, `base=1`) as a query string for the tiles' URL, escaped.
    static func selectionQuery(_ categories: CategoryFilter, _ language: String?, marks: Bool = true, base: Bool = false) -> String {
        let safe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.,")
        return [categories.isAll ? nil : "category=" + categories.codes.sorted().joined(separator: ","), language.map { "lang=" + $0 },
                marks ? nil : "marks=0", base ? "base=1" : nil]
            .compactMap { $0?.addingPercentEncoding(withAllowedCharacters: safe.union(CharacterSet(charactersIn: "="))) }
            .joined(separator: "&")
    }

    // MARK: MapLibre

    /// The MapLibre style: `category`, `lang` and `marks` checked as the tiles check them and passed
    /// on to the annotation tiles' TileJSON; `lang` also picks the base names' language. Made on a drawing
    /// worker (its sprite sheet and counts are measured with Cairo) and kept in the render cache.
    private func mapLibreStyle(_ p: Parameters, request: Request) async throws -> Response {
        let categories = try p.categories(), language = try p.language(), marks = try p.flag("marks") ?? true
        try await workers.queries.withStore { store in try store.validate(categories: categories) }
        let (server, query, style) = (PublicBase.of(request), Self.selectionQuery(categories, language, marks: marks), style)
        let (document, source) = try await cachedImage(kind: "style", key: "style \(server) \(query)", pixels: 0, compressible: true) { _, _ in
            try MapLibreStyle.document(style: style, server: server, query: query)
        }
        return Self.imageResponse(document, source: source, type: "application/json", request: request)
    }

    /// A font's glyph range, made on a drawing worker and kept in the render cache (gzipped too).
    private func glyphs(context: Context, request: Request) async throws -> Response {
        func segment(_ name: String) -> String {
            let raw = context.parameters.get(name) ?? ""
            return raw.removingPercentEncoding ?? raw
        }
        let (stack, range, style) = (segment("fontstack"), segment("range"), style)
        guard let start = GlyphRange.start(of: range) else {
            throw APIError.invalid("range", "'\(range)' is not a range of 256 characters such as 0-255 or 256-511, up to 65280-65535")
        }
        guard MapLibreFonts.face(of: stack, style: style) != nil else {
            throw APIError.invalid("fontstack", "'\(stack)' names none of the fonts served: \(MapLibreFonts.regular(style)), \(MapLibreFonts.bold(style))")
        }
        let (data, source) = try await cachedImage(kind: "glyphs", key: "glyphs \(stack) \(start)", pixels: 0, compressible: true) { _, _ in
            try GlyphRange.encode(fontstack: stack, start: start, style: style) ?? Data()
        }
        return Self.imageResponse(data, source: source, type: "application/x-protobuf", request: request)
    }

    /// The sprite sheet's image, drawn on a drawing worker and kept in the render cache.
    private func sprite(pixelRatio: Int, request: Request) async throws -> Response {
        let sheet = SpriteSheet(style: style)
        let (image, source) = try await cachedImage(kind: "sprite", key: "sprite@\(pixelRatio)",
                                                    pixels: sheet.width * sheet.height * pixelRatio * pixelRatio) { _, _ in
            try sheet.png(pixelRatio: pixelRatio)
        }
        return Self.imageResponse(image, source: source, type: "image/png", request: request)
    }

    /// The base map's tile: opaque, its names placed within it; transparent where the database
    /// has no base map.
    private func baseTile(_ p: Parameters, context: Context, request: Request) async throws -> Response {
        let (tile, scale) = try Self.tile(context)
        let language = try p.language(), style = style
        let (image, source) = try await cachedImage(kind: "base", key: "base \(tile)@\(scale) l=\(language ?? "")", pixels: Self.tilePixels(scale)) { store, cancellation in
            let base = try (store as? any BaseMapSource)?.baseFeatures(for: Viewport(tile: tile), style: style) ?? []
            return try MapRenderer.renderTile(tile, features: [], scale: scale, style: style, language: language, base: base, cancellation: cancellation)
        }
        return Self.imageResponse(image, source: source, type: "image/png", request: request)
    }

    /// The base map's features of a tile as a Mapbox Vector Tile, from the same fetch as the PNG
    /// base tile; cached, gzipped and validated as the annotation vector tiles.
    private func baseVectorTile(context: Context, request: Request) async throws -> Response {
        let tile = try Self.vectorTileID(context), style = style
        let (data, source) = try await cachedImage(kind: "base-mvt", key: "base-mvt \(tile)", pixels: 0, compressible: true) { store, cancellation in
            let base = try (store as? any BaseMapSource)?.baseFeatures(for: Viewport(vectorTile: tile), style: style) ?? []
            return try BaseVectorTile.encode(tile, base: base, style: style, cancellation: cancellation)
        }
        return Self.imageResponse(data, source: source, type: "application/vnd.mapbox-vector-tile", request: request)
    }

    /// TileJSON for the base vector tiles, on the host asked (`PublicBase`).
    private func baseTileJSON(request: Request) async throws -> Response {
        let template = PublicBase.of(request) + "/v1/base/{z}/{x}/{y}.mvt"
        let document = try await workers.queries.withStore { store in
            let base = store as? any BaseMapSource
            return BaseTileJSON(tiles: template, bounds: try base?.baseBounds(), sources: try base?.baseSources() ?? [])
        }
        return Self.body(Array(try JSONEncoder.sorted.encode(document)), type: "application/json")
    }

    /// The tile a vector tile route's path names: one without `@2x`, which is for images.
    static func vectorTileID(_ context: Context) throws -> TileID {
        let (tile, scale) = try Self.tile(context)
        guard scale == 1 else { throw APIError.invalid("y", "@2x is for PNG tiles: a vector tile has no pixel size") }
        // It holds the next zoom's layout (`Viewport(vectorTile:)`), and the PNG tiles stop at `TileID.maxZoom`.
        guard tile.z < TileID.maxZoom else { throw APIError.invalid("z", "\(tile.z) is outside 0…\(TileID.maxZoom - 1) for a vector tile") }
        return tile
    }

    /// The tile a tile route's path names, and its scale (2 for `@2x`).
    static func tile(_ context: Context) throws -> (TileID, Double) {
        func integer(_ name: String, _ text: String) throws(APIError) -> Int {
            guard let value = Int(text) else { throw .invalid(name, "'\(text)' is not a whole number") }
            return value
        }
        // The router hands path segments over undecoded; a client may escape the row's '@' as %40.
        func segment(_ name: String) -> String {
            let raw = context.parameters.get(name) ?? ""
            return raw.removingPercentEncoding ?? raw
        }
        let row = segment("y")
        let hiDPI = row.hasSuffix("@2x")
        let tile = try TileID(z: try integer("z", segment("z")), x: try integer("x", segment("x")), y: try integer("y", hiDPI ? String(row.dropLast(3)) : row))
        return (tile, hiDPI ? 2 : 1)
    }

    /// A tile's device pixels.
    static func tilePixels(_ scale: Double) -> Int { Int(256 * 256 * scale * scale) }

    /// The image for `key` from the cache, or drawn by a worker and kept. Requests for an image
    /// that is being drawn wait for that drawing instead of drawing it again, with the cache off
    /// too (`--cache-mb 0`): then only requests that overlap share, a later one draws anew.
    /// A drawing takes its `pixels` (device pixels) from the pixel budget, and is stopped (`draw`
    /// is handed the flag it checks) when every request waiting for it has gone or past the
    /// drawing budget (`DrawingControl`).
    private func cachedImage(kind: String, key: String, pixels: Int, compressible: Bool = false,
                             draw: @escaping @Sendable (any FeatureStore, Cancellation) throws -> Data) async throws -> (CachedImage, ImageSource) {
        let key = key + " v\(version.current)"
        if let image = cache[key] {
            metrics.cache(hit: true, kind: kind, cache: cache)
            return (image, .hit)
        }
        let (pool, metrics, cache, budget) = (workers.images, metrics, cache, drawingBudget)
        let (image, shared) = try await drawing.run(key, client: ClientConnection.current) { control in
            let timer = control.budget(budget)
            defer { timer?.cancel() }
            let image: CachedImage
            do {
                image = try await pool.withStore(control: control, pixels: pixels) { store in
                    let start = ContinuousClock.now
                    let data = try draw(store, control.cancellation)
                    metrics.rendered(kind, duration: ContinuousClock.now - start)
                    return CachedImage(Array(data), gzipped: compressible ? try Deflate.compress(data, into: .gzip) : nil)
                }
            } catch {
                if let reason = control.stopReason { metrics.drawing(kind, reason) }
                throw error
            }
            metrics.drawing(kind, .drawn)
            // Kept before the drawing ends, so a request that comes now finds it in one or the other.
            cache.insert(image, for: key)
            return image
        }
        metrics.cache(hit: false, kind: kind, cache: cache)
        return (image, shared ? .shared : .miss)
    }

    /// Where an image came from, told to the client in X-Cache.
    enum ImageSource: String {
        /// The cache.
        case hit
        /// Drawn for this request.
        case miss
        /// Drawn for another request at the same time, and waited for.
        case shared
    }

    /// The image with its validators; 304 and no body when the client holds it already. One kept
    /// gzipped too (a vector tile) is sent so to a client that accepts it, under a weak ETag (the
    /// same tile, another encoding of its bytes).
    private static func imageResponse(_ image: CachedImage, source: ImageSource, type: String, request: Request) -> Response {
        let gzipped = image.gzipped.flatMap { acceptsGzip(request) ? $0 : nil }
        var headers: HTTPFields = [.eTag: gzipped == nil ? image.etag : "W/" + image.etag, .cacheControl: imageCacheControl, .xCache: source.rawValue]
        if image.gzipped != nil { headers[.vary] = "Accept-Encoding" }
        if let tags = request.headers[.ifNoneMatch],
           tags.split(separator: ",").contains(where: { tag in
               let tag = tag.trimmingCharacters(in: .whitespaces)
               return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == image.etag
           }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = type
        if gzipped != nil { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped ?? image.bytes))
    }

    /// Whether the request's Accept-Encoding takes gzip: named and not at q=0, or else `*` not at
    /// q=0 (`*` stands for the codings not named, RFC 9110 12.5.3).
    static func acceptsGzip(_ request: Request) -> Bool {
        guard let header = request.headers[.acceptEncoding] else { return false }
        var accepted: [String: Bool] = [:]
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            accepted[coding] = !parts.dropFirst().contains { $0.hasPrefix("q=") && Double($0.dropFirst(2)) == 0 }
        }
        return accepted["gzip"] ?? accepted["*"] ?? false
    }

    // MARK: Reading map parameters

    /// `bbox=`, or `center=LAT,LON&zoom=`, or neither: fit every selected feature, `padding=` around them.
    static func framing(_ p: Parameters) throws -> Framing {
        let bbox = try p.text("bbox"), center = try p.text("center"), zoom = try p.number("zoom"), padding = try p.number("padding")
        // Read whatever the framing, so that `padding=false` beside a bbox is refused, not ignored.
        guard padding == nil || (bbox == nil && center == nil) else {
            throw APIError.invalid("padding", "only when fitting, not with \(bbox == nil ? "center" : "bbox")")
        }
        if let bbox {
            guard center == nil else { throw APIError.invalid("center", "give bbox or center, not both") }
            guard zoom == nil else { throw APIError.invalid("zoom", "only with center, not with bbox") }
            return .bbox(try BoundingBox(parsing: bbox))
        }
        if let center {
            guard let zoom else { throw APIError.invalid("zoom", "is missing: center needs a zoom") }
            return .center(try Coordinate(parsing: center, field: .center), zoom: zoom)
        }
        guard zoom == nil else { throw APIError.invalid("zoom", "only with center") }
        return .fit(padding: padding ?? 24, maxZoom: 16)
    }

    // MARK: Plain answers

    static func body(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension HTTPField.Name {
    /// Whether an image came from the server's cache, was drawn for this request, or shared another's drawing (`Routes.ImageSource`).
    static let xCache = HTTPField.Name("X-Cache")!
}

extension ImageFormat {
    var mediaType: String {
        switch self {
        case .png: "image/png"
        case .pdf: "application/pdf"
        case .svg: "image/svg+xml"
        }
    }
}
