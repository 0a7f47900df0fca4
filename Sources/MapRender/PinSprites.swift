import CCairo
import Foundation
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

/// Pins drawn once per look and device scale, then stamped: a map draws hundreds of pins in a
/// handful of looks, and a pin (shadow, body, outline, glyph) costs Cairo far more to draw than
/// to copy. Shared by every render in the process; the sprites are never drawn on again, so
/// threads may stamp them at once.
final class PinSprites: @unchecked Sendable {
    static let shared = PinSprites()
    /// Cluster counts make many looks; past this many sprites the cache starts afresh.
    static let capacity = 2_048

    struct Key: Hashable { let look: PinLook; let scale: Double }
    struct Sprite { let surface: OpaquePointer; let tip: (x: Double, y: Double) }

    private let lock = NSLock()
    private var sprites: [Key: Sprite] = [:]

    /// The sprite for `look` at `scale`, with a reference the caller must release
    /// (`cairo_surface_destroy`); `tip` is the device pixel of its tip. Nil when Cairo cannot
    /// make the surface.
    func sprite(_ look: PinLook, scale: Double) -> Sprite? {
        let key = Key(look: look, scale: scale)
        if let sprite = lock.withLock({ sprites[key].map(retained) }) { return sprite }
        guard let made = draw(look, scale: scale) else { return nil }
        return lock.withLock {
            if sprites.count >= Self.capacity { evictAll() }
            let sprite = sprites[key] ?? made  // another thread may have drawn it meanwhile
            if sprites[key] == nil { sprites[key] = made } else { cairo_surface_destroy(made.surface) }
            return retained(sprite)
        }
    }

    private func retained(_ s: Sprite) -> Sprite { Sprite(surface: cairo_surface_reference(s.surface), tip: s.tip) }

    private func evictAll() {
        for s in sprites.values { cairo_surface_destroy(s.surface) }
        sprites.removeAll()
    }

    private func draw(_ look: PinLook, scale: Double) -> Sprite? {
        let reach = look.inkReach
        let tip = ((reach.left * scale).rounded(.up), (reach.top * scale).rounded(.up))
        let width = Int32(tip.0 + (reach.right * scale).rounded(.up)), height = Int32(tip.1 + (reach.bottom * scale).rounded(.up))
        // A canvas of its own draws the sprite with the very code that draws vector pins.
        guard let canvas = try? Canvas(format: .png, width: Double(width) / scale, height: Double(height) / scale, scale: scale,
                                       transparent: true) else { return nil }
        canvas.drawPin(look, tipX: tip.0 / scale, tipY: tip.1 / scale)
        return canvas.finishedSurface().map { Sprite(surface: $0, tip: tip) }
    }
}
