import Foundation
import GeoCore
import GeoStore

/// How a map is framed: an explicit box, a centre and zoom, or zoom-to-fit of its features.
public enum Framing: Sendable {
    case bbox(BoundingBox)
    case center(Coordinate, zoom: Double)
    /// The highest zoom (up to `maxZoom`) at which every pin and its label fit, `padding` pixels in.
    case fit(padding: Double, maxZoom: Double)
}

/// Everything a map image needs: the features to draw (the renderer never reads the database),
/// the categories to show, the framing, the size and the style.
public struct MapRequest: Sendable {
    public var features: [Feature]
    /// Category codes to draw; everything else is left out, legend included. Empty: all.
    public var categories: Set<String>
    public var framing: Framing
    public var width: Double, height: Double
    /// 1, 2 or 3: the same layout, drawn sharper (PNG).
    public var scale: Double
    public var format: ImageFormat
    public var style: MapStyle
    public var language: String?
    /// Lines of attribution the data requires, e.g. "© OpenStreetMap contributors".
    public var attribution: [String]

    public init(features: [Feature], categories: Set<String> = [], framing: Framing = .fit(padding: 24, maxZoom: 16),
                width: Double, height: Double, scale: Double = 1, format: ImageFormat = .png, style: MapStyle,
                language: String? = nil, attribution: [String] = []) {
        self.features = features
        self.categories = categories
        self.framing = framing
        self.width = width
        self.height = height
        self.scale = scale
        self.format = format
        self.style = style
        self.language = language
        self.attribution = attribution
    }
}

extension MapRequest {
    /// The largest side of an image, in device pixels (size × scale).
    public static let largestSide = 8192.0

    /// Refuses what would make no image or an absurd one, naming the field.
    func validate() throws {
        for (name, side) in [("width", width), ("height", height)] where !(side >= 1 && side * scale <= Self.largestSide) {
            throw RenderError(description: "size: the \(name) \(side) at scale \(scale) is not between 1 and \(Int(Self.largestSide)) px")
        }
        guard [1.0, 2, 3].contains(scale) else { throw RenderError(description: "scale: \(scale) is not 1, 2 or 3") }
        switch framing {
        case let .center(c, zoom):
            _ = try Coordinate(validatingLat: c.lat, lon: c.lon)
            guard abs(c.lat) <= WebMercator.maxLatitude else {
                throw RenderError(description: "center: latitude \(c.lat) is beyond ±\(WebMercator.maxLatitude), where Web Mercator ends")
            }
            guard (0...Double(TileID.maxZoom)).contains(zoom) else { throw RenderError(description: "zoom: \(zoom) is outside 0…\(TileID.maxZoom)") }
        case let .fit(padding, maxZoom):
            guard padding >= 0, padding.isFinite else { throw RenderError(description: "padding: \(padding) must be 0 or more") }
            guard (0...Double(TileID.maxZoom)).contains(maxZoom) else { throw RenderError(description: "zoom: \(maxZoom) is outside 0…\(TileID.maxZoom)") }
        case let .bbox(box):
            _ = try BoundingBox(validatingMinLon: box.minLon, minLat: box.minLat, maxLon: box.maxLon, maxLat: box.maxLat)
        }
    }
}

/// Draws maps: waters, pins (clustered where they would overlap), labels that never overlap,
/// the legend, a metric scale bar and the attribution, to PNG, PDF or SVG from one code path.
public enum MapRenderer {
    /// The side, in pixels at the map's zoom, of the grid cells (fixed to the world) within which
    /// the pins of one category merge into a cluster.
    public static func clusterCell(_ style: MapStyle) -> Double { style.pins.height * 1.6 }

