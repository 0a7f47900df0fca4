import Foundation
import GeoCore

/// Draws maps: waters, pins (clustered where they would overlap), labels that never overlap,
/// the legend, a metric scale bar and the attribution, to PNG, PDF or SVG from one code path.
public enum MapRenderer {
    /// The side, in pixels at the map's zoom, of the grid cells (fixed to the world) within which
    /// the pins of one category merge into a cluster.
    public static func clusterCell(_ style: MapStyle) -> Double { style.pins.height * 2.2 }

    public static func render(_ request: MapRequest) throws -> Data {
        try drawn(request).image
    }

    /// The image, and what was laid out on it: the annotations and the base's names.
    static func drawn(_ request: MapRequest) throws -> (image: Data, annotations: AnnotationLayout, baseLabels: [BaseLabel]) {
        let drawn = request.features.filter(request.categories.selects)
        let viewport = try frame(request, drawn)  // validates the request first
        let complete = request.layers == .complete
        let baseStyle = request.base.isEmpty ? nil : request.style.base
        let canvas = try Canvas(format: request.format, width: request.width, height: request.height, scale: request.scale,
                                transparent: !complete && baseStyle == nil)
        canvas.worldOrigin = viewport.origin
        let style = request.style
        let project = { (c: Coordinate) in viewport.pixel(c) }
        // The furniture sets fonts of its own: each measure sets the labels' font again.
        let measure = { (text: String) in labelSize(text, style: style, on: canvas) }

        // Furniture is laid out first (labels keep off it) and drawn last (over the pins).
        var furniture: [Furniture] = []
        if complete {
            // The legend counts what is on the image, not the margin fetched around it.
            let visible = drawn.filter { f in
                let points = (f.geometry.coordinates + (f.track?.coordinates ?? [])).map(project)
                return (points.map(\.x).min() ?? .infinity) <= request.width && (points.map(\.x).max() ?? -.infinity) >= 0
                    && (points.map(\.y).min() ?? .infinity) <= request.height && (points.map(\.y).max() ?? -.infinity) >= 0
            }
            furniture = [Furniture.legend(visible, style: style, language: request.language, on: canvas),
                         Furniture.attribution(request.attribution, style: style, on: canvas, width: request.width, height: request.height),
                         Furniture.scaleBar(viewport, style: style, on: canvas)].compactMap { $0 }
        }
        let annotations = AnnotationLayout(features: drawn, viewport: viewport, style: style, language: request.language,
                                           keepInside: complete, obstacles: furniture.map(\.rect), measure: measure)

        // The base and its names go under the annotations, its names where no annotation is.
        var baseLabels: [BaseLabel] = []
        if let baseStyle {
            let base = BaseDrawing(style: baseStyle, viewport: viewport)
            base.draw(request.base, on: canvas)
            let names = BaseLabels(style: baseStyle, fontFamily: style.labels.fontFamily, language: request.language, drawing: base,
                                   width: request.width, height: request.height, canvas: canvas)
            baseLabels = names.place(request.base, obstacles: annotationRects(annotations, furniture: furniture, style: style))
            BaseLabels.draw(baseLabels, fontFamily: style.labels.fontFamily, style: baseStyle, on: canvas)
        } else if complete {
            canvas.fillBackground(style.background)
        }
        if complete {
            for f in drawn where f.id.kind == .water { drawWater(f.geometry, on: canvas, style: style, project: project) }
            for f in drawn { if let track = f.track { drawTrack(track, on: canvas, style: style, project: project) } }
        }
        for pin in annotations.pins { canvas.drawPin(PinLook(pin.group, extent: pin.extent, style: style), tipX: pin.tip.x, tipY: pin.tip.y) }
        for label in annotations.labels { drawLabel(label, on: canvas, style: style) }
        for f in furniture { f.draw() }
        return (try canvas.finish(), annotations, baseLabels)
    }

    /// What the base's names keep off (image pixels): every pin with its shadow, every
    /// annotation label, the furniture.
    static func annotationRects(_ layout: AnnotationLayout, furniture: [Furniture], style: MapStyle) -> RectIndex {
        var rects = RectIndex()
        let ink = AnnotationLayout.shadowReach(style)
        for pin in layout.pins { rects.insert(PixelRect(anchor: pin.tip, extent: pin.extent).grown(by: ink)) }
        for label in layout.labels { rects.insert(label.rect) }
        for f in furniture { rects.insert(f.rect) }
        return rects
    }

    /// The transparent annotation tile `tile` (256 px, or 512 px at scale 2): the pins and labels
    /// of `features` as a map of the whole world would show them there. `features` must hold every
    /// feature within `fetchArea(tile:style:)` for the tile to agree with its neighbours.
    /// With `base` (the base features within `baseFetchArea(tile:style:)`), the tile is opaque:
    /// the base map under the annotations.
    public static func renderTile(_ tile: TileID, features: [Feature], categories: CategoryFilter = .init(), scale: Double = 1,
                                  style: MapStyle, language: String? = nil, base: [BaseFeature] = []) throws -> Data {
        let v = Viewport(tile: tile)
        return try render(MapRequest(features: features, layers: .annotations, categories: categories, framing: .center(v.center, zoom: v.zoom),
                                     width: v.width, height: v.height, scale: scale, style: style, language: language, base: base))
    }

