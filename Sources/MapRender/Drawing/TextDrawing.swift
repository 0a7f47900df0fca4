import CCairo
import Foundation

/// Text on a canvas, in layout pixels.
extension Canvas {
    func setFont(_ family: String, size: Double, bold: Bool = false) {
        cairo_set_font_face(cr, fontFace(family, bold: bold))
        cairo_set_font_size(cr, size)
        font = (family + (bold ? "/bold" : ""), size)
    }

    /// `textBox(text).advance`, measured once per process (`TextAdvances`).
    func advance(_ text: String) -> Double {
        TextAdvances.advance(.init(font: font.face, size: font.size, scale: scale, format: format, text: text)) { textBox(text).advance }
    }

    /// The ink box of `text` in the current font, relative to its origin on the baseline.
    func textBox(_ text: String) -> (xBearing: Double, yBearing: Double, width: Double, height: Double, advance: Double) {
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        return (e.x_bearing, e.y_bearing, e.width, e.height, e.x_advance)
    }

    /// `text` in `fill` over a halo `haloWidth` wide.
    func text(_ text: String, x: Double, baseline y: Double, color fill: RGBA, halo: RGBA, haloWidth: Double) {
        self.text([(text, x, y)], color: fill, halo: halo, haloWidth: haloWidth)
    }

    /// Lines of text in `fill` over a halo `haloWidth` wide: the halos of all lines first, so
    /// that no line's halo covers another's letters, nor doubles where two halos meet. Vector
    /// output strokes the outline of the glyphs; raster output stamps the glyphs around two
    /// rings instead, which looks the same and costs a sixth as much (Cairo takes ~200 µs to
    /// stroke a label's outline).
    func text(_ lines: [(text: String, x: Double, baseline: Double)], color fill: RGBA, halo: RGBA, haloWidth: Double) {
        guard format == .png, haloWidth > 0 else {
            if haloWidth > 0 {
                cairo_new_path(cr)
                for line in lines {
                    cairo_move_to(cr, line.x, line.baseline)
                    cairo_text_path(cr, line.text)
                }
                color(halo)
                cairo_set_line_width(cr, haloWidth * 2)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
            }
            // Shown as text, not filled as outlines: a PDF's labels can be searched and copied.
            for line in lines { show(line.text, x: line.x, baseline: line.baseline, color: fill) }
            return
        }
        var runs: [(glyphs: UnsafeMutablePointer<cairo_glyph_t>, count: Int32)] = []
        defer { for run in runs { cairo_glyph_free(run.glyphs) } }
        for line in lines {
            var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
            var count: Int32 = 0
            guard cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cr), line.x, line.baseline, line.text, -1, &glyphs, &count, nil, nil, nil) == CAIRO_STATUS_SUCCESS,
                  let glyphs else { return }
            runs.append((glyphs, count))
        }
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        let spare = haloWidth + font.height / 2
        cairo_save(cr)
        // The halo is drawn opaque into a group bounded by the lines, then laid down once with
        // its alpha, so that overlapping stamps do not darken it. The bound comes from the font's
        // extents, not the text's ink, which Cairo measures from glyphs rasterised at whatever
        // sub-pixel phase came first: tiles would clip a halo differently.
        for line in lines {
            cairo_rectangle(cr, line.x - spare, line.baseline - font.ascent - spare, advance(line.text) + 2 * spare, font.height + 2 * spare)
        }
        // The lines' rectangles overlap, and the union is the bound: not the even-odd rule that
        // the base's areas leave set, which cut their overlap out of a two-line label's halo.
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        cairo_push_group(cr)
        cairo_set_source_rgb(cr, halo.r, halo.g, halo.b)
        // Two rings, so that no gap opens between the glyph and the halo's edge; stamps close
        // enough (≤ 1.5 device pixels apart) that the edge reads as round.
        for run in runs {
            var shifted = [cairo_glyph_t](UnsafeBufferPointer(start: run.glyphs, count: Int(run.count)))
            for radius in haloWidth * scale > 1.5 ? [haloWidth, haloWidth / 2] : [haloWidth] {
                let steps = max(8, Int((2 * Double.pi * radius * scale / 1.5).rounded(.up)))
                for k in 0..<steps {
                    let angle = 2 * Double.pi * Double(k) / Double(steps), dx = radius * cos(angle), dy = radius * sin(angle)
                    for i in shifted.indices { shifted[i].x = run.glyphs[i].x + dx; shifted[i].y = run.glyphs[i].y + dy }
                    cairo_show_glyphs(cr, shifted, run.count)
                }
            }
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, halo.a)
        cairo_restore(cr)
        color(fill)
        for run in runs { cairo_show_glyphs(cr, run.glyphs, run.count) }
    }

    /// One line of text at (x, baseline) in the current font.
    func show(_ text: String, x: Double, baseline y: Double, color c: RGBA) {
        color(c)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, text)
    }
}

extension Canvas {
    /// The halo of runs of text, each at its origin and turned by its angle (a name along a street).
    func turnedText(_ runs: [(text: String, x: Double, y: Double, angle: Double)], halo: RGBA, haloWidth: Double) {
        cairo_new_path(cr)
        eachTurned(runs) { cairo_text_path(cr, $0) }
        color(halo)
        cairo_set_line_width(cr, haloWidth * 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }

    /// Runs of text, each at its origin and turned by its angle, shown as text.
    func turnedText(_ runs: [(text: String, x: Double, y: Double, angle: Double)], color c: RGBA) {
        color(c)
        eachTurned(runs) { cairo_show_text(cr, $0) }
    }

    /// `body` with each run's text, the origin moved to the run's and turned by its angle.
    private func eachTurned(_ runs: [(text: String, x: Double, y: Double, angle: Double)], _ body: (String) -> Void) {
        for run in runs {
            cairo_save(cr)
            cairo_translate(cr, run.x, run.y)
            cairo_rotate(cr, run.angle)
            cairo_move_to(cr, 0, 0)
            body(run.text)
            cairo_restore(cr)
        }
    }
}
