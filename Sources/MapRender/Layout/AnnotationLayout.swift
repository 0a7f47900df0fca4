import Foundation
import GeoCore

/// The marks and labels of one map image or tile: places merged into clusters on the world
/// grid, each cell's group drawn as `MarkForms` decides, labels placed by `LabelPlacement`. All
/// decisions are made on the viewport's world plane, so an image shows exactly what any other
/// window on the same plane shows where the two overlap — provided both were handed the places
/// within `margin` of themselves. No two marks and no mark and label ever overlap.
struct AnnotationLayout {
    struct Mark {
        let group: MarkGroup
        let look: PinLook
        /// A pin's tip, a dot's or ring's centre, in image pixels.
        let anchor: (x: Double, y: Double)
        /// The mark's ink, in image pixels.
        let rect: PixelRect
    }

    /// The marks that reach into the image, in drawing order (north to south, so that a pin
    /// stands in front of those behind it).
    let marks: [Mark]
    /// The labels that reach into the image, in image pixels.
    let labels: [PlacedLabel]

    /// Space between a mark's ink and its label.
    static let labelGap = 2.0

    /// - Parameter keepInside: for a finished image: labels stay whole inside it and off the
    ///   `obstacles` (image pixels: legend, scale bar, the base's first names), which are asked
    ///   for once the marks are known (in a `MarkRoom`, where dots and rings may step aside for
    ///   a name), and are placed greedily by importance. Without it (tiles and overlays) labels are
    ///   decided by `LabelPlacement`'s local rule as on an endless map, so that neighbouring
    ///   tiles fit together.
    init(features: [Feature], viewport: Viewport, style: MapStyle, language: String?, keepInside: Bool,
         obstacles: (inout MarkRoom) -> [PixelRect] = { _ in [] }, measure: @escaping (String) -> (width: Double, height: Double)) {
        // Never cancelled, so never thrown.
        self = try! AnnotationLayout(features: features, viewport: viewport, style: style, language: language, keepInside: keepInside,
                                     obstacles: obstacles, measure: measure, cancellation: .never)
    }

    /// The same, checking `cancellation` between the layout's stages and cell by cell (`CancellationError`).
    init(features: [Feature], viewport: Viewport, style: MapStyle, language: String?, keepInside: Bool,
         obstacles: (inout MarkRoom) -> [PixelRect] = { _ in [] }, measure: @escaping (String) -> (width: Double, height: Double),
         cancellation: Cancellation) throws {
        let origin = viewport.origin
        let window = PixelRect(x: origin.x, y: origin.y, width: viewport.width, height: viewport.height)
        let margin = Self.margin(style, zoom: viewport.zoom)
        let priority = Self.labelPriority(style)
        let positions = features.map(MapRenderer.pinPosition)
        let grid = ClusterGrid(count: features.count, cellSize: style.clusters.cell(atZoom: viewport.zoom),
                               area: window.grown(by: margin), merge: style.clusters.merge, position: { positions[$0].map { viewport.worldPixel($0) } }) { i in
            Self.mark(features[i], at: positions[i]!, priority: priority, townPopulation: style.labels.townPopulation, language: language)
        }
        try cancellation.check()
        let forms = MarkForms(grid: grid, style: style) { features[$0].category }
        // A mark's ink lies within its cell, or for a pin within a pin's reach of its place.
        let markReach = MarkForms.markReach(style, zoom: viewport.zoom)

        // Each mark with its cell and its place among the cell's marks: where a moved one is written back.
        var found: [(mark: Mark, cell: Int, index: Int)] = [], beyond: [PixelRect] = []
        var stopped = false
        grid.forEachCell(meeting: window.grown(by: markReach)) { cell in
            guard !stopped else { return }
            if cancellation.isCancelled { stopped = true }
            for (k, m) in forms.marks(inCell: cell).enumerated() {
                guard m.rect.intersects(window) else { beyond.append(m.rect.offset(by: (-origin.x, -origin.y))); continue }
                found.append((Mark(group: m.group, look: m.look, anchor: (m.anchor.x - origin.x, m.anchor.y - origin.y),
                                   rect: m.rect.offset(by: (-origin.x, -origin.y))), cell, k))
            }
        }
        try cancellation.check()
        found.sort { a, b in
            // Field by field: a cluster's id is made by joining strings, wanted only on ties.
            if a.mark.rect.maxY != b.mark.rect.maxY { return a.mark.rect.maxY < b.mark.rect.maxY }
            if a.mark.anchor.x != b.mark.anchor.x { return a.mark.anchor.x < b.mark.anchor.x }
            return a.mark.group.id < b.mark.group.id
        }
        var furniture = RectIndex()
        if keepInside {
            var room = MarkRoom(marks: found.map(\.mark), cells: found.map { grid.rect(ofCell: $0.cell).offset(by: (-origin.x, -origin.y)) },
                                bounds: PixelRect(x: 0, y: 0, width: viewport.width, height: viewport.height), beyond: beyond, dot: forms.dot)
            for o in obstacles(&room) { furniture.insert(o.offset(by: origin)) }
            for i in room.moved {
                let m = room.marks[i]
                forms.move(inCell: found[i].cell, at: found[i].index, look: m.look, to: (m.anchor.x + origin.x, m.anchor.y + origin.y))
                found[i].mark = m
            }
        }
        marks = found.map(\.mark)

        let maxSize = Self.maxLabelSize(style)
        // A mark's ink lies within a pin's reach of its cell (a dot or ring inside it); its
        // label's spots within that of its anchor, or half a cell, plus the gap and a label.
        let pin = MarkForms.pinReach(style), pinReach = max(pin.left, pin.top, pin.right, pin.bottom)
        let fromAnchor = max(pinReach, style.clusters.span(atZoom: viewport.zoom) / 2)
        let labelReach = LabelRequest.reach(PixelExtent(left: fromAnchor, top: fromAnchor, right: fromAnchor, bottom: fromAnchor),
                                            size: maxSize, gap: Self.labelGap)
        let fitted = { (text: String) in
            LabelLines.fitted(text, maxWidth: maxSize.width, maxLines: style.labels.maxLines, lineAdvance: Self.lineAdvance(style), measure: measure)
        }
        var neighbourhood = MarkNeighbourhood(
            made: .init(grid: grid, forms: forms, naming: MarkNaming(style: style, language: language), maxSize: maxSize, shortened: fitted),
            labelReach: labelReach, pinReach: pinReach, furniture: furniture)
        let wanted = neighbourhood.requestsNear(window)
        try cancellation.check()
        // A finished image names what it can; tiles and overlays decide locally, so that
        // neighbours agree.
        let placed = keepInside
            ? LabelPlacement.placeGreedily(wanted, in: neighbourhood, bounds: window, maxSize: maxSize, gap: Self.labelGap, fitted: fitted) {
                LabelLines.shortened($0, maxWidth: maxSize.width, measure: measure)
            }
            : LabelPlacement.place(wanted, in: consume neighbourhood, bounds: nil, window: window, maxSize: maxSize, gap: Self.labelGap)
        labels = placed.map { $0.offset(by: (-origin.x, -origin.y)) }
    }

