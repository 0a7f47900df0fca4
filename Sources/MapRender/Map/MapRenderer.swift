import Foundation
import GeoCore

/// Draws maps: waters, marks (pins, dots and clusters that never overlap), labels that never
/// overlap, the legend, a metric scale bar and the attribution, to PNG, PDF or SVG from one code path.
public enum MapRenderer {
    /// With `cancellation`, the drawing stops with `CancellationError` at its next check once it
    /// is cancelled: between its stages and layers, and feature by feature, mark by mark and row
    /// by row within them (a server's client that has gone keeps no worker).
    public static func render(_ request: MapRequest, cancellation: Cancellation = .never) throws -> Data {
        try drawn(request, cancellation: cancellation).image
    }

    /// The image, and what was laid out on it: the annotations and the base's names.
    static func drawn(_ request: MapRequest, cancellation: Cancellation = .never) throws -> (image: Data, annotations: AnnotationLayout, baseLabels: [BaseLabel]) {
        // Without a filter every feature is drawn: no copy of thousands of features.
        let drawn = request.categories.isAll ? request.features : request.features.filter(request.categories.selects)
        try cancellation.check()
        let viewport = try frame(request, drawn, cancellation: cancellation)  // validates the request first
        let complete = request.layers == .complete
        let baseStyle = request.base.isEmpty ? nil : request.style.base
        let canvas = try Canvas(format: request.format, width: request.width, height: request.height, scale: request.scale,
                                transparent: !complete && baseStyle == nil)
        canvas.worldOrigin = viewport.origin
        let style = request.style
        let project = { (c: Coordinate) in viewport.pixel(c) }
        // The furniture sets fonts of its own: each measure sets the labels' font again.
        let measure = { (text: String) in labelSize(text, style: style, on: canvas) }

        // Waters shown by their shape are named in place, by the base's names, rather than pinned.
        let (pinned, inPlace) = Self.pinned(drawn, request: request, viewport: viewport)
        try cancellation.check()

        // The base's names: those of the waters shown by their shape too.
        let named = request.base + inPlace.map(WaterShapes.baseFeature)
        let labelStyle = baseStyle ?? (inPlace.isEmpty ? nil : style.base)
        let names = labelStyle.map {
            BaseLabels(style: $0, fontFamily: style.labels.fontFamily, language: request.language,
                       drawing: BaseDrawing(style: $0, viewport: viewport), width: request.width, height: request.height,
                       ownPointsOnly: !complete, canvas: canvas)
        }

        // Furniture is laid out once the marks are known (the legend counts what the image
        // shows), before the labels (they keep off it), and drawn last. So are the towns and
        // the base's share of names (`base.labels.share` of the marks), which the places' names
        // then keep off: a busy map still names its streets, and a capital is never lost to cafés.
        var furniture: [Furniture] = [], firstNames: [BaseLabel] = []
        let annotations = try AnnotationLayout(features: pinned, viewport: viewport, style: style, language: request.language, keepInside: complete,
                                           obstacles: { room in
            guard complete else { return [] }
            let shown = Set(room.marks.flatMap { $0.group.members.map(\.id) })
            let window = PixelRect(x: 0, y: 0, width: request.width, height: request.height)
            let waters = inPlace.filter { f in f.geometry.coordinates.contains { window.contains(PixelRect(x: project($0).x, y: project($0).y, width: 0, height: 0)) } }
            furniture = [Furniture.legend(drawn.filter { shown.contains($0.id.description) } + waters, style: style, language: request.language, on: canvas),
                         Furniture.attribution(request.attribution, style: style, on: canvas, width: request.width, height: request.height),
                         Furniture.scaleBar(viewport, style: style, on: canvas)].compactMap { $0 }
            if let names, let labelStyle {
                room.reserve(furniture.map(\.rect))
                var taken = RectIndex()
                for r in furniture.map(\.rect) { taken.insert(r) }
                let share = Int((labelStyle.labels.share * Double(room.marks.count)).rounded())
                firstNames = names.place(named, obstacles: taken, limit: share, townPopulation: style.labels.townPopulation) { room.clear($0) }
            }
            return furniture.map(\.rect) + firstNames.flatMap(\.boxes)
        }, measure: measure, cancellation: cancellation)
        try cancellation.check()

        // The base goes under the annotations; its names, and the names of the waters shown by
        // their shape, over the waters and tracks, where no mark, label or furniture is.
        if let baseStyle {
            try BaseDrawing.draw(request.base, style: baseStyle, viewport: viewport, on: canvas, cancellation: cancellation)
        } else if complete {
            canvas.fillBackground(style.background)
        }
        if complete {
            for f in drawn where f.id.kind == .water {
                try cancellation.check()
                drawWater(f.geometry, on: canvas, style: style, project: project)
            }
            for f in drawn {
                try cancellation.check()
                if let track = f.track { drawTrack(track, on: canvas, style: style, project: project) }
            }
        }
        try cancellation.check()
        var baseLabels = firstNames
        if let names, let labelStyle {
            baseLabels += names.place(named, obstacles: annotationRects(annotations, furniture: furniture), after: firstNames)
            BaseLabels.draw(baseLabels, fontFamily: style.labels.fontFamily, style: labelStyle, on: canvas)
        }
        for mark in annotations.marks {
            try cancellation.check()
            canvas.drawPin(mark.look, tipX: mark.anchor.x, tipY: mark.anchor.y)
        }
        for label in annotations.labels {
            try cancellation.check()
            drawLabel(label, on: canvas, style: style)
        }
        for f in furniture { f.draw() }
        return (try canvas.finish(cancellation: cancellation), annotations, baseLabels)
    }

