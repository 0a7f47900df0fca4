import Foundation
import GeoCore

/// A sheet of paper, in millimetres.
public struct Paper: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var widthMM: Double, heightMM: Double

    /// The papers a manifest may name, portrait.
    public static let sizes = [Paper(name: "A4", widthMM: 210, heightMM: 297), Paper(name: "A3", widthMM: 297, heightMM: 420),
                               Paper(name: "A2", widthMM: 420, heightMM: 594), Paper(name: "Letter", widthMM: 215.9, heightMM: 279.4)]

    public static func named(_ name: String) -> Paper? { sizes.first { $0.name.lowercased() == name.lowercased() } }

    public var isLandscape: Bool { widthMM > heightMM }
    /// The same paper turned on its side.
    public var landscape: Paper { isLandscape ? self : Paper(name: name, widthMM: heightMM, heightMM: widthMM) }

    /// The page in PDF points (1/72 inch): the unit a page is laid out in.
    public var points: (width: Double, height: Double) { (widthMM * PrintScale.pointsPerMM, heightMM * PrintScale.pointsPerMM) }

    /// The page's pixels at `dpi`, rounded to whole pixels (A4 at 300 dpi: 2480 × 3508).
    public func pixels(dpi: Double) -> (width: Int, height: Int) {
        (Int((widthMM / 25.4 * dpi).rounded()), Int((heightMM / 25.4 * dpi).rounded()))
    }

    public var description: String { "\(name) \(isLandscape ? "landscape" : "portrait")" }
}

/// Map scales as printed maps state them: "1:25 000".
public enum PrintScale {
    public static let pointsPerMM = 72 / 25.4
    /// Metres on paper in one point.
    public static let metresPerPoint = 0.0254 / 72

    /// The smallest round scale (1, 1.25, 1.5, 2, 2.5, 3, 4, 5 or 7.5 × 10ⁿ) not below `denominator`:
    /// a printed map is drawn at a scale a reader can measure with, zoomed out a little to reach it.
    public static func roundUp(_ denominator: Double) -> Double {
        let power = pow(10, floor(log10(denominator)))
        // A hair of tolerance: a scale computed as 25 000.000001 is 1:25 000.
        return [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10].map { $0 * power }.first { $0 >= denominator * (1 - 1e-9) } ?? 10 * power
    }

    /// "1:25 000" (thousands grouped by a space, as printed maps in Europe do).
    public static func text(_ denominator: Double) -> String {
        var digits = String(Int(denominator.rounded())), grouped = ""
        while digits.count > 3 {
            grouped = " " + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return "1:" + digits + grouped
    }
}

/// What part of the world a printed map shows.
public enum PrintArea: Sendable, Hashable {
    case bbox(BoundingBox)
    /// A circle of `radius` metres around a place.
    case around(Coordinate, radius: Double)
    /// Every feature of the map's categories.
    case fit
}

/// One printable map: a title, an area, the categories to show, the paper and the features.
/// The renderer is handed the features (`fetchingFeatures(from:)` fetches them from a store).
public struct PrintedMap: Sendable {
    public var title: String
    public var area: PrintArea
    /// Category codes to show and index; empty: all.
    public var categories: CategoryFilter
    public var paper: Paper
    public var projection: any MapProjection
    public var language: String?
    /// A style with a `print` section (Styles/print.json).
    public var style: MapStyle
    /// When the data was last changed, printed in the credits.
    public var dataDate: Date?
    public var features: [Feature]
    public var attribution: [String]

    public init(title: String, area: PrintArea, categories: CategoryFilter, paper: Paper, projection: any MapProjection = WebMercator(),
                language: String? = nil, style: MapStyle, dataDate: Date? = nil, features: [Feature] = [], attribution: [String] = []) {
        self.title = title
        self.area = area
        self.categories = categories
        self.paper = paper
        self.projection = projection
        self.language = language
        self.style = style
        self.dataDate = dataDate
        self.features = features
        self.attribution = attribution
    }
}

/// The reference grid over a printed map: lettered columns (A, B, …) and numbered rows (1, 2, …),
/// so that the index can say where an object is ("C-4").
public struct ReferenceGrid: Sendable, Hashable {
    /// The map's frame on the page, in points.
    public var rect: PixelRect
    public var columns: Int, rows: Int