    /// The box, in world pixels, that the marks of `features` cover at `viewport`'s zoom, drawn
    /// as a map of the whole world would draw them; nil when none has a position.
    static func markInk(_ features: [Feature], viewport: Viewport, style: MapStyle, cancellation: Cancellation = .never) throws -> PixelRect? {
        let positions = features.map(MapRenderer.pinPosition), priority = labelPriority(style)
        let grid = ClusterGrid(count: features.count, cellSize: style.clusters.cell(atZoom: viewport.zoom), merge: style.clusters.merge,
                               position: { positions[$0].map { viewport.worldPixel($0) } }) { i in
            mark(features[i], at: positions[i]!, priority: priority, townPopulation: style.labels.townPopulation, language: nil)
        }
        try cancellation.check()
        let forms = MarkForms(grid: grid, style: style) { features[$0].category }
        var ink: PixelRect?
        for cell in 0..<grid.cellCount {
            try cancellation.check()
            for rect in forms.marks(inCell: cell).map(\.rect) { ink = ink?.union(rect) ?? rect }
        }
        return ink
    }

    /// A feature as layout sees it: a town (at least the style's `labels.town_population`)
    /// before every category; within a category, a place with more people is more important,
    /// then the guide's own objects (any source but OpenStreetMap) before OpenStreetMap's.
    static func mark(_ f: Feature, at position: Coordinate, priority: (String) -> Int, townPopulation: Int?, language: String?) -> LayoutMark {
        let town = townPopulation.map { (f.population ?? 0) >= $0 } ?? false
        return LayoutMark(id: f.id.description, category: f.category, position: position, label: LabelText.of(f.name(in: language)),
                          priority: town ? LayoutMark.townPriority : priority(f.category),
                          importance: 2 * max(0, f.population ?? 0) + (f.source == "osm" ? 0 : 1))
    }

    /// A category's rank among labels: its place in the style's `labels.priority`, unlisted
    /// categories after those, muted ones last.
    static func labelPriority(_ style: MapStyle) -> (String) -> Int {
        let listed = Dictionary(style.labels.priority.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        let unlisted = listed.count, muted = unlisted + 1
        let rank = { (code: String) in style.category(code).muted ? muted : listed[code] ?? unlisted }
        // The style's own categories ranked once: a tile ranks thousands of places.
        let known = Dictionary(style.categories.keys.map { ($0, rank($0)) }, uniquingKeysWith: min)
        return { code in known[code] ?? rank(code) }
    }

    /// How far beyond an image or tile, in pixels on each axis, the places it is handed must
    /// reach for its marks and labels to come out as on the whole map: label decisions look
    /// `LabelPlacement.dependencyReach` label reaches away, then a mark's decision
    /// `MarkForms.reach`, then a whole cluster's area (so that every cluster found there is complete).
    static func margin(_ style: MapStyle, zoom: Double) -> (x: Double, y: Double) {
        let markReach = MarkForms.markReach(style, zoom: zoom)
        let reach = LabelRequest.reach(PixelExtent(left: markReach, top: markReach, right: markReach, bottom: markReach),
                                       size: maxLabelSize(style), gap: labelGap)
        let cell = style.clusters.span(atZoom: zoom), forms = MarkForms.reach(style, zoom: zoom)
        return (LabelPlacement.dependencyReach * reach.x + forms + cell, LabelPlacement.dependencyReach * reach.y + forms + cell)
    }

    /// The largest label box: `labels.maxWidth` wide, `labels.maxLines` lines high with its halo.
    static func maxLabelSize(_ style: MapStyle) -> (width: Double, height: Double) {
        (style.labels.maxWidth, labelHeight(style) + Double(style.labels.maxLines - 1) * lineAdvance(style))
    }

    /// A one-line label's box height, halo included.
    static func labelHeight(_ style: MapStyle) -> Double { style.labels.fontSize * 1.25 + 2 * style.labels.haloWidth }

    /// From one line's baseline to the next's.
    static func lineAdvance(_ style: MapStyle) -> Double { style.labels.lineSpacing * style.labels.fontSize }
}