    public static func render(_ request: MapRequest) throws -> Data {
        try request.validate()
        let drawn = request.features.filter { request.categories.isEmpty || request.categories.contains($0.category) }
        let viewport = try frame(request, drawn)
        let canvas = try Canvas(format: request.format, width: request.width, height: request.height, scale: request.scale)
        let style = request.style
        canvas.fillBackground(style.background)
        let project = { (c: Coordinate) in viewport.pixel(c) }

        for water in drawn where water.id.kind == .water { drawWater(water.geometry, on: canvas, style: style, project: project) }

        // Point features become pins; those that would overlap merge into a cluster with a count.
        let marks = drawn.compactMap { f -> LayoutMark? in
            guard case let .point(c) = f.geometry, f.id.kind != .water else { return nil }
            return LayoutMark(id: f.id.description, category: f.category, position: c, label: f.name(in: request.language))
        }
        let groups = Clustering.cluster(marks, zoom: viewport.zoom, cellSize: clusterCell(style))
            .map { (group: $0, tip: project($0.position)) }
            .sorted { ($0.tip.y, $0.tip.x, $0.group.id) < ($1.tip.y, $1.tip.x, $1.group.id) }
        let pins = groups.map { g in (g, extent: pinExtent(style, count: g.group.members.count)) }

        // Furniture first (as obstacles for labels), drawn last (over the pins).
        // The legend counts what is on the image, not the margin fetched around it.
        let visible = drawn.filter { f in
            let xs = f.geometry.coordinates.map { project($0).x }, ys = f.geometry.coordinates.map { project($0).y }
            return (xs.min() ?? .infinity) <= request.width && (xs.max() ?? -.infinity) >= 0
                && (ys.min() ?? .infinity) <= request.height && (ys.max() ?? -.infinity) >= 0
        }
        let legend = legendLayout(visible, style: style, language: request.language, on: canvas)
        let attribution = attributionLayout(request.attribution, style: style, on: canvas, width: request.width, height: request.height)
        let scaleBar = scaleBarLayout(viewport, style: style, height: request.height)

        for (g, extent) in pins { drawPin(g.group, tip: g.tip, extent: extent, on: canvas, style: style) }

        canvas.setFont(style.labels.fontFamily, size: style.labels.fontSize)
        let requests = pins.compactMap { (g, extent) -> LabelRequest? in
            guard !g.group.isCluster, let text = g.group.members[0].label, !text.isEmpty else { return nil }
            return LabelRequest(groupID: g.group.id, text: text, anchor: g.tip, pinExtent: extent,
                                size: labelSize(text, style: style, on: canvas), priority: 0)
        }
        let obstacles = pins.map { PixelRect(anchor: $0.0.tip, extent: $0.extent) } + [legend?.rect, attribution?.rect, scaleBar.rect].compactMap { $0 }
        let placed = LabelPlacement.place(requests, obstacles: obstacles, bounds: PixelRect(x: 0, y: 0, width: request.width, height: request.height))
        for label in placed { drawLabel(label, on: canvas, style: style) }

        legend?.draw()
        attribution?.draw()
        scaleBar.draw(canvas, style)
        return try canvas.finish()
    }

