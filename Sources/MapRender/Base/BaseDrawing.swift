import Dispatch
import Foundation
import GeoCore
import Synchronization

/// The base map's areas and lines, bottom to top: sea and land, landuse, parks, water,
/// waterways, buildings, roads (every casing, then every fill, minor → major), rail, borders.
/// One path for PNG, PDF and SVG: it draws on a `Canvas`.
struct BaseDrawing {
    let style: MapStyle.BaseStyle
    let zoom: Double
    /// Image pixels of a coordinate.
    let project: (Coordinate) -> (x: Double, y: Double)
    /// The image grown by the widest line and then some: what is cut away beyond it cannot
    /// show, and what lies near is left whole, so that a tile draws it exactly as the overview.
    let clip: PixelRect
    static let clipMargin = 1024.0
    /// The image itself, or the band of it a canvas draws (`Canvas.drawn`): what draws wholly
    /// outside it is left out (see `fill` and `stroke`).
    let image: PixelRect
    /// Whether x grows with the longitude alone and y falls with the latitude alone (Web
    /// Mercator), so that the extreme coordinates of some points give their pixels' box.
    let separable: Bool
    /// Farther than any line's or outline's ink reaches, and a pixel more.
    let farReach: Double

    init(style: MapStyle.BaseStyle, viewport: Viewport, drawn: PixelRect? = nil) {
        self.style = style
        zoom = Self.zoom(viewport)
        let origin = viewport.origin
        project = { c in
            let p = viewport.worldPixel(c)
            return (p.x - origin.x, p.y - origin.y)
        }
        let whole = PixelRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        image = drawn ?? whole
        // Cut where the whole image's base is cut, so that each band draws the same lines.
        clip = whole.grown(by: Self.reach(style, zoom: zoom) + Self.clipMargin)
        separable = viewport.projection is WebMercator
        farReach = Self.farReach(style, zoom: zoom)
    }

    /// Farther than any line's or outline's ink reaches (borders are drawn at their width at every
    /// zoom, a line at least half a pixel wide), and a pixel more.
    static func farReach(_ style: MapStyle.BaseStyle, zoom: Double) -> Double {
        reach(style, zoom: zoom) + style.borders.width + style.water.outlineWidth + style.buildings.outlineWidth + 2
    }

    /// The box of the image pixels of `lines` from their extreme coordinates alone, a pixel
    /// larger against rounding: no point need be projected. Nil where the projection is not
    /// `separable`, or for no points.
    func roughBox(_ lines: [[Coordinate]]) -> PixelRect? {
        guard separable else { return nil }
        var minLat = Double.infinity, minLon = Double.infinity, maxLat = -Double.infinity, maxLon = -Double.infinity
        for line in lines {
            for c in line { (minLat, maxLat, minLon, maxLon) = (min(minLat, c.lat), max(maxLat, c.lat), min(minLon, c.lon), max(maxLon, c.lon)) }
        }
        guard minLat <= maxLat else { return nil }
        let nw = project(Coordinate(lat: maxLat, lon: minLon)), se = project(Coordinate(lat: minLat, lon: maxLon))
        return PixelRect(x: nw.x, y: nw.y, width: se.x - nw.x, height: se.y - nw.y).grown(by: 1)
    }

    /// The zoom a viewport's base is drawn at (widths, what is shown): the Web Mercator zoom,
    /// or in another projection the Web Mercator zoom of the same ground resolution at its centre.
    static func zoom(_ viewport: Viewport) -> Double {
        if viewport.projection is WebMercator { return viewport.zoom }
        return log2(WebMercator.metresPerPixel(lat: viewport.center.lat, zoom: 0) / viewport.metresPerPixel)
    }

    /// Half the widest line at `zoom`, casing included: how far a line's ink reaches from it.
    static func reach(_ style: MapStyle.BaseStyle, zoom: Double) -> Double {
        let widths = style.roads.values.map { $0.width + 2 * $0.casingWidth } + style.waterways.kinds.values.map(\.width)
            + [style.rail.width, style.borders.width]
        return style.width(widths.max() ?? 0, atZoom: zoom) / 2
    }

    /// A raster image larger than this (device pixels) is drawn in two bands at once where two
    /// processors are: drawing the base is most of a large map's time. A tile, even at 2×, would
    /// not repay its thread, and a server draws its tiles side by side anyway.
    static let bandedPixels = 512.0 * 512

