import CCairo
import Foundation

/// One character of a font as MapLibre draws text: its signed distance field at 24 px to the em,
/// with 3 px around it, and its metrics in whole pixels (glyphs.proto). Drawn by Cairo with the
/// very font face the PNG labels use (`Canvas.fontFace`: fontconfig, FreeType, unhinted), the
/// distances taken from the anti-aliased coverage by an exact Euclidean distance transform.
struct GlyphSDF: Sendable, Equatable {
    let id: UInt32
    /// The ink's box without the buffer; 0 for a character with no ink (a space).
    let width, height: Int
    /// From the pen to the ink's left edge; the ink's top above the baseline less the font's
    /// ascender (as fontnik gives it: MapLibre's shaping puts the baseline about an ascender down).
    let left, top: Int
    let advance: Int
    /// (width + 6) × (height + 6) bytes, rows top first: 191 on the outline, 32 a pixel, more inside.
    let bitmap: [UInt8]

    /// MapLibre's glyph constants: the em, the border around each bitmap, and the field's reach.
    static let size = 24.0, buffer = 3, radius = 8.0, cutoff = 0.25

    /// The glyph of `scalar` in `family` (bold or not); nil when the font has none (MapLibre then
    /// leaves the character out, as with any font).
    static func make(_ scalar: Unicode.Scalar, family: String, bold: Bool) throws -> GlyphSDF? {
        let measure = try Canvas(format: .png, width: 1, height: 1, transparent: true)
        measure.setFont(family, size: size, bold: bold)
        guard var glyph = glyphIndex(scalar, on: measure) else { return nil }
        var ink = cairo_text_extents_t(), font = cairo_font_extents_t()
        cairo_glyph_extents(measure.cr, &glyph, 1, &ink)
        cairo_font_extents(measure.cr, &font)
        let advance = Int(ink.x_advance.rounded()), ascender = Int(font.ascent.rounded())
        guard ink.width > 0, ink.height > 0 else {
            return GlyphSDF(id: scalar.value, width: 0, height: 0, left: 0, top: -ascender, advance: advance, bitmap: [])
        }
        let left = Int(ink.x_bearing.rounded(.down)), right = Int((ink.x_bearing + ink.width).rounded(.up))
        let top = Int((-ink.y_bearing).rounded(.up)), bottom = Int((-ink.y_bearing - ink.height).rounded(.down))
        let (width, height) = (right - left, top - bottom)
        let (w, h) = (width + 2 * buffer, height + 2 * buffer)
        let canvas = try Canvas(format: .png, width: Double(w), height: Double(h), transparent: true)
        canvas.setFont(family, size: size, bold: bold)
        glyph.x = Double(buffer - left)
        glyph.y = Double(buffer + top)
        cairo_set_source_rgba(canvas.cr, 0, 0, 0, 1)
        cairo_show_glyphs(canvas.cr, &glyph, 1)
        guard let surface = canvas.finishedSurface() else { throw RenderError(description: "cannot draw the glyph U+\(String(scalar.value, radix: 16))") }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface)), pixels = cairo_image_surface_get_data(surface)!
        var coverage = [Double](repeating: 0, count: w * h)
        pixels.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * h) { words in
            for y in 0..<h { for x in 0..<w { coverage[y * w + x] = Double(words[y * stride / 4 + x] >> 24) / 255 } }
        }
        return GlyphSDF(id: scalar.value, width: width, height: height, left: left, top: top - ascender, advance: advance,
                        bitmap: field(coverage, width: w, height: h))
    }

    /// The glyph `scalar` maps to in the canvas's font, at the origin; nil for none (index 0).
    private static func glyphIndex(_ scalar: Unicode.Scalar, on canvas: Canvas) -> cairo_glyph_t? {
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        guard cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(canvas.cr), 0, 0, String(Character(scalar)), -1, &glyphs, &count,
                                               nil, nil, nil) == CAIRO_STATUS_SUCCESS, let glyphs else { return nil }
        defer { cairo_glyph_free(glyphs) }
        return count == 1 && glyphs[0].index != 0 ? glyphs[0] : nil
    }

    /// The signed distance field of a coverage image (0…1 a pixel): distances to the shape
    /// outside and to the background inside, each from the Euclidean distance transform, a
    /// partly covered pixel counting as half a pixel less its coverage from the edge (as
    /// MapLibre's own TinySDF does); then 255 − 255 · (d / radius + cutoff), clamped.
    static func field(_ coverage: [Double], width: Int, height: Int) -> [UInt8] {
        var outside = coverage.map { a in a >= 1 ? 0 : a <= 0 ? Double.infinity : pow(max(0, 0.5 - a), 2) }
        var inside = coverage.map { a in a >= 1 ? Double.infinity : a <= 0 ? 0 : pow(max(0, a - 0.5), 2) }
        EuclideanDistance.transform(&outside, width: width, height: height)
        EuclideanDistance.transform(&inside, width: width, height: height)
        return zip(outside, inside).map { o, i in
            let d = o.squareRoot() - i.squareRoot()
            return UInt8(min(255, max(0, (255 - 255 * (d / radius + cutoff)).rounded())))
        }
    }
}
