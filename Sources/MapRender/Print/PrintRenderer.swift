import Foundation
import GeoCore

/// Draws printed maps (`PrintLayout`): PDF with every page (text stays text), or a PNG per page
/// at the paper's size in pixels at a given dpi; one drawing path for both.
public enum PrintRenderer {
    /// One PDF of the pages of every layout in turn (a map, or an atlas of maps), each page the
    /// size of its map's paper.
    public static func pdf(_ layouts: [PrintLayout], title: String? = nil) throws -> Data {
        guard let first = layouts.first else { throw RenderError(description: "no map to print") }
        let canvas = try Canvas(format: .pdf, width: first.page.width, height: first.page.height)
        canvas.setTitle(title ?? first.map.title)
        var started = false
        for layout in layouts {
            for page in 0..<layout.pageCount {
                if started { canvas.nextPage(width: layout.page.width, height: layout.page.height) }
                started = true
                draw(layout, page: page, on: canvas)
            }
        }
        return try canvas.finish()
    }

    /// Each page as a PNG of the paper's size at `dpi` (A4 at 300 dpi: 2480 × 3508 pixels).
    public static func png(_ layout: PrintLayout, dpi: Double) throws -> [Data] {
        try (0..<layout.pageCount).map { page in
            let canvas = try Canvas(format: .png, width: layout.page.width, height: layout.page.height, scale: dpi / 72)
            draw(layout, page: page, on: canvas)
            return try canvas.finish()
        }
    }

    static func draw(_ layout: PrintLayout, page: Int, on canvas: Canvas) {
        let map = layout.map, style = map.style, f = layout.print.indexFontSize
        canvas.fillBackground(style.background)
        // The title on one line: a long one is set smaller until it fits the page's width.
        let title = page == 0 ? map.title : "\(map.title) — \(PageWords(map.language).continued)", size = layout.print.titleFontSize
        canvas.setFont(PrintedMap.labelFont, size: size, bold: true)
        canvas.setFont(PrintedMap.labelFont, size: size * min(1, layout.content.width / canvas.textBox(title).advance), bold: true)
        canvas.show(title, x: layout.content.x, baseline: layout.content.y + size, color: style.labels.color)
        if page == 0 {
            drawMap(layout, on: canvas)
            drawGridLabels(layout.grid, fontSize: f, on: canvas, style: style)
            drawFoot(layout, fontSize: f, on: canvas)
        }
        drawIndex(layout.indexPages[page], map: map, fontSize: f, on: canvas)
    }

    static func drawMap(_ layout: PrintLayout, on canvas: Canvas) {
        let map = layout.map, style = map.style, rect = layout.mapRect, v = layout.viewport
        let shown = Set(map.shownCategories), p = layout.print, f = p.indexFontSize
        let project = { (c: Coordinate) in v.pixel(c) }
        canvas.within(rect) {
            if let baseStyle = style.base, !map.base.isEmpty {
                drawBase(layout, style: baseStyle, on: canvas)
            } else {
                canvas.fillBackground(style.background)
            }
            for feature in map.features where shown.contains(feature.category) {
                if feature.id.kind == .water { MapRenderer.drawWater(feature.geometry, on: canvas, style: style, project: project) }
                if let track = feature.track { MapRenderer.drawTrack(track, on: canvas, style: style, project: project) }
            }
            let grid = layout.grid, w = rect.width / Double(grid.columns), h = rect.height / Double(grid.rows)
            canvas.path((1..<max(grid.columns, 1)).map { [(Double($0) * w, 0), (Double($0) * w, rect.height)] }
                        + (1..<max(grid.rows, 1)).map { [(0, Double($0) * h), (rect.width, Double($0) * h)] }, closed: false)
            if p.gridWidth > 0 { canvas.stroke(p.gridColor, width: p.gridWidth) }
            // A marker moved off its place points back to a dot on it (lines first, so that no
            // line crosses a dot); one nudged inside the frame still covers its place.
            let moved = layout.entries.filter { hypot($0.marker.x - $0.place.x, $0.marker.y - $0.place.y) >= $0.markerRadius }
            for entry in moved {
                canvas.path([[(entry.place.x - rect.x, entry.place.y - rect.y), (entry.marker.x - rect.x, entry.marker.y - rect.y)]], closed: false)
                canvas.stroke(style.category(entry.feature.category).color, width: 0.6)
            }
            for entry in moved {
                canvas.disc(x: entry.place.x - rect.x, y: entry.place.y - rect.y, radius: 1.6, fill: style.category(entry.feature.category).color,
                            outline: RGBA(r: 1, g: 1, b: 1), outlineWidth: 0.4)
            }
            for entry in layout.entries {
                drawMarker(entry.number, category: entry.feature.category, at: (entry.marker.x - rect.x, entry.marker.y - rect.y),
                           radius: entry.markerRadius, fontSize: f, on: canvas, style: style)
            }
        }
        canvas.path([[(rect.x, rect.y), (rect.maxX, rect.y), (rect.maxX, rect.maxY), (rect.x, rect.maxY)]], closed: true)
        canvas.stroke(style.labels.color, width: 0.8)
    }