    /// The viewport the request asks for; zoom-to-fit counts each pin's and label's pixels.
    public static func frame(_ request: MapRequest, _ drawn: [Feature]) throws -> Viewport {
        switch request.framing {
        case let .center(c, zoom):
            return Viewport(center: c, zoom: zoom, width: request.width, height: request.height)
        case let .bbox(box):
            let east = box.crossesAntimeridian ? box.maxLon + 360 : box.maxLon
            let corners = [Coordinate(lat: box.minLat, lon: box.minLon), Coordinate(lat: box.maxLat, lon: east)].map { ($0, PixelExtent.point) }
            guard let v = Viewport.fitting(corners, width: request.width, height: request.height, maxZoom: Double(TileID.maxZoom)) else {
                throw RenderError(description: "bbox: \(box) does not fit in \(Int(request.width))×\(Int(request.height)) px")
            }
            return v
        case let .fit(padding, maxZoom):
            let measure = try Canvas(format: .png, width: 1, height: 1)
            measure.setFont(request.style.labels.fontFamily, size: request.style.labels.fontSize)
            let pin = pinExtent(request.style, count: 1)
            var marks: [(Coordinate, PixelExtent)] = []
            for f in drawn {
                if case let .point(c) = f.geometry, f.id.kind != .water {
                    // The label goes right of the pin when it can: leave room for it there.
                    let text = f.name(in: request.language) ?? ""
                    let label = text.isEmpty ? 0 : labelSize(text, style: request.style, on: measure).width + 2
                    marks.append((c, PixelExtent(left: pin.left, top: pin.top, right: pin.right + label, bottom: pin.bottom)))
                } else {
                    marks += f.geometry.coordinates.map { ($0, .point) }
                }
            }
            guard !marks.isEmpty else {
                throw RenderError(description: "nothing to draw: no feature of the chosen categories (give --bbox or --center to draw an empty map)")
            }
            // When not even zoom 0 holds every pin and label (a world-wide selection on a small
            // image), fit the pins alone, and failing that show the whole world at zoom 0.
            let pinsOnly = marks.map { ($0.0, PixelExtent(left: min($0.1.left, pin.left), top: $0.1.top, right: min($0.1.right, pin.right), bottom: $0.1.bottom)) }
            return Viewport.fitting(marks, width: request.width, height: request.height, padding: padding, maxZoom: maxZoom)
                ?? Viewport.fitting(pinsOnly, width: request.width, height: request.height, padding: padding, maxZoom: maxZoom)
                ?? Viewport(center: Coordinate(lat: 0, lon: 0), zoom: 0, width: request.width, height: request.height)
        }
    }

    /// The pixels a pin covers around its tip; clusters are drawn larger.
    static func pinExtent(_ style: MapStyle, count: Int) -> PixelExtent {
        let s = count > 1 ? style.clusters.scale(count: count) : 1
        let w = style.pins.width * s, h = style.pins.height * s
        return PixelExtent(left: w / 2, top: h, right: w / 2, bottom: 0)
    }

    static func labelSize(_ text: String, style: MapStyle, on canvas: Canvas) -> (width: Double, height: Double) {
        let box = canvas.textBox(text)
        return (box.advance + 2 * style.labels.haloWidth, style.labels.fontSize * 1.25 + 2 * style.labels.haloWidth)
    }

    static func drawPin(_ group: MarkGroup, tip: (x: Double, y: Double), extent: PixelExtent, on canvas: Canvas, style: MapStyle) {
        let category = style.category(group.category), p = style.pins
        let width = extent.left + extent.right, grown = width / p.width
        canvas.pin(tipX: tip.x, tipY: tip.y, width: width, height: extent.top, fill: category.color, outline: p.outlineColor,
                   outlineWidth: p.outlineWidth, shadow: p.shadowColor,
                   shadowOffset: (p.shadowOffset.dx * grown, p.shadowOffset.dy * grown),
                   glyph: group.isCluster ? String(group.members.count) : category.glyph,
                   glyphColor: group.isCluster ? style.clusters.countColor : p.glyphColor,
                   glyphSize: (group.isCluster ? style.clusters.countFontSize : p.glyphSize) * grown, font: style.labels.fontFamily)
    }

