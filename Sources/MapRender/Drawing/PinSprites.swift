import CCairo
import Foundation

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
        canvas.drawPinVectors(look, tipX: tip.0 / scale, tipY: tip.1 / scale)
        return canvas.finishedSurface().map { Sprite(surface: $0, tip: tip) }
    }
}