    /// The base map within the map's frame (origin at its corner), its names off the numbered markers.
    static func drawBase(_ layout: PrintLayout, style baseStyle: MapStyle.BaseStyle, on canvas: Canvas) {
        let map = layout.map, rect = layout.mapRect
        let base = BaseDrawing(style: baseStyle, viewport: layout.viewport)
        base.draw(map.base, on: canvas)
        var markers = RectIndex()
        for entry in layout.entries {
            let r = entry.markerRadius + 1
            markers.insert(PixelRect(x: entry.marker.x - rect.x - r, y: entry.marker.y - rect.y - r, width: 2 * r, height: 2 * r))
        }
        let names = BaseLabels(style: baseStyle, fontFamily: PrintedMap.labelFont, language: map.language, drawing: base,
                               width: rect.width, height: rect.height, canvas: canvas)
        BaseLabels.draw(names.place(map.base, obstacles: markers), fontFamily: PrintedMap.labelFont, style: baseStyle, on: canvas)
    }

    /// A disc in the category's colour with the object's number.
    static func drawMarker(_ number: Int, category: String, at p: (x: Double, y: Double), radius r: Double, fontSize f: Double, on canvas: Canvas, style: MapStyle) {
        canvas.disc(x: p.x, y: p.y, radius: r, fill: style.category(category).color, outline: RGBA(r: 1, g: 1, b: 1), outlineWidth: 0.7)
        canvas.setFont(PrintedMap.labelFont, size: f * 0.85, bold: true)
        let text = String(number), box = canvas.textBox(text)
        // The ink's middle on the disc's centre.
        canvas.show(text, x: p.x - box.advance / 2, baseline: p.y - box.yBearing - box.height / 2, color: style.pins.glyphColor)
    }

    static func drawGridLabels(_ grid: ReferenceGrid, fontSize f: Double, on canvas: Canvas, style: MapStyle) {
        let rect = grid.rect, band = PrintedMap.gridBand(f), w = rect.width / Double(grid.columns), h = rect.height / Double(grid.rows)
        canvas.setFont(PrintedMap.labelFont, size: f, bold: true)
        let colour = style.labels.color
        func centred(_ text: String, x: Double, y: Double) {
            canvas.show(text, x: x - canvas.textBox(text).advance / 2, baseline: y + f * 0.35, color: colour)
        }
        for column in 0..<grid.columns {
            let x = rect.x + (Double(column) + 0.5) * w, name = ReferenceGrid.columnName(column)
            centred(name, x: x, y: rect.y - band / 2)
            centred(name, x: x, y: rect.maxY + band / 2)
        }
        for row in 0..<grid.rows {
            let y = rect.y + (Double(row) + 0.5) * h
            centred(String(row + 1), x: rect.x - band / 2, y: y)
            centred(String(row + 1), x: rect.maxX + band / 2, y: y)
        }
    }

    /// Under the map: the scale bar and the scale, a north arrow, the legend, the credits and
    /// the date of the data.
    static func drawFoot(_ layout: PrintLayout, fontSize f: Double, on canvas: Canvas) {
        let map = layout.map, style = map.style, foot = layout.footRect, v = layout.viewport, line = f * 1.5
        let colour = style.labels.color
        // The scale bar, a round length, with its ends and middle marked.
        let metres = ScaleBar.roundLength(atMost: style.scaleBar.maxWidth * v.metresPerPixel), length = metres / v.metresPerPixel
        let y = foot.y + line * 0.75
        canvas.path([[(foot.x, y - 3), (foot.x, y), (foot.x + length, y), (foot.x + length, y - 3)], [(foot.x + length / 2, y), (foot.x + length / 2, y - 2)]], closed: false)
        canvas.stroke(style.scaleBar.color, width: 1)
        canvas.setFont(PrintedMap.labelFont, size: f)
        let lengthText = ScaleBar.text(metres), lengthX = foot.x + length + f * 0.5
        canvas.show(lengthText, x: lengthX, baseline: y, color: colour)
        let scaleX = lengthX + canvas.textBox(lengthText).advance + f * 1.5
        // Web Mercator's scale grows towards the poles: say at which latitude the scale holds.
        let latitude = map.projection is WebMercator ? String(format: "  (%.1f° %@)", abs(v.center.lat), v.center.lat >= 0 ? "N" : "S") : ""
        canvas.setFont(PrintedMap.labelFont, size: f, bold: true)
        canvas.show(PrintScale.text(layout.scaleDenominator) + latitude, x: scaleX, baseline: y, color: colour)
        drawNorthArrow(layout, centre: (foot.maxX - f * 1.2, foot.y + f * 1.6), size: f * 2.4, on: canvas, style: style)

        // The legend: a marker's colour and the category's name, in rows, for the categories on
        // the map (the page left room for all that were asked for).
        let rows = layout.legendRows
        for (i, row) in rows.enumerated() {
            var x = foot.x
            let baseline = foot.y + line * (1.75 + Double(i))
            for code in row {
                let name = style.label(for: code, language: map.language)
                canvas.disc(x: x + f * 0.5, y: baseline - f * 0.35, radius: f * 0.5, fill: style.category(code).color, outline: RGBA(r: 1, g: 1, b: 1), outlineWidth: 0.5)
                canvas.setFont(PrintedMap.labelFont, size: f)
                canvas.show(name, x: x + f * 1.3, baseline: baseline, color: colour)
                x += PrintedMap.legendItemWidth(name, fontSize: f, on: canvas)
            }
        }

        let date = map.dataDate.map { "\(PageWords(map.language).data): \(Self.day.string(from: $0))" }
        let credits = (map.attribution + [date].compactMap { $0 }).joined(separator: " · ")
        canvas.setFont(PrintedMap.labelFont, size: style.attribution.fontSize)
        canvas.show(credits, x: foot.x, baseline: foot.y + line * (1.75 + Double(rows.count)), color: style.attribution.color)
    }

