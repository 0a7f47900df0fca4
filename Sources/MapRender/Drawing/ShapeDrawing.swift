import CCairo

/// Colours and shapes on a canvas, in layout pixels.
extension Canvas {
    func color(_ c: RGBA) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a) }

    func fillBackground(_ c: RGBA) {
        color(c)
        cairo_paint(cr)
    }

    func rectangle(_ r: PixelRect, fill: RGBA) {
        cairo_new_path(cr)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        color(fill)
        cairo_fill(cr)
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
        lineEnds(dashed: false)
        cairo_stroke(cr)
    }

    /// The caps and joins a stroke sets: round, or square-cut caps for dashes. They stay set
    /// after it, and the names' halos (`turnedText`) are stroked with the caps left set, which
    /// shows: each glyph's outline starts with a closed point that a round cap draws as a dot.
    /// What leaves a stroke out as invisible sets them as the stroke would have.
    func lineEnds(dashed: Bool) {
        cairo_set_line_cap(cr, dashed ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    }

    /// A filled, outlined disc centred on (x, y).
    func disc(x: Double, y: Double, radius: Double, fill: RGBA, outline: RGBA, outlineWidth: Double) {
        cairo_new_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        self.fill(fill, preserve: true)
        stroke(outline, width: outlineWidth)
    }
}

extension Canvas {
    /// A dashed stroke with square-cut dashes (`dash`: dash and gap lengths), the pattern
    /// `offset` into its cycle where the path starts; solid again after.
    func stroke(_ c: RGBA, width: Double, dash: [Double], offset: Double = 0) {
        cairo_set_dash(cr, dash, Int32(dash.count), offset)
        color(c)
        cairo_set_line_width(cr, width)
        lineEnds(dashed: true)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }
}