    /// The area whose features an image of `viewport` must be handed: its own and, beyond it,
    /// the pins that reach in and the marks its clusters and labels depend on.
    public static func fetchArea(_ viewport: Viewport, style: MapStyle) -> BoundingBox {
        viewport.bounds(margin: AnnotationLayout.margin(style))
    }

    public static func fetchArea(tile: TileID, style: MapStyle) -> BoundingBox {
        fetchArea(Viewport(tile: tile), style: style)
    }

    /// The area whose base features an image of `viewport` must be handed: its own, the reach
    /// of the widest road's casing beyond it, and room for the names of lines that reach in.
    public static func baseFetchArea(_ viewport: Viewport, style: MapStyle) -> BoundingBox {
        let reach = style.base.map { BaseDrawing.reach($0, zoom: BaseDrawing.zoom(viewport)) } ?? 0
        return viewport.bounds(margin: reach + BaseLabels.repeatDistance)
    }

    public static func baseFetchArea(tile: TileID, style: MapStyle) -> BoundingBox {
        baseFetchArea(Viewport(tile: tile), style: style)
    }

    /// The zoom at which a viewport's base is drawn (what is shown, how wide): the Web Mercator
    /// zoom, or in another projection the Web Mercator zoom of the same ground resolution.
    public static func baseZoom(_ viewport: Viewport) -> Double { BaseDrawing.zoom(viewport) }

    /// Where a feature's pin stands: a point where it is, a water at a point inside it (the
    /// traveller's convention: waters are green pins, over their drawn shape).
    static func pinPosition(_ f: Feature) -> Coordinate? {
        if case let .point(c) = f.geometry { return c }
        return PlanarGeometry.representativePoint(of: f.geometry)
    }

    /// The viewport the request asks for; zoom-to-fit counts each pin's and label's pixels.
    /// Checks the request first: callers frame before they fetch, and fetch before they render.
    public static func frame(_ request: MapRequest, _ drawn: [Feature]) throws -> Viewport {
        try request.validate()
        let viewport = try unchecked(request, drawn)
        // Outside a projected CRS's reach PROJ gives no number: say so rather than draw "nan m".
        guard viewport.origin.x.isFinite, viewport.origin.y.isFinite, viewport.metresPerPixel.isFinite else {
            throw RenderError(description: "crs: \(request.projection.identifier) cannot draw this area (the map's features lie outside its reach)")
        }
        return viewport
    }

    private static func unchecked(_ request: MapRequest, _ drawn: [Feature]) throws -> Viewport {
        switch request.framing {
        case let .center(c, zoom):
            return Viewport(center: c, zoom: zoom, width: request.width, height: request.height, projection: request.projection)
        case let .bbox(box):
            // The box's edges, sampled: in Web Mercator the corners tell; in other projections
            // parallels and meridians curve, so the edges are walked finely.
            let east = box.crossesAntimeridian ? box.maxLon + 360 : box.maxLon, steps = request.projection is WebMercator ? 1 : 256
            let edges = (0...steps).flatMap { i -> [Coordinate] in
                let t = Double(i) / Double(steps), lon = box.minLon + t * (east - box.minLon), lat = box.minLat + t * (box.maxLat - box.minLat)
                return [Coordinate(lat: box.minLat, lon: lon), Coordinate(lat: box.maxLat, lon: lon),
                        Coordinate(lat: lat, lon: box.minLon), Coordinate(lat: lat, lon: east)]
            }
            guard let v = Viewport.fitting(edges.map { ($0, .point) }, width: request.width, height: request.height,
                                           maxZoom: Double(TileID.maxZoom), projection: request.projection) else {
                throw RenderError(description: "bbox: \(box) does not fit in \(Int(request.width))×\(Int(request.height)) px")
            }
            return v
        case let .fit(padding, maxZoom):
            let measure = try Canvas(format: .png, width: 1, height: 1)
            let pin = pinExtent(request.style, count: 1)
            var marks: [(Coordinate, PixelExtent)] = []
            for f in drawn {
                if !f.geometry.isPoint { marks += f.geometry.coordinates.map { ($0, .point) } }
                if let c = pinPosition(f) {
                    // The label goes right of the pin when it can: leave room for it there.
                    let text = f.name(in: request.language) ?? ""
                    let label = text.isEmpty ? 0 : min(labelSize(text, style: request.style, on: measure).width, request.style.labels.maxWidth)
                    marks.append((c, PixelExtent(left: pin.left, top: pin.top, right: pin.right + AnnotationLayout.labelGap + label, bottom: pin.bottom)))
                }
                marks += (request.layers == .complete ? f.track?.coordinates ?? [] : []).map { ($0, .point) }
            }
            guard !marks.isEmpty else {
                throw RenderError(description: "nothing to draw: no feature of the chosen categories (give --bbox or --center to draw an empty map)")
            }
            // When not even zoom 0 holds every pin and label (a world-wide selection on a small
            // image), fit the pins alone, and failing that show the whole world at zoom 0.
            let pinsOnly = marks.map { ($0.0, PixelExtent(left: min($0.1.left, pin.left), top: $0.1.top, right: min($0.1.right, pin.right), bottom: $0.1.bottom)) }
            let (w, h, p) = (request.width, request.height, request.projection)
            return Viewport.fitting(marks, width: w, height: h, padding: padding, maxZoom: maxZoom, projection: p)
                ?? Viewport.fitting(pinsOnly, width: w, height: h, padding: padding, maxZoom: maxZoom, projection: p)
                ?? Viewport(center: Coordinate(lat: 0, lon: 0), zoom: 0, width: w, height: h, projection: p)
        }
    }

