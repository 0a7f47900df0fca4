import CCairo
import Foundation

/// Pins on a canvas, in layout pixels.
extension Canvas {
    /// A teardrop pin with its tip at (x, y): a round head of radius `width`/2 whose centre is
    /// `height` − radius above the tip, joined to the tip by the two tangents.
    private func teardropPath(tipX x: Double, tipY y: Double, width: Double, height: Double) {
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
    func drawPin(_ look: PinLook, tipX x: Double, tipY y: Double) {
        guard format == .png, let sprite = PinSprites.shared.sprite(look, scale: scale) else { return drawPinVectors(look, tipX: x, tipY: y) }
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

    /// A mark drawn as vectors (PDF and SVG, and each sprite once): `look.fill`, outlined, with a
    /// soft shadow; a teardrop standing on (x, y) with its glyph in its head, or a dot or a
    /// cluster's ring centred there.
    func drawPinVectors(_ look: PinLook, tipX x: Double, tipY y: Double) {
        switch look.shape {
        case .dot: return drawDiscVectors(look, x: x, y: y)
        case .ring: return drawRingVectors(look, x: x, y: y)
        case .teardrop: break
        }
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

        teardropPath(tipX: x, tipY: y, width: width, height: height)
        color(look.fill)
        cairo_fill_preserve(cr)
        color(look.outline)
        cairo_set_line_width(cr, look.outlineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)

        guard !look.glyph.isEmpty else { return }
        glyph(look, centre: (x, y - height + width / 2))
    }

    /// A round mark's shadow: its disc, offset below it.
    private func discShadow(_ look: PinLook, x: Double, y: Double) {
        cairo_new_path(cr)
        cairo_arc(cr, x + look.shadowOffset.dx, y + look.shadowOffset.dy, look.width / 2, 0, 2 * .pi)
        color(look.shadow)
        cairo_fill(cr)
    }

    /// A dot: a shadow offset below it, the disc, its outline.
    private func drawDiscVectors(_ look: PinLook, x: Double, y: Double) {
        let r = look.width / 2
        discShadow(look, x: x, y: y)
        cairo_arc(cr, x, y, r, 0, 2 * .pi)
        color(look.fill)
        cairo_fill_preserve(cr)
        color(look.outline)
        cairo_set_line_width(cr, look.outlineWidth)
        cairo_stroke(cr)
    }

    /// A cluster: a shadow, the ring's slices clockwise from the top in proportion to their
    /// counts, the pale hole with the count, the outline around it all.
    private func drawRingVectors(_ look: PinLook, x: Double, y: Double) {
        let r = look.width / 2
        discShadow(look, x: x, y: y)
        let total = Double(look.slices.reduce(0) { $0 + $1.count })
        var angle = -Double.pi / 2
        for slice in look.slices {
            let end = angle + 2 * .pi * Double(slice.count) / total
            cairo_new_path(cr)
            if look.slices.count == 1 {
                cairo_arc(cr, x, y, r, 0, 2 * .pi)
            } else {
                cairo_move_to(cr, x, y)
                cairo_arc(cr, x, y, r, angle, end)
                cairo_close_path(cr)
            }
            color(slice.color)
            cairo_fill(cr)
            angle = end
        }
        cairo_new_path(cr)
        cairo_arc(cr, x, y, r * PinLook.ringHole, 0, 2 * .pi)
        color(look.fill)
        cairo_fill(cr)
        cairo_arc(cr, x, y, r, 0, 2 * .pi)
        color(look.outline)
        cairo_set_line_width(cr, look.outlineWidth)
        cairo_stroke(cr)
        glyph(look, centre: (x, y))
    }

    /// The size `look`'s glyph (or count) is set in: its own, or smaller where its ink would not
    /// fit inside the head or the ring's hole (two digits, or a large font). Leaves it set.
    func fittedGlyphSize(_ look: PinLook) -> Double {
        setFont(look.font, size: look.glyphSize, bold: true)
        let box = textBox(look.glyph)
        let room = look.width * (look.shape == .ring ? PinLook.ringHole * 0.9 : 0.8)
        return box.width > room || box.height > room ? look.glyphSize * room / max(box.width, box.height) : look.glyphSize
    }

    /// The pin's glyph (or count) centred on its head.
    private func glyph(_ look: PinLook, centre head: (x: Double, y: Double)) {
        guard !look.glyph.isEmpty else { return }
        setFont(look.font, size: fittedGlyphSize(look), bold: true)
        let box = textBox(look.glyph)
        color(look.glyphColor)
        cairo_move_to(cr, head.x - box.width / 2 - box.xBearing, head.y - box.height / 2 - box.yBearing)
        cairo_show_text(cr, look.glyph)
    }
}