    private static let day: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }()

    /// An arrow to true north, which in a projected CRS is not straight up away from its central
    /// meridian: its direction is where a point a kilometre north of the centre lands.
    static func drawNorthArrow(_ layout: PrintLayout, centre: (x: Double, y: Double), size: Double, on canvas: Canvas, style: MapStyle) {
        let v = layout.viewport, a = v.pixel(v.center), b = v.pixel(Geodesic.destination(from: v.center, azimuth: 0, distance: 1000))
        let length = hypot(b.x - a.x, b.y - a.y)
        let (ux, uy) = length > 0 ? ((b.x - a.x) / length, (b.y - a.y) / length) : (0, -1)
        func point(_ along: Double, _ across: Double) -> (x: Double, y: Double) {
            (centre.x + ux * along * size / 2 - uy * across * size / 2, centre.y + uy * along * size / 2 + ux * across * size / 2)
        }
        canvas.path([[point(0.55, 0), point(-0.45, 0.32), point(-0.2, 0), point(-0.45, -0.32)]], closed: true)
        canvas.fill(style.labels.color)
        canvas.setFont(PrintedMap.labelFont, size: size * 0.32, bold: true)
        let n = point(0.85, 0), box = canvas.textBox("N")
        canvas.show("N", x: n.x - box.advance / 2, baseline: n.y + box.height / 2, color: style.labels.color)
    }

    static func drawIndex(_ lines: [IndexLine], map: PrintedMap, fontSize f: Double, on canvas: Canvas) {
        let style = map.style, colour = style.labels.color, grey = style.attribution.color
        for line in lines {
            switch line.kind {
            case let .heading(category):
                canvas.disc(x: line.x + f * 0.5, y: line.baseline - f * 0.35, radius: f * 0.5, fill: style.category(category).color,
                            outline: RGBA(r: 1, g: 1, b: 1), outlineWidth: 0.5)
                canvas.setFont(PrintedMap.labelFont, size: f, bold: true)
                canvas.show(line.text, x: line.x + f * 1.3, baseline: line.baseline, color: colour)
            case let .entry(number, cell, category):
                canvas.setFont(PrintedMap.labelFont, size: f, bold: true)
                let n = String(number)
                canvas.show(n, x: line.x - f * 0.6 - canvas.textBox(n).advance, baseline: line.baseline, color: style.category(category).color)
                canvas.setFont(PrintedMap.labelFont, size: f)
                canvas.show(line.text, x: line.x, baseline: line.baseline, color: colour)
                // Dot leaders from the name to its cell, as printed indexes have them.
                let cellX = line.x + line.width - canvas.textBox(cell).advance, textEnd = line.x + canvas.textBox(line.text).advance
                let dot = canvas.textBox(" .").advance, dots = Int((cellX - textEnd - f * 0.6) / dot)
                if dots > 0 { canvas.show(String(repeating: " .", count: dots), x: cellX - f * 0.3 - Double(dots) * dot, baseline: line.baseline, color: grey) }
                canvas.show(cell, x: cellX, baseline: line.baseline, color: colour)
            case let .more(address):
                canvas.setFont(PrintedMap.labelFont, size: address ? f * 0.9 : f)
                canvas.show(line.text, x: line.x, baseline: line.baseline, color: address ? grey : colour)
            case .note:
                canvas.setFont(PrintedMap.labelFont, size: f)
                canvas.show(line.text, x: line.x, baseline: line.baseline, color: colour)
            }
        }
    }
}
