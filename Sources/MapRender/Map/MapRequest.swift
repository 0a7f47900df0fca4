import GeoCore

/// What of a map is drawn.
public enum MapLayers: Sendable {
    /// A finished map: background, waters, trip tracks, pins, labels kept whole inside the
    /// image, legend, scale bar and attribution.
    case complete
    /// Pins and labels alone on a transparent background, laid out as on an endless map: what
    /// annotation tiles show over a base map, and what a mosaic of them equals.
    case annotations
}

/// Everything a map image needs: the features to draw (the renderer never reads the database),
/// the categories to show, the framing, the size and the style.
public struct MapRequest: Sendable {
    public var features: [Feature]
    public var layers: MapLayers
    /// Web Mercator unless a printable map names another CRS (`ProjectedCRS`).
    public var projection: any MapProjection
    /// Category codes to draw; everything else is left out, legend included. Empty: all.
    public var categories: CategoryFilter
    public var framing: Framing
    public var width: Double, height: Double
    /// 1, 2 or 3: the same layout, drawn sharper (PNG).
    public var scale: Double
    public var format: ImageFormat
    public var style: MapStyle
    public var language: String?
    /// Lines of attribution the data requires, e.g. "© OpenStreetMap contributors".
    public var attribution: [String]
    /// The base map under the annotations (`MapRenderer.baseFetchArea`), drawn when the style
    /// has a `base` section; empty: no base, the map as before.
    public var base: [BaseFeature]

    public init(features: [Feature], layers: MapLayers = .complete, projection: any MapProjection = WebMercator(),
                categories: CategoryFilter = .init(), framing: Framing = .fit(padding: 24, maxZoom: 16),
                width: Double, height: Double, scale: Double = 1, format: ImageFormat = .png, style: MapStyle,
                language: String? = nil, attribution: [String] = [], base: [BaseFeature] = []) {
        self.features = features
        self.layers = layers
        self.projection = projection
        self.categories = categories
        self.framing = framing
        self.width = width
        self.height = height
        self.scale = scale
        self.format = format
        self.style = style
        self.language = language
        self.attribution = attribution
        self.base = base
    }
}

extension MapRequest {
    /// The largest side of an image, in device pixels (size × scale).
    public static let largestSide = 8192.0

    /// `WIDTHxHEIGHT` in whole pixels of at least 1, as typed; `validate` checks the largest side.
    public static func size(parsing text: String, field: Field = .size) throws -> (width: Double, height: Double) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w >= 1, h >= 1 else {
            throw RenderError(field, "'\(text)' is not WIDTHxHEIGHT in whole pixels of at least 1")
        }
        return (Double(w), Double(h))
    }

    /// Refuses what would make no image or an absurd one, naming the field.
    public func validate() throws {
        for (name, side) in [("width", width), ("height", height)] where !(side >= 1 && side * scale <= Self.largestSide) {
            throw RenderError(.size, "the \(name) \(side) at scale \(scale) is not between 1 and \(Int(Self.largestSide)) px")
        }
        guard [1.0, 2, 3].contains(scale) else { throw RenderError(.scale, "\(scale) is not 1, 2 or 3") }
        // A style read from a file was checked; one changed in code is checked here.
        guard min(style.clusters.cell, style.clusters.coarse?.cell ?? .infinity) >= MarkForms.smallestCell(style) else {
            throw RenderError(.style, "clusters.cell \(style.clusters.cell) (and coarse.cell) must be at least \(MarkForms.smallestCell(style).rounded(.up)) to keep marks apart")
        }
        switch framing {
        case let .center(c, zoom):
            _ = try Coordinate(validatingLat: c.lat, lon: c.lon)
            guard projection is ProjectedCRS || abs(c.lat) <= WebMercator.maxLatitude else {
                throw RenderError(.center, "latitude \(c.lat) is beyond ±\(WebMercator.maxLatitude), where Web Mercator ends")
            }
            guard (0...Double(TileID.maxZoom)).contains(zoom) else { throw RenderError(.zoom, "\(zoom) is outside 0…\(TileID.maxZoom)") }
        case let .fit(padding, maxZoom):
            guard padding >= 0, padding.isFinite, 2 * padding < min(width, height) else {
                throw RenderError(.padding, "\(padding) must be 0 or more and leave room in a \(Int(width))×\(Int(height)) image")
            }
            guard (0...Double(TileID.maxZoom)).contains(maxZoom) else { throw RenderError(.zoom, "\(maxZoom) is outside 0…\(TileID.maxZoom)") }
        case let .bbox(box):
            _ = try BoundingBox(validatingMinLon: box.minLon, minLat: box.minLat, maxLon: box.maxLon, maxLat: box.maxLat)
        }
        // A projected CRS draws its own part of the world; elsewhere PROJ gives nothing or nonsense.
        if let crs = projection as? ProjectedCRS, let area = crs.areaOfUse {
            let (field, points): (Field, [Coordinate]) = switch framing {
            case let .center(c, _): (.center, [c])
            case let .bbox(b): (.bbox, [Coordinate(lat: b.minLat, lon: b.minLon), Coordinate(lat: b.maxLat, lon: b.maxLon)])
            case .fit: (.crs, [])
            }
            if let outside = points.first(where: { !crs.covers($0) }) {
                throw RenderError(field, "\(outside) is outside where \(crs.identifier) is used (\(area))")
            }
        }
    }
}
