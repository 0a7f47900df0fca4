import Foundation
import GeoCore

/// A printed map laid out on its pages: the map's frame and scale, the grid, the numbered
/// objects, and where each line of the index goes.
public struct PrintLayout: Sendable {
    public let map: PrintedMap
    /// The style's print section (a layout exists only for a style that has one).
    public let print: MapStyle.PrintStyle
    public let page: (width: Double, height: Double)
    /// The map on the first page, in points; `viewport` is the same size.
    public let mapRect: PixelRect
    public let viewport: Viewport
    /// The map's scale at its centre (1:`scaleDenominator`), a round number.
    public let scaleDenominator: Double
    public let grid: ReferenceGrid
    public let entries: [IndexEntry]
    /// The index, page by page (the first page holds the map beside it).
    let indexPages: [[IndexLine]]
    /// The legend's rows: the codes of the categories on the map.
    let legendRows: [[String]]
    /// How many markers found no free spot near their place and cover another.
    public let crowdedMarkers: Int
    /// The page within its margins; the foot below the map.
    let content: PixelRect, footRect: PixelRect

    public var pageCount: Int { indexPages.count }
}

extension PrintLayout {
    public init(_ map: PrintedMap) throws {
        let canvas = try Canvas(format: .png, width: 1, height: 1)
        let p = try map.printStyle, f = p.indexFontSize
        let c = try map.composition(measure: canvas)
        let (viewport, scale) = try map.viewport(in: c.mapRect, markerRadius: PrintedMap.markerRadius(99, fontSize: f, on: canvas))
        let spacing = p.gridSpacingMM * PrintScale.pointsPerMM
        let grid = ReferenceGrid(rect: c.mapRect, columns: min(26, max(1, Int((c.mapRect.width / spacing).rounded()))),
                                 rows: min(99, max(1, Int((c.mapRect.height / spacing).rounded()))))

        // The objects whose marker falls on the map, by category in the legend's order, then by
        // name as the map's language sorts them; numbered in that order (a water mapped in pieces
        // once, at the piece that carries its mark: `pinPosition`).
        let shown = Set(map.shownCategories), locale = Locale(identifier: map.language ?? "en")
        let words = PageWords(map.language)
        var placed: [(Feature, (x: Double, y: Double), String)] = []
        for feature in map.features where shown.contains(feature.category) {
            guard let position = MapRenderer.pinPosition(feature) else { continue }
            let pixel = viewport.pixel(position), point = (x: c.mapRect.x + pixel.x, y: c.mapRect.y + pixel.y)
            guard let cell = grid.cell(at: point) else { continue }
            placed.append((feature, point, cell))
        }
        let rank = Dictionary(uniqueKeysWithValues: map.shownCategories.enumerated().map { ($1, $0) })
        placed.sort { a, b in
            let (ra, rb) = (rank[a.0.category]!, rank[b.0.category]!)
            if ra != rb { return ra < rb }
            let order = (a.0.name(in: map.language) ?? "").compare(b.0.name(in: map.language) ?? "", locale: locale)
            return order != .orderedSame ? order == .orderedAscending : a.0.id.description < b.0.id.description
        }
        var entries = placed.enumerated().map { i, p in
            IndexEntry(number: i + 1, feature: p.0, place: p.1, marker: p.1, markerRadius: PrintedMap.markerRadius(i + 1, fontSize: f, on: canvas), cell: p.2)
        }
        let crowded = Self.moveApart(&entries, within: c.mapRect)
        let present = Set(entries.map(\.feature.category))

        let continuation = PixelRect(x: c.content.x, y: c.content.y + c.titleHeight, width: c.content.width, height: c.content.height - c.titleHeight)
        self.init(map: map, print: p, page: c.page, mapRect: c.mapRect, viewport: viewport, scaleDenominator: scale, grid: grid, entries: entries,
                  indexPages: Self.flow(entries, map: map, words: words, first: c.indexRect, then: continuation, fontSize: f, on: canvas),
                  legendRows: map.legendRows(map.shownCategories.filter(present.contains), width: PrintedMap.legendWidth(c.footRect.width, fontSize: f), fontSize: f, on: canvas),
                  crowdedMarkers: crowded, content: c.content, footRect: c.footRect)
    }
}
