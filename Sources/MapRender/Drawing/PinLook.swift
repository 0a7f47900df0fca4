import GeoCore

/// Everything that decides how a mark looks, apart from where it stands.
struct PinLook: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        /// Standing on its tip, `height` tall, the category's glyph in its head.
        case teardrop
        /// A dot centred on its place, `width` across: a single place where a pin has no room.
        case dot
        /// A cluster: a ring centred on its position, `width` across, split into `slices` by
        /// category, around a pale disc with the count.
        case ring
    }
    var shape: Shape
    /// A teardrop's shadow: a flattened ellipse on the ground at its tip, these many pin widths
    /// across and high (halved: radii), so the pin reads as standing on its point.
    static let shadowRadii = (x: 0.45, y: 0.18)
    /// The ring's hole, as a part of its radius: the count sits on it.
    static let ringHole = 0.62
    var width, height: Double
    var fill, outline: RGBA
    /// A ring's colours and how many members each stands for, clockwise from the top.
    var slices: [Slice] = []
    var outlineWidth: Double
    var shadow: RGBA
    var shadowOffset: MapStyle.PinStyle.Offset
    var glyph: String
    var glyphColor: RGBA
    var glyphSize: Double
    var font: String

    struct Slice: Hashable, Sendable { var color: RGBA; var count: Int }

    /// How far the mark's ink (outline and shadow included) reaches from its anchor, with a pixel to spare.
    var inkReach: (left: Double, top: Double, right: Double, bottom: Double) {
        switch shape {
        case .teardrop:
            let side = max(width / 2, width * Self.shadowRadii.x + abs(shadowOffset.dx)) + outlineWidth + 1
            return (side, height + outlineWidth + 1, side, width * Self.shadowRadii.y + abs(shadowOffset.dy) + outlineWidth + 1)
        case .dot, .ring:
            let r = width / 2 + outlineWidth + 1
            return (r + abs(shadowOffset.dx), r + abs(shadowOffset.dy), r + abs(shadowOffset.dx), r + abs(shadowOffset.dy))
        }
    }

    /// The box the ink covers around an anchor.
    func inkRect(at anchor: (x: Double, y: Double)) -> PixelRect {
        let r = inkReach
        return PixelRect(x: anchor.x - r.left, y: anchor.y - r.top, width: r.left + r.right, height: r.top + r.bottom)
    }
}

extension PinLook {
    /// A single place's teardrop pin, with its category's glyph.
    static func pin(_ category: String, style: MapStyle) -> PinLook {
        let c = style.category(category), p = style.pins
        return PinLook(shape: .teardrop, width: p.width, height: p.height, fill: c.color, outline: p.outlineColor,
                       outlineWidth: p.outlineWidth, shadow: p.shadowColor, shadowOffset: p.shadowOffset,
                       glyph: c.glyph, glyphColor: p.glyphColor, glyphSize: p.glyphSize, font: style.labels.fontFamily)
    }

    /// A single place's dot, where a pin has no room.
    static func dot(_ category: String, style: MapStyle) -> PinLook {
        let p = style.pins, grown = 2 * p.dotRadius / p.width
        return PinLook(shape: .dot, width: 2 * p.dotRadius, height: 2 * p.dotRadius, fill: style.category(category).color,
                       outline: p.outlineColor, outlineWidth: min(p.outlineWidth, p.dotRadius / 3), shadow: p.shadowColor,
                       shadowOffset: .init(dx: p.shadowOffset.dx * grown, dy: p.shadowOffset.dy * grown),
                       glyph: "", glyphColor: p.glyphColor, glyphSize: 0, font: style.labels.fontFamily)
    }

    /// A cluster's ring, split by its members' categories, growing with their count, which it
    /// shows up to 99 ("99+" past that: three digits in a ring's hole are too small to read).
    static func ring(_ group: MarkGroup, style: MapStyle) -> PinLook {
        ring(count: group.members.count, slices: group.categories.map { Slice(color: style.category($0.code).color, count: $0.count) }, style: style)
    }

    static func ring(count: Int, slices: [Slice], style: MapStyle) -> PinLook {
        let p = style.pins, c = style.clusters
        let width = 2 * c.radius * c.scale(count: count), grown = width / p.width
        return PinLook(shape: .ring, width: width, height: width, fill: c.countBackground, outline: p.outlineColor, slices: slices,
                       outlineWidth: p.outlineWidth, shadow: p.shadowColor,
                       shadowOffset: .init(dx: p.shadowOffset.dx * grown, dy: p.shadowOffset.dy * grown),
                       glyph: count < 100 ? String(count) : "99+", glyphColor: c.countColor, glyphSize: c.countFontSize * c.scale(count: count),
                       font: style.labels.fontFamily)
    }
}