    /// What the base's names keep off (image pixels): every mark with its shadow, every
    /// annotation label, the furniture.
    static func annotationRects(_ layout: AnnotationLayout, furniture: [Furniture]) -> RectIndex {
        var rects = RectIndex()
        for mark in layout.marks { rects.insert(mark.rect) }
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
                                  style: MapStyle, language: String? = nil, base: [BaseFeature] = [],
                                  cancellation: Cancellation = .never) throws -> Data {
        let v = Viewport(tile: tile)
        return try render(MapRequest(features: features, layers: .annotations, categories: categories, framing: .center(v.center, zoom: v.zoom),
                                     width: v.width, height: v.height, scale: scale, style: style, language: language, base: base),
                          cancellation: cancellation)
    }

    /// The area whose features an image of `viewport` must be handed: its own and, beyond it,
    /// the pins that reach in and the marks its clusters and labels depend on.
    public static func fetchArea(_ viewport: Viewport, style: MapStyle) -> BoundingBox {
        viewport.bounds(margin: AnnotationLayout.margin(style, zoom: viewport.zoom))
    }

    public static func fetchArea(tile: TileID, style: MapStyle) -> BoundingBox {
        fetchArea(Viewport(tile: tile), style: style)
    }

    /// The area whose base features an image of `viewport` must be handed: its own and as far
    /// beyond as any line's ink reaches (`BaseDrawing.farReach`). Names lie wholly inside the
    /// image; where along a street one is tried depends on the pieces of it fetched, as it did
    /// when tiles fetched their neighbours' lines for names too, which decoded thirteen tiles'
    /// worth of features for one.
    public static func baseFetchArea(_ viewport: Viewport, style: MapStyle) -> BoundingBox {
        viewport.bounds(margin: style.base.map { BaseDrawing.farReach($0, zoom: BaseDrawing.zoom(viewport)) } ?? 0)
    }

    public static func baseFetchArea(tile: TileID, style: MapStyle) -> BoundingBox {
        baseFetchArea(Viewport(tile: tile), style: style)
    }

    /// The zoom at which a viewport's base is drawn (what is shown, how wide): the Web Mercator
    /// zoom, or in another projection the Web Mercator zoom of the same ground resolution.
    public static func baseZoom(_ viewport: Viewport) -> Double { BaseDrawing.zoom(viewport) }

    /// Where a feature's pin stands: a point where it is, a water at a point inside it (the
    /// traveller's convention: waters are green pins, over their drawn shape). A piece of a
    /// water whose mark another piece carries (`Feature.carriesMark`) has none.
    static func pinPosition(_ f: Feature) -> Coordinate? {
        if case let .point(c) = f.geometry { return c }
        guard f.carriesMark else { return nil }
        return PlanarGeometry.representativePoint(of: f.geometry)
    }

    /// The features a map pins, and the waters it shows by their shape and names in place
    /// instead (finished images whose style names a base's features).
    static func pinned(_ features: [Feature], request: MapRequest, viewport: Viewport) -> (pinned: [Feature], inPlace: [Feature]) {
        guard request.layers == .complete, request.style.base != nil else { return (features, []) }
        let project = { (c: Coordinate) in viewport.pixel(c) }
        let inPlace = features.filter { WaterShapes.isShownByShape($0, project: project) }
        guard !inPlace.isEmpty else { return (features, []) }
        let ids = Set(inPlace.map(\.id))
        return (features.filter { !ids.contains($0.id) }, inPlace)
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
        let l = style.labels, r = label.rect, lines = label.lines, step = AnnotationLayout.lineAdvance(style)
        canvas.setFont(l.fontFamily, size: l.fontSize)
        // Baselines so that the lines sit in the middle of their box, each line where the label's
        // alignment puts it; on raster images each origin is snapped to a device pixel, so that
        // glyphs come out the same in every tile. A single line fills its box, whatever the
        // alignment: it starts at the box's left edge.
        let placed = lines.enumerated().map { k, line -> (text: String, x: Double, baseline: Double) in
            let text = String(line), y = r.midY + (Double(k) - Double(lines.count - 1) / 2) * step + l.fontSize * 0.35
            var origin = switch lines.count > 1 ? label.alignment : .left {
            case .left: (x: r.minX + l.haloWidth, y: y)
            case .centre: (x: r.midX - canvas.advance(text) / 2, y: y)
            case .right: (x: r.maxX - l.haloWidth - canvas.advance(text), y: y)
            }
            if canvas.format == .png {
                let device = canvas.devicePixel(x: origin.x, y: origin.y)
                origin = (device.x / canvas.scale, device.y / canvas.scale)
            }
            return (text, origin.x, origin.y)
        }
        canvas.text(placed, color: l.color, halo: l.haloColor, haloWidth: l.haloWidth)
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