    public static func columnName(_ column: Int) -> String { String(UnicodeScalar(UInt8(65 + column))) }

    /// The cell holding page point `p` ("C-4"), or nil outside the map.
    public func cell(at p: (x: Double, y: Double)) -> String? {
        guard p.x >= rect.x, p.x < rect.maxX, p.y >= rect.y, p.y < rect.maxY else { return nil }
        let column = min(columns - 1, Int((p.x - rect.x) / (rect.width / Double(columns))))
        let row = min(rows - 1, Int((p.y - rect.y) / (rect.height / Double(rows))))
        return "\(Self.columnName(column))-\(row + 1)"
    }
}

/// An object of the index: its number, shown on its marker, and the grid cell its place is in.
public struct IndexEntry: Sendable {
    public var number: Int
    public var feature: Feature
    /// Where the object is, on the page (points).
    public var place: (x: Double, y: Double)
    /// Where its numbered marker is drawn: on the place, or moved aside (with a leader line back
    /// to a dot on the place) where it would hide an earlier marker.
    public var marker: (x: Double, y: Double)
    public var markerRadius: Double
    public var cell: String
}

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
    let legend: [[String]]
    /// How many markers found no free spot near their place and cover another.
    public let crowdedMarkers: Int
    /// The page within its margins; the foot below the map.
    let content: PixelRect, footRect: PixelRect

    public var pageCount: Int { indexPages.count }
}

/// One line of the index, placed on its page.
struct IndexLine: Sendable {
    enum Kind: Sendable {
        /// A category's heading: its colour and name.
        case heading(category: String)
        /// The first line of an entry: number, text, grid cell.
        case entry(number: Int, cell: String, category: String)
        /// A further line of an entry's name, or its address.
        case more(address: Bool)
        /// "No objects …"
        case note
    }
    var kind: Kind
    var text: String
    var x: Double, baseline: Double, width: Double
}

// MARK: - Words printed on the page

/// The page's own words in the map's language (the data brings its names; these are ours).
struct PageWords {
    let continued, noObjects, data, unnamed: String

    init(_ language: String?) {
        switch language?.lowercased().prefix(2) {
        case "lv": self.init(continued: "rādītājs, turpinājums", noObjects: "Šajā apvidū nav izvēlēto kategoriju objektu.", data: "Dati", unnamed: "(bez nosaukuma)")
        case "cs": self.init(continued: "rejstřík, pokračování", noObjects: "V této oblasti nejsou žádné objekty zvolených kategorií.", data: "Data", unnamed: "(bez názvu)")
        default: self.init(continued: "index, continued", noObjects: "No objects of the chosen categories in this area.", data: "Data", unnamed: "(unnamed)")
        }
    }

    private init(continued: String, noObjects: String, data: String, unnamed: String) {
        (self.continued, self.noObjects, self.data, self.unnamed) = (continued, noObjects, data, unnamed)
    }
}

// MARK: - Laying out

extension PrintedMap {
    /// Where everything goes on the first page. Portrait: the map on top, the index below it;
    /// landscape: the index beside the map. Around the map a band carries the grid's letters and
    /// numbers; below it the foot: scale bar, legend, credits.
    struct Composition {
        var page: (width: Double, height: Double)
        var content: PixelRect
        var titleHeight: Double
        var mapRect: PixelRect
        var footRect: PixelRect
        var indexRect: PixelRect
    }

    var printStyle: MapStyle.PrintStyle {
        get throws {
            guard let print = style.print else { throw RenderError(description: "style: has no print section (use the print style)") }
            return print
        }
    }

    /// The categories shown, in the legend's order.
    var shownCategories: [String] {
        style.sortedForLegend(categories.isAll ? Set(features.map(\.category)) : categories.codes)
    }

