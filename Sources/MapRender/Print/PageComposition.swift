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
        let legend = legendRows(shownCategories, width: Self.legendWidth(block.width, fontSize: f), fontSize: f, on: canvas)
        let footHeight = line * Double(2 + legend.count) + f * 0.5
        let mapRect = PixelRect(x: block.x + band, y: block.y + band, width: block.width - 2 * band, height: block.height - 2 * band - footHeight)
        guard mapRect.width > 20 * pt, mapRect.height > 20 * pt else {
            throw RenderError(.paper, "\(paper) leaves no room for a map within the style's margins")
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
    func legendRows(_ codes: [String], width: Double, fontSize: Double, on canvas: Canvas) -> [[String]] {
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

    /// The font of the page's own words: title, grid, legend, markers and index.
    static let labelFont = "DejaVu Sans"

    /// The band around the map that carries the grid's letters and numbers.
    static func gridBand(_ fontSize: Double) -> Double { fontSize * 1.8 }

    /// The radius of an object's numbered marker for `number`.
    static func markerRadius(_ number: Int, fontSize: Double, on canvas: Canvas) -> Double {
        canvas.setFont(labelFont, size: fontSize * 0.85, bold: true)
        return max(fontSize * 0.8, canvas.textBox(String(number)).advance / 2 + fontSize * 0.3)
    }
}
