import GeoCore

/// Everything that decides how a pin looks, apart from where it stands.
struct PinLook: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        /// Standing on its tip, `height` tall.
        case teardrop
        /// Centred on its position, `width` across.
        case disc
    }
    var shape: Shape
    /// A teardrop's shadow: a flattened ellipse on the ground at its tip, these many pin widths
    /// across and high (halved: radii), so the pin reads as standing on its point.
    static let shadowRadii = (x: 0.45, y: 0.18)
    var width, height: Double
    var fill, outline: RGBA
    var outlineWidth: Double
    var shadow: RGBA
    var shadowOffset: MapStyle.PinStyle.Offset
    var glyph: String
    var glyphColor: RGBA
    var glyphSize: Double
    var font: String

    /// How far the pin's ink (outline and shadow included) reaches from its tip, with a pixel to spare.
    var inkReach: (left: Double, top: Double, right: Double, bottom: Double) {
        switch shape {
        case .teardrop:
            let side = max(width / 2, width * Self.shadowRadii.x + abs(shadowOffset.dx)) + outlineWidth + 1
            return (side, height + outlineWidth + 1, side, width * Self.shadowRadii.y + abs(shadowOffset.dy) + outlineWidth + 1)
        case .disc:
            let r = width / 2 + outlineWidth + 1
            return (r + abs(shadowOffset.dx), r + abs(shadowOffset.dy), r + abs(shadowOffset.dx), r + abs(shadowOffset.dy))
        }
    }
}

extension PinLook {
    /// The pin of `group` in `style`, `extent` its size (`MapRenderer.pinExtent`): a single
    /// mark's teardrop with its category's glyph, or a cluster's disc with its count.
    init(_ group: MarkGroup, extent: PixelExtent, style: MapStyle) {
        let category = style.category(group.category), p = style.pins
        let width = extent.left + extent.right, grown = width / p.width
        self.init(shape: group.isCluster ? .disc : .teardrop, width: width, height: extent.top + extent.bottom,
                  fill: category.color, outline: p.outlineColor,
                  outlineWidth: p.outlineWidth, shadow: p.shadowColor,
                  shadowOffset: .init(dx: p.shadowOffset.dx * grown, dy: p.shadowOffset.dy * grown),
                  glyph: group.isCluster ? String(group.members.count) : category.glyph,
                  glyphColor: group.isCluster ? style.clusters.countColor : p.glyphColor,
                  glyphSize: (group.isCluster ? style.clusters.countFontSize : p.glyphSize) * grown, font: style.labels.fontFamily)
    }
}