    func composition(measure canvas: Canvas) throws -> Composition {
        let p = try printStyle, pt = PrintScale.pointsPerMM, page = paper.points, f = p.indexFontSize
        let content = PixelRect(x: p.marginsMM.left * pt, y: p.marginsMM.top * pt,
                                width: page.width - (p.marginsMM.left + p.marginsMM.right) * pt,
                                height: page.height - (p.marginsMM.top + p.marginsMM.bottom) * pt)
        let titleHeight = p.titleFontSize * 1.7, band = Self.gridBand(f), line = f * 1.5
        let landscape = paper.isLandscape
        let block = PixelRect(x: content.x, y: content.y + titleHeight,
                              width: landscape ? content.width * 0.64 : content.width,
                              height: landscape ? content.height - titleHeight : (content.height - titleHeight) * 0.62)
        // Foot: the scale line, the legend's rows, the credits line. Room is kept for every
        // category asked for; the legend shows those on the map, which never need more rows.
        let legendRows = legend(shownCategories, width: Self.legendWidth(block.width, fontSize: f), fontSize: f, on: canvas)
        let footHeight = line * Double(2 + legendRows.count) + f * 0.5
        let mapRect = PixelRect(x: block.x + band, y: block.y + band, width: block.width - 2 * band, height: block.height - 2 * band - footHeight)
        guard mapRect.width > 20 * pt, mapRect.height > 20 * pt else {
            throw RenderError(description: "paper: \(paper) leaves no room for a map within the style's margins")
        }
        let footRect = PixelRect(x: block.x, y: mapRect.maxY + band, width: block.width, height: footHeight)
        let gap = f * 2
        let indexRect = landscape
            ? PixelRect(x: block.maxX + gap, y: block.y, width: content.maxX - block.maxX - gap, height: block.height)
            : PixelRect(x: content.x, y: block.maxY + gap, width: content.width, height: content.maxY - block.maxY - gap)
        return Composition(page: page, content: content, titleHeight: titleHeight, mapRect: mapRect, footRect: footRect, indexRect: indexRect)
    }