    /// The pixels a pin covers around its tip; clusters are drawn larger.
    /// A single mark is a teardrop standing on its tip; a cluster is a disc centred on its
    /// position, as wide as a pin and growing with its count: discs stack more tightly than
    /// teardrops and read as "a group here" rather than "this place".
    static func pinExtent(_ style: MapStyle, count: Int) -> PixelExtent {
        guard count > 1 else {
            let w = style.pins.width
            return PixelExtent(left: w / 2, top: style.pins.height, right: w / 2, bottom: 0)
        }
        let r = style.pins.width * style.clusters.scale(count: count) / 2
        return PixelExtent(left: r, top: r, right: r, bottom: r)
    }

    /// The farthest any mark reaches from its anchor, on each side.
    static func largestMarkExtent(_ style: MapStyle) -> PixelExtent {
        let pin = pinExtent(style, count: 1), disc = pinExtent(style, count: .max)
        return PixelExtent(left: max(pin.left, disc.left), top: max(pin.top, disc.top), right: max(pin.right, disc.right), bottom: max(pin.bottom, disc.bottom))
    }

    static func labelSize(_ text: String, style: MapStyle, on canvas: Canvas) -> (width: Double, height: Double) {
        canvas.setFont(style.labels.fontFamily, size: style.labels.fontSize)
        return (canvas.advance(text) + 2 * style.labels.haloWidth, AnnotationLayout.labelHeight(style))
    }

    /// A trip's track, with a disc at its start and at its end.
    static func drawTrack(_ track: Geometry, on canvas: Canvas, style: MapStyle, project: (Coordinate) -> (x: Double, y: Double)) {
        let t = style.trips
        let lines: [[Coordinate]] = switch track {
        case let .lineString(line): [line]
        case let .multiLineString(lines): lines
        default: []
        }
        guard let start = lines.first?.first, let end = lines.last?.last else { return }
        canvas.path(lines.map { $0.map(project) }, closed: false)
        canvas.stroke(t.color, width: t.width)
        for (point, fill) in [(start, t.startColor), (end, t.endColor)] where t.markRadius > 0 {
            let p = project(point)
            canvas.disc(x: p.x, y: p.y, radius: t.markRadius, fill: fill, outline: t.color, outlineWidth: max(1, t.width / 2))
        }
    }

    static func drawLabel(_ label: PlacedLabel, on canvas: Canvas, style: MapStyle) {
        let l = style.labels
        canvas.setFont(l.fontFamily, size: l.fontSize)
        // Baseline so that the text sits in the middle of its box; on raster images the origin is
        // snapped to a device pixel, so that glyphs come out the same in every tile.
        var origin = (x: label.rect.x + l.haloWidth, y: label.rect.midY + l.fontSize * 0.35)
        if canvas.format == .png {
            let device = canvas.devicePixel(x: origin.x, y: origin.y)
            origin = (device.x / canvas.scale, device.y / canvas.scale)
        }
        canvas.text(label.text, x: origin.x, baseline: origin.y, color: l.color, halo: l.haloColor, haloWidth: l.haloWidth)
    }

    static func drawWater(_ geometry: Geometry, on canvas: Canvas, style: MapStyle, project: (Coordinate) -> (x: Double, y: Double)) {
        let w = style.waters
        let (rings, areas): ([[Coordinate]], Bool) = switch geometry {
        case let .polygon(rings): (rings, true)
        case let .multiPolygon(polygons): (polygons.flatMap { $0 }, true)
        case let .lineString(line): ([line], false)
        case let .multiLineString(lines): (lines, false)
        case .point, .multiPoint: ([], false)
        }
        guard !rings.isEmpty else { return }
        canvas.path(rings.map { $0.map(project) }, closed: areas)
        if areas { canvas.fill(w.fill, preserve: true) }
        canvas.stroke(w.outline, width: areas ? w.outlineWidth : w.lineWidth)
    }
}
