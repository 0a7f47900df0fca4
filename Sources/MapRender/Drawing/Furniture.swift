import GeoCore

/// Legend, attribution and scale bar: where each goes (so labels avoid them) and how it is drawn.
struct Furniture {
    let rect: PixelRect
    let draw: () -> Void
}

extension Furniture {
    /// The drawn categories with their counts, in the style's order, top left.
    static func legend(_ drawn: [Feature], style: MapStyle, language: String?, on canvas: Canvas) -> Furniture? {
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
                canvas.rectangle(PixelRect(x: rect.x + l.padding, y: y + (line - swatch) / 2, width: swatch, height: swatch),
                                 fill: style.category(row.code).color)
                canvas.show(row.text, x: rect.x + l.padding + swatch + 6, baseline: y + line / 2 + l.fontSize * 0.35, color: l.color)
            }
        }
    }

    /// The data's attribution, bottom right.
    static func attribution(_ lines: [String], style: MapStyle, on canvas: Canvas, width: Double, height: Double) -> Furniture? {
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
    static func scaleBar(_ viewport: Viewport, style: MapStyle, on canvas: Canvas) -> Furniture {
        let s = style.scaleBar, height = viewport.height
        let metresPerPixel = viewport.metresPerPixel
        let length = ScaleBar.roundLength(atMost: s.maxWidth * metresPerPixel)
        let pixels = length / metresPerPixel
        let rect = PixelRect(x: 10, y: height - 10 - s.fontSize - 10, width: max(pixels, 40) + 4, height: s.fontSize + 10)
        return Furniture(rect: rect) {
            let y = rect.maxY - 3, bar = [[(rect.x + 2, y - 5), (rect.x + 2, y), (rect.x + 2 + pixels, y), (rect.x + 2 + pixels, y - 5)]]
            // A white casing under the bar keeps it readable over pins and water.
            for (colour, width) in [(RGBA(r: 1, g: 1, b: 1, a: 0.85), 4.0), (s.color, 1.5)] {
                canvas.path(bar, closed: false)
                canvas.stroke(colour, width: width)
            }
            canvas.setFont(style.labels.fontFamily, size: s.fontSize)
            canvas.text(ScaleBar.text(length), x: rect.x + 2, baseline: y - 7, color: s.color, halo: RGBA(r: 1, g: 1, b: 1, a: 0.85), haloWidth: 2)
        }
    }
}