    /// The legend: category codes (a swatch and the category's name each) in rows that fit `width`.
    /// Rows are filled in order, so a subset of the categories never needs more rows.
    func legend(_ codes: [String], width: Double, fontSize: Double, on canvas: Canvas) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], used = 0.0
        for code in codes {
            let w = Self.legendItemWidth(style.label(for: code, language: language), fontSize: fontSize, on: canvas)
            if !row.isEmpty, used + w > width { rows.append(row); row = []; used = 0 }
            row.append(code)
            used += w
        }
        return row.isEmpty ? rows : rows + [row]
    }

    /// The foot's width less the room of the north arrow at its right end.
    static func legendWidth(_ footWidth: Double, fontSize: Double) -> Double { footWidth - fontSize * 3 }

    static func legendItemWidth(_ name: String, fontSize: Double, on canvas: Canvas) -> Double {
        canvas.setFont(labelFont, size: fontSize)
        return fontSize * 1.6 + canvas.textBox(name).advance + fontSize * 1.5
    }

    static let labelFont = "DejaVu Sans"

    /// The band around the map that carries the grid's letters and numbers.
    static func gridBand(_ fontSize: Double) -> Double { fontSize * 1.8 }

    /// The map's viewport: the area framed in the map's rectangle, then zoomed out to the next
    /// round scale at its centre.
    func viewport(in mapRect: PixelRect, markerRadius: Double) throws -> (Viewport, scale: Double) {
        let fitted: Viewport
        switch area {
        case let .bbox(box):
            fitted = try MapRenderer.frame(MapRequest(features: [], projection: projection, framing: .bbox(box),
                                                      width: mapRect.width, height: mapRect.height, style: style), [])
        case let .around(center, radius):
            guard radius > 0, radius <= 2_000_000 else { throw RenderError(description: "radius: \(radius) m is not between 0 and 2 000 km") }
            _ = try Coordinate(validatingLat: center.lat, lon: center.lon)
            // The circle's outline, so that the whole circle shows whatever the projection.
            let circle = stride(from: 0.0, to: 360, by: 5).map { (Geodesic.destination(from: center, azimuth: $0, distance: radius), PixelExtent.point) }
            guard let v = Viewport.fitting(circle, width: mapRect.width, height: mapRect.height, maxZoom: 24, projection: projection) else {
                throw RenderError(description: "radius: \(radius) m does not fit on the map")
            }
            fitted = Viewport(center: center, zoom: v.zoom, width: v.width, height: v.height, projection: projection)
        case .fit:
            let r = markerRadius + 2
            let marks = features.compactMap { f in MapRenderer.pinPosition(f).map { ($0, PixelExtent(left: r, top: r, right: r, bottom: r)) } }
            guard !marks.isEmpty else {
                throw RenderError(description: "area: nothing to fit, no feature of \(categories.codes.sorted().joined(separator: ", ")) (give a bbox or a centre and radius to print an empty map)")
            }
            // Alone or all at one place, objects are shown at 1:1 000, the largest scale here.
            guard let v = Viewport.fitting(marks, width: mapRect.width, height: mapRect.height, maxZoom: 24, projection: projection) else {
                throw RenderError(description: "area: the objects do not fit on one map")
            }
            fitted = v
        }
        var v = fitted
        guard v.origin.x.isFinite, v.origin.y.isFinite, v.metresPerPixel.isFinite, v.metresPerPixel > 0 else {
            throw RenderError(description: "crs: \(projection.identifier) cannot draw this area")
        }
        // Metres per pixel halve with each zoom step: two steps of Newton's land on the scale.
        let target = max(PrintScale.roundUp(v.metresPerPixel / PrintScale.metresPerPoint), 1000)
        for _ in 0..<2 { v.zoom -= log2(target * PrintScale.metresPerPoint / v.metresPerPixel) }
        return (v, target)
    }

    /// The radius of an object's numbered marker for `number`.
    static func markerRadius(_ number: Int, fontSize: Double, on canvas: Canvas) -> Double {
        canvas.setFont(labelFont, size: fontSize * 0.85, bold: true)
        return max(fontSize * 0.8, canvas.textBox(String(number)).advance / 2 + fontSize * 0.3)
    }
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
        // name as the map's language sorts them; numbered in that order.
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
                  legend: map.legend(map.shownCategories.filter(present.contains), width: PrintedMap.legendWidth(c.footRect.width, fontSize: f), fontSize: f, on: canvas),
                  crowdedMarkers: crowded, content: c.content, footRect: c.footRect)
    }

    /// Markers that would cover an earlier one (by number) move to the nearest free spot on rings
    /// around their place, inside the map: every number stays readable and near its place. Where
    /// no ring has room (a map too crowded for its scale) a marker goes where it covers the fewest
    /// others, still inside the map; the count of those is returned.
    static func moveApart(_ entries: inout [IndexEntry], within rect: PixelRect) -> Int {
        // Placed markers by square cells as wide as two of the largest markers: any overlap is
        // with a marker in one of the nine cells around.
        let cell = 2 * (entries.map(\.markerRadius).max() ?? 1) + 1
        var placed: [Int64: [(x: Double, y: Double, r: Double)]] = [:]
        func key(_ x: Double, _ y: Double) -> Int64 { Int64(floor(x / cell)) << 32 | Int64(UInt32(bitPattern: Int32(floor(y / cell)))) }
        func covered(_ p: (x: Double, y: Double), _ r: Double) -> Int {
            var count = 0
            for dx in [-cell, 0, cell] {
                for dy in [-cell, 0, cell] {
                    count += placed[key(p.x + dx, p.y + dy), default: []].filter { hypot($0.x - p.x, $0.y - p.y) < $0.r + r + 0.5 }.count
                }
            }
            return count
        }
        func inside(_ p: (x: Double, y: Double), _ r: Double) -> Bool {
            p.x - r >= rect.x && p.x + r <= rect.maxX && p.y - r >= rect.y && p.y + r <= rect.maxY
        }
        var crowded = 0
        for i in entries.indices {
            let place = entries[i].place, r = entries[i].markerRadius
            let candidates = ([place] + (1...6).flatMap { ring in
                let distance = Double(ring) * r * 2.1, steps = 8 * ring
                return (0..<steps).map { k in
                    let angle = Double(k) / Double(steps) * 2 * .pi - .pi / 2
                    return (x: place.x + distance * cos(angle), y: place.y + distance * sin(angle))
                }
            }).filter { inside($0, r) }
            var best = (x: min(max(place.x, rect.x + r), rect.maxX - r), y: min(max(place.y, rect.y + r), rect.maxY - r))
            var fewest = covered(best, r)
            for candidate in candidates where fewest > 0 {
                let count = covered(candidate, r)
                if count < fewest { (best, fewest) = (candidate, count) }
            }
            if fewest > 0 { crowded += 1 }
            entries[i].marker = best
            placed[key(best.x, best.y), default: []].append((best.x, best.y, r))
        }
        return crowded
    }

    /// The index's lines in columns: headings and entries in order, an entry never split across
    /// columns and a heading never left at a column's foot (a category that goes on in a new
    /// column starts it with its heading again); text wraps at its column's width. What the first
    /// page cannot hold continues on pages of its own.
    static func flow(_ entries: [IndexEntry], map: PrintedMap, words: PageWords, first: PixelRect, then continuation: PixelRect,
                     fontSize f: Double, on canvas: Canvas) -> [[IndexLine]] {
        let line = f * 1.35, gap = f * 1.5, narrowest = f * 24
        func columns(_ area: PixelRect) -> [PixelRect] {
            let n = max(1, Int((area.width + gap) / (narrowest + gap)))
            let w = (area.width - gap * Double(n - 1)) / Double(n)
            return (0..<n).map { PixelRect(x: area.x + Double($0) * (w + gap), y: area.y, width: w, height: area.height) }
        }
        guard !entries.isEmpty else {
            let column = columns(first)[0]
            return [wrap(words.noObjects, width: column.width, fontSize: f, on: canvas).enumerated().map { i, text in
                IndexLine(kind: .note, text: text, x: column.x, baseline: column.y + f + Double(i) * line, width: column.width)
            }]
        }
        let counts = Dictionary(grouping: entries, by: \.feature.category).mapValues(\.count)
        let numberWidth = f * 2.4, cellWidth = f * 3.2
        // An entry's lines in a column `width` wide, under its category's heading when `heading`.
        func block(_ entry: IndexEntry, width: Double, heading: Bool) -> [(kind: IndexLine.Kind, text: String, indent: Double)] {
            let category = entry.feature.category, textWidth = width - numberWidth - cellWidth
            var lines: [(kind: IndexLine.Kind, text: String, indent: Double)] = []
            if heading { lines.append((.heading(category: category), "\(map.style.label(for: category, language: map.language))  (\(counts[category]!))", 0)) }
            let name = wrap(entry.feature.name(in: map.language) ?? words.unnamed, width: textWidth, fontSize: f, on: canvas)
            lines.append((.entry(number: entry.number, cell: entry.cell, category: category), name[0], numberWidth))
            lines += name.dropFirst().map { (.more(address: false), $0, numberWidth) }
            if let address = entry.feature.address, !address.isEmpty {
                lines += wrap(address, width: textWidth, fontSize: f * 0.9, on: canvas).map { (.more(address: true), $0, numberWidth) }
            }
            return lines
        }
        var pages: [[IndexLine]] = [[]]
        var areas = columns(first)[...], column = areas.removeFirst(), y = column.y + f, category: String?
        for entry in entries {
            let top = y <= column.y + f, starts = entry.feature.category != category
            var lines = block(entry, width: column.width, heading: starts)
            // A heading below other lines keeps a little space above it.
            let height = Double(lines.count) * line + (starts && !top ? line * 0.4 : 0)
            if !top, y + height - f > column.maxY {
                if areas.isEmpty {
                    pages.append([])
                    areas = columns(continuation)[...]
                }
                column = areas.removeFirst()
                y = column.y + f
                lines = block(entry, width: column.width, heading: true)
            }
            if starts, y > column.y + f { y += line * 0.4 }
            for (kind, text, indent) in lines {
                pages[pages.count - 1].append(IndexLine(kind: kind, text: text, x: column.x + indent, baseline: y, width: column.width - indent))
                y += line
            }
            category = entry.feature.category
        }
        return pages
    }

    /// `text` broken into lines no wider than `width` at `fontSize`: at spaces, and inside a word
    /// only when the word alone is wider.
    static func wrap(_ text: String, width: Double, fontSize: Double, on canvas: Canvas) -> [String] {
        canvas.setFont(PrintedMap.labelFont, size: fontSize)
        func fits(_ s: String) -> Bool { canvas.textBox(s).advance <= width }
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if fits(candidate) { current = candidate; continue }
            if !current.isEmpty { lines.append(current) }
            current = ""
            for character in word {
                if !current.isEmpty, !fits(current + String(character)) { lines.append(current); current = "" }
                current.append(character)
            }
        }
        return lines + (current.isEmpty && !lines.isEmpty ? [] : [current])
    }
}