    /// How many bands `draw` cuts `canvas` into by default: two for a large raster image
    /// (`bandedPixels`) in Web Mercator, where two processors are; else one. In another projection
    /// every band would project every feature, as no box of it is known unprojected (`roughBox`).
    func bands(for canvas: Canvas) -> Int {
        let large = canvas.format == .png && canvas.width * canvas.height * canvas.scale * canvas.scale > Self.bandedPixels
        return large && separable ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
    }

    /// `base` drawn on `canvas` in `bands` (by default `bands(for:)`) cut for about equal work
    /// (`evenCuts`) and drawn at once on as many threads; one is drawn as `draw(_:on:cancellation:)` draws it.
    static func draw(_ base: [BaseFeature], style: MapStyle.BaseStyle, viewport: Viewport, on canvas: Canvas, bands: Int? = nil,
                     cancellation: Cancellation) throws {
        let drawing = BaseDrawing(style: style, viewport: viewport)
        let count = bands ?? drawing.bands(for: canvas)
        guard count > 1 else { return try drawing.draw(base, on: canvas, cancellation: cancellation) }
        // Each band is drawn by one thread alone, over rows of its own.
        struct Bands: @unchecked Sendable { let canvases: [Canvas] }
        let split = Bands(canvases: canvas.bands(cutAt: drawing.evenCuts(base, count: count)))
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: split.canvases.count) { i in
            let band = split.canvases[i]
            do {
                try BaseDrawing(style: style, viewport: viewport, drawn: band.drawn).draw(base, on: band, cancellation: cancellation)
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        try canvas.merge(split.canvases)
    }

    /// Where to cut the image into `count` bands of about equal work: each feature's points
    /// spread over the rows of its box, found from its extreme coordinates.
    func evenCuts(_ base: [BaseFeature], count: Int) -> [Double] {
        let rows = Int(image.height.rounded(.up))
        var weight = [Double](repeating: 0, count: rows + 1)
        for f in base where style.shows(f, atZoom: zoom) {
            let points = f.geometry.coordinates
            guard let box = roughBox([points]) else { continue }
            let top = max(0, Int(box.minY.rounded(.down))), bottom = min(rows, Int(box.maxY.rounded(.down)) + 1)
            guard top < bottom else { continue }
            let each = Double(points.count) / Double(bottom - top)
            weight[top] += each
            weight[bottom] -= each
        }
        var perRow = 0.0, total = 0.0
        let cumulative = weight.dropLast().map { w in perRow += w; total += perRow; return total }
        guard total > 0 else { return (1..<count).map { image.height * Double($0) / Double(count) } }
        // Below the row where the running sum reaches its share.
        return (1..<count).map { i in Double((cumulative.firstIndex { $0 >= total * Double(i) / Double(count) } ?? rows - 1) + 1) }
    }

    func draw(_ base: [BaseFeature], on canvas: Canvas) {
        // Never cancelled, so never thrown.
        try! draw(base, on: canvas, cancellation: .never)
    }

    /// Layer by layer, checking `cancellation` between them (`CancellationError`).
    func draw(_ base: [BaseFeature], on canvas: Canvas, cancellation: Cancellation) throws {
        // Positions, not copies of the features (each copy retains its strings and geometry), of
        // those the style shows at this zoom.
        let byLayer = Dictionary(grouping: base.indices.filter { style.shows(base[$0], atZoom: zoom) }, by: { base[$0].layer })
        func layer(_ l: BaseLayer) -> LazyMapSequence<[Int], BaseFeature> { (byLayer[l] ?? []).lazy.map { base[$0] } }

        // Land polygons, when there are any, are drawn over the sea; else all is land.
        let land = layer(.land)
        canvas.fillBackground(land.isEmpty ? style.land : style.sea)
        fill(land.map(\.geometry), color: style.land, on: canvas)
        for (features, colours) in [(layer(.landuse), style.landuse), (layer(.park), style.park)] {
            try cancellation.check()
            // Colour by colour, in the order the colours first come (a kind without a colour of its
            // own takes "other"'s).
            var kinds: [String] = [], byKind: [String: [Geometry]] = [:]
            for f in features {
                let kind = colours[f.kind] != nil ? f.kind : "other"
                if byKind[kind] == nil { kinds.append(kind) }
                byKind[kind, default: []].append(f.geometry)
            }
            for kind in kinds { fill(byKind[kind]!, color: colours[kind]!, on: canvas) }
        }
        try cancellation.check()
        area(layer(.water).map(\.geometry), style.water, on: canvas)
        try cancellation.check()
        let waterways = Dictionary(grouping: layer(.waterway), by: \.kind)
        for kind in waterways.keys.sorted() {
            // A river a pixel at the least: at country scale it stays a line one can follow.
            stroke(waterways[kind]!.map(\.geometry).flatMap(lines), color: style.waterways.color, width: style.waterways.kinds[kind]!.width,
                   least: kind == "river" ? 1 : 0.5, on: canvas)
        }
        try cancellation.check()
        area(layer(.building).map(\.geometry), style.buildings, on: canvas)
        try cancellation.check()
        drawRoads(layer(.road), on: canvas)
        try cancellation.check()
        let rail = style.rail
        let (trams, railways) = layer(.rail).reduce(into: ([Geometry](), [Geometry]())) { lines, f in
            if MapStyle.BaseStyle.RailStyle.streetKinds.contains(f.kind) { lines.0.append(f.geometry) } else { lines.1.append(f.geometry) }
        }
        stroke(trams.flatMap(lines), color: rail.color, width: rail.tramWidth, on: canvas)
        let railLines = railways.flatMap(lines)
        stroke(railLines, color: rail.color, width: rail.width, on: canvas)
        stroke(railLines, color: rail.dashColor, width: rail.width / 2, dash: rail.dash, on: canvas)
        try cancellation.check()
        for (level, borders) in Dictionary(grouping: layer(.border), by: { Int($0.kind) ?? 10 }).sorted(by: { $0.key > $1.key }) {
            // Each level below the countries' is thinner, its dashes shorter.
            let factor = max(0.35, 1 - 0.15 * Double(max(0, level - 2)))
            stroke(borders.map(\.geometry).flatMap(lines), color: style.borders.color, width: style.borders.width * factor,
                   dash: style.borders.dash.map { $0 * factor }, scaled: false, on: canvas)
        }
    }

    private func drawRoads(_ roads: some Sequence<BaseFeature>, on canvas: Canvas) {
        var byClass: [String: [Geometry]] = [:]
        for r in roads { if let c = style.road(r.kind) { byClass[c.name, default: []].append(r.geometry) } }
        let classes = byClass.keys.compactMap { name in style.roads[name].map { (name, $0) } }
            .sorted { ($0.1.width, $0.0) < ($1.1.width, $1.0) }
        // Projected and clipped once for both strokes.
        let lines = Dictionary(uniqueKeysWithValues: classes.map { name, _ in (name, byClass[name]!.flatMap(self.lines)) })
        for (name, road) in classes where road.casingWidth > 0 {
            stroke(lines[name]!, color: road.casing, width: road.width + 2 * road.casingWidth, on: canvas)
        }
        for (name, road) in classes { stroke(lines[name]!, color: road.fill, width: road.width, dash: road.dash, on: canvas) }
    }

    private func rings(_ geometry: Geometry) -> [[(x: Double, y: Double)]] {
        let polygons: [[[Coordinate]]] = switch geometry {
        case let .polygon(rings): [rings]
        case let .multiPolygon(polygons): polygons
        default: []
        }
        let rings = polygons.flatMap { $0 }
        // Wholly within `clip` (so uncut) and far from the image: no need to project it, as every
        // fill and outline leaves it out. An empty ring stands for its rings.
        if let box = roughBox(rings), clip.contains(box), !box.intersects(image.grown(by: farReach)) {
            return rings.contains { $0.count > 2 } ? [[]] : []
        }
        return rings.map { PixelClipping.ring($0.map(project), to: clip) }.filter { $0.count > 2 }
    }

    private func lines(_ geometry: Geometry) -> [(points: [(x: Double, y: Double)], start: Double)] {
        let lines: [[Coordinate]] = switch geometry {
        case let .lineString(line): [line]
        case let .multiLineString(lines): lines
        // An area given as a line's layer (a riverbank's outline, a closed road) is stroked along its rings.
        case let .polygon(rings): rings
        case let .multiPolygon(polygons): polygons.flatMap { $0 }
        case .point, .multiPoint: []
        }
        // Wholly within `clip` (so uncut: a piece per line) and far above or below the image: no
        // need to project it, as every stroke leaves it out (beside the image, solid lines are
        // kept: see `stroke`). An empty piece stands for its pieces.
        if let box = roughBox(lines), clip.contains(box), box.maxY < image.minY - farReach || box.minY > image.maxY + farReach {
            return [([], 0)]
        }
        return lines.flatMap { PixelClipping.line($0.map(project), to: clip) }
    }

    /// The box of `lines`, grown by the `reach` of their ink and a pixel more (anti-aliasing,
    /// Cairo's fixed-point rounding): no pixel outside it changes when they are drawn.
    private func inkBox(_ lines: [[(x: Double, y: Double)]], reach: Double) -> PixelRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for line in lines {
            for p in line { (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y)) }
        }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).grown(by: reach + 1)
    }

    /// Whether what Cairo draws of `lines` in one fill or stroke of their own can touch the image:
    /// one that cannot changes no pixel and is left out (most of what a tile's fetch area holds).
    private func shows(_ lines: [[(x: Double, y: Double)]], reach: Double) -> Bool {
        let box = inkBox(lines, reach: reach)
        return box.minX <= image.maxX && box.maxX >= image.minX && box.minY <= image.maxY && box.maxY >= image.minY
    }

    /// The areas, filled even-odd per feature: a hole (an island in a lake) stays what is under it.
    private func fill(_ geometries: [Geometry], color: RGBA, on canvas: Canvas) {
        for g in geometries {
            let r = rings(g)
            guard !r.isEmpty, shows(r, reach: 0) else { continue }
            canvas.path(r, closed: true)
            canvas.fill(color)
        }
    }

    private func area(_ geometries: [Geometry], _ s: MapStyle.BaseStyle.AreaStyle, on canvas: Canvas) {
        var outlinesLeftOut = false
        for g in geometries {
            let r = rings(g)
            guard !r.isEmpty else { continue }
            guard shows(r, reach: s.outlineWidth / 2) else {
                outlinesLeftOut = outlinesLeftOut || s.outlineWidth > 0
                continue
            }
            canvas.path(r, closed: true)
            canvas.fill(s.fill, preserve: s.outlineWidth > 0)
            if s.outlineWidth > 0 { canvas.stroke(s.outline, width: s.outlineWidth) }
        }
        if outlinesLeftOut { canvas.lineEnds(dashed: false) }
    }

    /// All the lines (pieces of `lines`) in one path, stroked once: where two meet, their ink merges.
    /// Lines left out as invisible leave the line ends set as their stroke would (`Canvas.lineEnds`).
    private func stroke(_ all: [(points: [(x: Double, y: Double)], start: Double)], color: RGBA, width: Double, dash: [Double] = [], scaled: Bool = true,
                        least: Double = 0.5, on canvas: Canvas) {
        guard !all.isEmpty else { return }
        let w = scaled ? max(least, style.width(width, atZoom: zoom)) : width
        guard !dash.isEmpty else {
            // Only lines wholly above or below the image are left out of the one path. Cairo clips
            // a stroke reaching beyond the image to it, and what lies beside the image becomes
            // edges along its side whose ends change how those rows are anti-aliased; what lies
            // above or below is dropped. A dot above the image keeps the stroke reaching beyond
            // it, clipped as before, when lines were left out.
            var kept = all.filter { piece in
                let box = inkBox([piece.points], reach: w / 2)
                return box.minY <= image.maxY && box.maxY >= image.minY
            }
            guard !kept.isEmpty else { return canvas.lineEnds(dashed: false) }
            if kept.count < all.count {
                let above = (x: image.minX, y: image.minY - w - 16)
                kept.append(([above, above], 0))
            }
            canvas.path(kept.map(\.points), closed: false)
            return canvas.stroke(color, width: w)
        }
        // Piece by piece: each keeps the dashes' phase where the whole line has it.
        let lengths = scaled ? dash.map { style.width($0, atZoom: zoom) } : dash
        for piece in all where shows([piece.points], reach: w / 2) {
            canvas.path([piece.points], closed: false)
            canvas.stroke(color, width: w, dash: lengths, offset: piece.start)
        }
        canvas.lineEnds(dashed: true)
    }
}