    static func drawLabel(_ label: PlacedLabel, on canvas: Canvas, style: MapStyle) {
        let l = style.labels
        canvas.setFont(l.fontFamily, size: l.fontSize)
        // Baseline so that the text sits in the middle of its box.
        let baseline = label.rect.midY + l.fontSize * 0.35
        canvas.text(label.text, x: label.rect.x + l.haloWidth, baseline: baseline, color: l.color, halo: l.haloColor, haloWidth: l.haloWidth)
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

/// Legend, attribution and scale bar: where each goes (so labels avoid them) and how it is drawn.
struct Furniture {
    let rect: PixelRect
    let draw: () -> Void
}

extension MapRenderer {
    /// The drawn categories with their counts, in the style's order, top left.
    static func legendLayout(_ drawn: [Feature], style: MapStyle, language: String?, on canvas: Canvas) -> Furniture? {
        let counts = Dictionary(grouping: drawn, by: \.category).mapValues(\.count)
        guard !counts.isEmpty else { return nil }
        let codes = style.sortedForLegend(counts.keys)
        let l = style.legend, line = l.fontSize * 1.6, swatch = l.fontSize * 0.9
        canvas.setFont(style.labels.fontFamily, size: l.fontSize)
        let rows = codes.map { (code: $0, text: "\(style.label(for: $0, language: language))  \(counts[$0]!)") }
        let textWidth = rows.map { canvas.textBox($0.text).advance }.max() ?? 0
        let rect = PixelRect(x: 10, y: 10, width: l.padding * 2 + swatch + 6 + textWidth, height: l.padding * 2 + line * Double(rows.count))
        return Furniture(rect: rect) {
            canvas.rectangle(rect, fill: l.background)
            canvas.setFont(style.labels.fontFamily, size: l.fontSize)
            for (i, row) in rows.enumerated() {
                let y = rect.y + l.padding + line * Double(i)
                // Waters are drawn as areas in their fill colour, not as pins.
                canvas.rectangle(PixelRect(x: rect.x + l.padding, y: y + (line - swatch) / 2, width: swatch, height: swatch),
                                 fill: row.code == "water" ? style.waters.fill : style.category(row.code).color)
                canvas.show(row.text, x: rect.x + l.padding + swatch + 6, baseline: y + line / 2 + l.fontSize * 0.35, color: l.color)
            }
        }
    }

    /// The data's attribution, bottom right.
    static func attributionLayout(_ lines: [String], style: MapStyle, on canvas: Canvas, width: Double, height: Double) -> Furniture? {
        guard !lines.isEmpty else { return nil }
        let a = style.attribution, text = lines.joined(separator: " · ")
        canvas.setFont(style.labels.fontFamily, size: a.fontSize)
        let w = canvas.textBox(text).advance + 8, h = a.fontSize + 6
        let rect = PixelRect(x: width - w, y: height - h, width: w, height: h)
        return Furniture(rect: rect) {
            canvas.rectangle(rect, fill: a.background)
            canvas.setFont(style.labels.fontFamily, size: a.fontSize)
            canvas.show(text, x: rect.x + 4, baseline: rect.maxY - 4 - a.fontSize * 0.1, color: a.color)
        }
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ metres) no longer than the style allows, bottom left.
    static func scaleBarLayout(_ viewport: Viewport, style: MapStyle, height: Double) -> (rect: PixelRect, draw: (Canvas, MapStyle) -> Void) {
        let s = style.scaleBar
        let metresPerPixel = WebMercator.metresPerPixel(lat: viewport.center.lat, zoom: viewport.zoom)
        let length = ScaleBar.roundLength(atMost: s.maxWidth * metresPerPixel)
        let pixels = length / metresPerPixel
        let rect = PixelRect(x: 10, y: height - 10 - s.fontSize - 10, width: max(pixels, 40) + 4, height: s.fontSize + 10)
        return (rect, { canvas, style in
            let y = rect.maxY - 3, bar = [[(rect.x + 2, y - 5), (rect.x + 2, y), (rect.x + 2 + pixels, y), (rect.x + 2 + pixels, y - 5)]]
            // A white casing under the bar keeps it readable over pins and water.
            for (colour, width) in [(RGBA(r: 1, g: 1, b: 1, a: 0.85), 4.0), (s.color, 1.5)] {
                canvas.path(bar, closed: false)
                canvas.stroke(colour, width: width)
            }
            canvas.setFont(style.labels.fontFamily, size: s.fontSize)
            canvas.text(ScaleBar.text(length), x: rect.x + 2, baseline: y - 7, color: s.color, halo: RGBA(r: 1, g: 1, b: 1, a: 0.85), haloWidth: 2)
        })
    }
}

/// Round lengths for scale bars.
enum ScaleBar {
    /// The largest 1, 2 or 5 × 10ⁿ metres not above `metres`.
    static func roundLength(atMost metres: Double) -> Double {
        let power = pow(10, floor(log10(metres)))
        return [5, 2, 1].map { $0 * power }.first { $0 <= metres } ?? power
    }

    static func text(_ metres: Double) -> String {
        metres >= 1000 ? "\(formatted(metres / 1000)) km" : "\(formatted(metres)) m"
    }

    private static func formatted(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
