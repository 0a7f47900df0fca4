import CCairo
import Foundation
import GeoCore

/// The marks a map is made of, drawn on a canvas in layout pixels.
extension Canvas {
    func color(_ c: RGBA) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }

    func fillBackground(_ c: RGBA) {
        color(c)
        cairo_paint(cr)
    }

    /// A teardrop pin with its tip at (x, y): a round head of radius `width`/2 whose centre is
    /// `height` − radius above the tip, joined to the tip by the two tangents.
    func pinPath(tipX x: Double, tipY y: Double, width: Double, height: Double) {
        let r = width / 2, d = height - r
        let spread = acos(min(1, r / d)) // the tangents meet the head at π/2 ± spread (y grows downward)
        cairo_new_path(cr)
        cairo_move_to(cr, x, y)
        cairo_arc(cr, x, y - d, r, .pi / 2 + spread, .pi / 2 - spread + 2 * .pi)
        cairo_close_path(cr)
    }

    /// A pin with its tip at (x, y). Raster images stamp a sprite drawn once per look (see
    /// `PinSprites`), its tip on the device pixel nearest the tip's world position, so that
    /// tiles and overviews agree; PDF and SVG draw it as vectors.
    func pin(_ look: PinLook, tipX x: Double, tipY y: Double) {
        guard format == .png, let sprite = PinSprites.shared.sprite(look, scale: scale) else { return drawPin(look, tipX: x, tipY: y) }
        defer { cairo_surface_destroy(sprite.surface) }
        let (dx, dy) = devicePixel(x: x, y: y)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let (x0, y0) = (dx - sprite.tip.x, dy - sprite.tip.y)
        cairo_set_source_surface(cr, sprite.surface, x0, y0)
        // Filling just the sprite's rectangle: a paint would composite the whole image.
        cairo_rectangle(cr, x0, y0, Double(cairo_image_surface_get_width(sprite.surface)), Double(cairo_image_surface_get_height(sprite.surface)))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The device pixel nearest (x, y), rounded where the world is, not where the image happens
    /// to start: marks snapped so land on the same pixels in every tile and overview.
    func devicePixel(x: Double, y: Double) -> (x: Double, y: Double) {
        (((x + worldOrigin.x) * scale).rounded() - (worldOrigin.x * scale).rounded(),
         ((y + worldOrigin.y) * scale).rounded() - (worldOrigin.y * scale).rounded())
    }

    /// A pin of `look.fill`, outlined, with a soft shadow and its glyph in its head: a teardrop
    /// standing on (x, y), or a disc centred there.
    func drawPin(_ look: PinLook, tipX x: Double, tipY y: Double) {
        if look.shape == .disc { return drawDisc(look, x: x, y: y) }
        let width = look.width, height = look.height
        // The shadow: a flattened ellipse on the ground, so the pin reads as standing on its point.
        cairo_save(cr)
        cairo_translate(cr, x + look.shadowOffset.dx, y + look.shadowOffset.dy)
        cairo_scale(cr, width * PinLook.shadowRadii.x, width * PinLook.shadowRadii.y)
        cairo_new_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_restore(cr)
        color(look.shadow)
        cairo_fill(cr)

        pinPath(tipX: x, tipY: y, width: width, height: height)
        color(look.fill)
        cairo_fill_preserve(cr)
        color(look.outline)
        cairo_set_line_width(cr, look.outlineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)

        guard !look.glyph.isEmpty else { return }
        glyph(look, centre: (x, y - height + width / 2))
    }

    /// A cluster's disc: a shadow offset below it, the disc, its outline, the count.
    private func drawDisc(_ look: PinLook, x: Double, y: Double) {
        let r = look.width / 2
        cairo_new_path(cr)
        cairo_arc(cr, x + look.shadowOffset.dx, y + look.shadowOffset.dy, r, 0, 2 * .pi)
        color(look.shadow)
        cairo_fill(cr)
        cairo_arc(cr, x, y, r, 0, 2 * .pi)
        color(look.fill)
        cairo_fill_preserve(cr)
        color(look.outline)
        cairo_set_line_width(cr, look.outlineWidth)
        cairo_stroke(cr)
        glyph(look, centre: (x, y))
    }

    /// The pin's glyph (or count) centred on its head.
    private func glyph(_ look: PinLook, centre head: (x: Double, y: Double)) {
        let width = look.width
        guard !look.glyph.isEmpty else { return }
        setFont(look.font, size: look.glyphSize, bold: true)
        var box = textBox(look.glyph)
        if box.width > width * 0.8 {
            // A long count ("1234") shrinks to stay inside the head.
            setFont(look.font, size: look.glyphSize * width * 0.8 / box.width, bold: true)
            box = textBox(look.glyph)
        }
        color(look.glyphColor)
        cairo_move_to(cr, head.x - box.width / 2 - box.xBearing, head.y - box.height / 2 - box.yBearing)
        cairo_show_text(cr, look.glyph)
    }

    func setFont(_ family: String, size: Double, bold: Bool = false) {
        cairo_set_font_face(cr, fontFace(family, bold: bold))
        cairo_set_font_size(cr, size)
    }

    /// The ink box of `text` in the current font, relative to its origin on the baseline.
    func textBox(_ text: String) -> (xBearing: Double, yBearing: Double, width: Double, height: Double, advance: Double) {
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        return (e.x_bearing, e.y_bearing, e.width, e.height, e.x_advance)
    }

    /// Text with a halo: the outline stroked wide in `halo` first, the letters filled over it.
    /// `text` in `fill` over a halo `haloWidth` wide. Vector output strokes the outline of the
    /// glyphs; raster output stamps the glyphs around two rings instead, which looks the same
    /// and costs a sixth as much (Cairo takes ~200 µs to stroke a label's outline).
    func text(_ text: String, x: Double, baseline y: Double, color fill: RGBA, halo: RGBA, haloWidth: Double) {
        guard format == .png, haloWidth > 0 else {
            if haloWidth > 0 {
                cairo_new_path(cr)
                cairo_move_to(cr, x, y)
                cairo_text_path(cr, text)
                color(halo)
                cairo_set_line_width(cr, haloWidth * 2)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
            }
            // Shown as text, not filled as outlines: a PDF's labels can be searched and copied.
            return show(text, x: x, baseline: y, color: fill)
        }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        guard cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cr), x, y, text, -1, &glyphs, &count, nil, nil, nil) == CAIRO_STATUS_SUCCESS,
              let glyphs else { return }
        defer { cairo_glyph_free(glyphs) }
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        let advance = textBox(text).advance, spare = haloWidth + font.height / 2
        cairo_save(cr)
        // The halo is drawn opaque into a group bounded by the label, then laid down once with
        // its alpha, so that overlapping stamps do not darken it. The bound comes from the font's
        // extents, not the text's ink, which Cairo measures from glyphs rasterised at whatever
        // sub-pixel phase came first: tiles would clip a halo differently.
        cairo_rectangle(cr, x - spare, y - font.ascent - spare, advance + 2 * spare, font.height + 2 * spare)
        cairo_clip(cr)
        cairo_push_group(cr)
        cairo_set_source_rgb(cr, halo.r, halo.g, halo.b)
        var shifted = [cairo_glyph_t](UnsafeBufferPointer(start: glyphs, count: Int(count)))
        // Two rings, so that no gap opens between the glyph and the halo's edge; stamps close
        // enough (≤ 1.5 device pixels apart) that the edge reads as round.
        for radius in haloWidth * scale > 1.5 ? [haloWidth, haloWidth / 2] : [haloWidth] {
            let steps = max(8, Int((2 * Double.pi * radius * scale / 1.5).rounded(.up)))
            for k in 0..<steps {
                let angle = 2 * Double.pi * Double(k) / Double(steps), dx = radius * cos(angle), dy = radius * sin(angle)
                for i in shifted.indices { shifted[i].x = glyphs[i].x + dx; shifted[i].y = glyphs[i].y + dy }
                cairo_show_glyphs(cr, shifted, count)
            }
        }
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, halo.a)
        cairo_restore(cr)
        color(fill)
        cairo_show_glyphs(cr, glyphs, count)
    }

    func rectangle(_ r: PixelRect, fill: RGBA) {
        cairo_new_path(cr)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        color(fill)
        cairo_fill(cr)
    }

    /// One line of text at (x, baseline) in the current font.
    func show(_ text: String, x: Double, baseline y: Double, color c: RGBA) {
        color(c)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, text)
    }

    /// A polyline through pixel points (open), or a polygon's rings (closed, even-odd filled).
    func path(_ rings: [[(x: Double, y: Double)]], closed: Bool) {
        cairo_new_path(cr)
        for ring in rings {
            guard let first = ring.first else { continue }
            cairo_move_to(cr, first.x, first.y)
            for p in ring.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            if closed { cairo_close_path(cr) }
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    }

    func fill(_ c: RGBA, preserve: Bool = false) {
        color(c)
        if preserve { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    func stroke(_ c: RGBA, width: Double) {
        color(c)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }

    /// A filled, outlined disc centred on (x, y).
    func disc(x: Double, y: Double, radius: Double, fill: RGBA, outline: RGBA, outlineWidth: Double) {
        cairo_new_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        self.fill(fill, preserve: true)
        stroke(outline, width: outlineWidth)
    }
}
