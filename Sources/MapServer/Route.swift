import GeoCore

/// Every route the server answers (all GET, and HEAD alike), with the query parameters each one
/// reads: the router is built from this list, a request naming any other parameter is refused,
/// and the tests hold the OpenAPI document to it.
enum Route: String, CaseIterable, Sendable {
    case nearest = "/v1/nearest"
    case within = "/v1/within"
    case bbox = "/v1/bbox"
    case search = "/v1/search"
    case cinemas = "/v1/cinemas"
    /// The angler's diary, newest first (`DiaryQuery`).
    case trips = "/v1/trips"
    case catchStatistics = "/v1/stats/catches"
    case timezone = "/v1/timezone"
    case mapPNG = "/v1/map.png"
    case mapPDF = "/v1/map.pdf"
    case mapSVG = "/v1/map.svg"
    case mapLayout = "/v1/map.json"
    /// `{y}` is the row, with `@2x` after it for a HiDPI (512 px) tile.
    case tile = "/v1/tiles/{z}/{x}/{y}.png"
    /// The same tile's layout as a Mapbox Vector Tile (`AnnotationVectorTile`).
    case vectorTile = "/v1/tiles/{z}/{x}/{y}.mvt"
    /// TileJSON for the vector tiles (`TileJSON`).
    case tileJSON = "/v1/tiles.json"
    /// The base map alone, opaque, to lay the annotation tiles over; `{y}` as above.
    case baseTile = "/v1/base/{z}/{x}/{y}.png"
    /// The base map's features of that tile as a Mapbox Vector Tile (`BaseVectorTile`).
    case baseVectorTile = "/v1/base/{z}/{x}/{y}.mvt"
    /// TileJSON for the base vector tiles (`BaseTileJSON`).
    case baseTileJSON = "/v1/base.json"
    /// A MapLibre style of the base and the annotations (`MapLibreStyle`), with the sprite and glyphs below.
    case style = "/v1/style.json"
    /// Signed distance fields of 256 characters of a font the style names (`GlyphRange`).
    case glyphs = "/v1/fonts/{fontstack}/{range}.pbf"
    /// The marks as MapLibre icons (`SpriteSheet`), at 1× and 2×.
    case spriteIndex = "/v1/sprite.json"
    case spriteImage = "/v1/sprite.png"
    case spriteIndex2x = "/v1/sprite@2x.json"
    case spriteImage2x = "/v1/sprite@2x.png"
    case categories = "/v1/categories"
    case health = "/healthz"
    case metrics = "/metrics"
    case openAPI = "/openapi.json"
    /// The map page on MapLibre GL JS (served under /maplibre/), the same page on Leaflet (served
    /// from Debian's libjs-leaflet under /leaflet/), their maps' scripts, the panel's script and the style.
    case page = "/"
    case rasterPage = "/raster"
    case vectorScript = "/vector.js"
    case rasterScript = "/raster.js"
    case pageScript = "/app.js"
    case pageStyle = "/app.css"

    var queryParameters: [String] {
        switch self {
        case .nearest: ["lat", "lon", "limit", "category", "source", "max_distance", "cursor", "lang"]
        case .within: ["lat", "lon", "radius", "limit", "category", "source", "cursor", "lang"]
        case .bbox: ["bbox", "limit", "category", "source", "cursor", "lang"]
        case .search: ["q", "lat", "lon", "radius", "bbox", "kind", "in", "source", "limit", "category", "cursor", "lang"]
        case .cinemas: ["lat", "lon", "radius", "source", "date", "film", "limit", "cursor", "format"]
        case .catchStatistics: ["by", "year", "water", "species", "lang"]
        case .trips: ["limit", "cursor", "lang"]
        case .timezone: ["lat", "lon", "at"]
        case .mapPNG, .mapPDF, .mapSVG, .mapLayout: ["size", "scale", "bbox", "center", "zoom", "padding", "category", "lang", "base"]
        case .tile: ["category", "lang", "base"]
        case .vectorTile, .tileJSON: ["category", "lang", "base", "marks"]
        case .style: ["category", "lang", "marks"]
        case .baseTile: ["lang"]
        // Names in every language the data has: no `lang`.
        case .baseVectorTile, .baseTileJSON: []
        /// `hide`: categories unchecked when the page opens; `category`: the only ones checked; `lang`: its language.
        case .page, .rasterPage: ["hide", "category", "lang"]
        case .categories: ["lang"]
        case .health, .metrics, .openAPI, .vectorScript, .rasterScript, .pageScript, .pageStyle, .glyphs, .spriteIndex, .spriteImage,
             .spriteIndex2x, .spriteImage2x: []
        }
    }

    var pathParameters: [String] {
        switch self {
        case .tile, .vectorTile, .baseTile, .baseVectorTile: ["z", "x", "y"]
        case .glyphs: ["fontstack", "range"]
        default: []
        }
    }

    /// The server's one table of the engine's fields (`Field`): the parameter of this route that
    /// carries each one, nil where the route takes none (an engine error naming such a field is
    /// the server's own failure, not the client's). The radius is `max_distance` on nearest and
    /// `radius` elsewhere; the language is `lang`; a map's centre is one parameter, `center`, for its latitude and longitude.
    func parameter(for field: Field) -> String? {
        let isMap = self == .mapPNG || self == .mapPDF || self == .mapSVG || self == .mapLayout
        let name: String? = switch field {
        case .lat, .lon: isMap ? "center" : field.description
        case .maxDistance: self == .nearest ? "max_distance" : "radius"
        case .language: "lang"
        // The time a zone's offset is asked at.
        case .time: self == .timezone ? "at" : nil
        // The parameters named as the engine names them (`Field.description`).
        case .bbox, .center, .zoom, .padding, .tileZ, .tileX, .tileY, .limit, .cursor, .category, .kind, .source, .q, .date, .by, .year, .water, .species,
             .size, .scale:
            field.description
        case .searchIn: "in"
        // Inputs of the CLI, an import or a printed map: no route takes them.
        case .id, .filter, .crs, .style, .paper, .area, .radius, .database, .replaceSource, .skipInvalid, .allowShrink, .keepMissing, .fieldMapping, .record: nil
        }
        return name.flatMap { queryParameters.contains($0) || pathParameters.contains($0) ? $0 : nil }
    }
}
