import Foundation

/// The marks of a style as a MapLibre sprite (`sprite.png` and its index `sprite.json`, at 1× and
/// 2×): per category (and `neutral`, for a category the style lacks) its pin, its dot, and a
/// cluster ring in its colour without a count (the map writes the count over it). Drawn by the
/// very code that draws the PNG maps' marks (`Canvas.drawPinVectors`), each icon in a box of
/// whole layout pixels, so its anchor (a pin's tip, a dot's or ring's centre) is the same point at
/// both pixel ratios.
public struct SpriteSheet: Sendable {
    public struct Icon: Sendable {
        /// `pin-eat`, `dot-eat`, `cluster-eat`, `pin-neutral`…
        public let name: String
        let look: PinLook
        /// The icon's box on the sheet, in layout pixels.
        public let x, y, width, height: Int
        /// The anchor within the box, from its top-left corner, in layout pixels.
        public let anchorX, anchorY: Int
    }

    /// The marks' forms, as the annotation vector tiles name them (`form`) and the icons begin.
    public static let forms = ["pin", "dot", "cluster"]
    /// The name standing for any category the style does not know.
    public static let neutral = "neutral"

    public let icons: [Icon]
    public let width, height: Int

    public init(style: MapStyle) {
        let codes = style.categories.keys.sorted() + [Self.neutral]
        var icons: [Icon] = [], y = 0, width = 0
        // One row per form: every pin, then every dot, then every ring.
        for form in Self.forms {
            var x = 0, rowHeight = 0
            for code in codes {
                var look: PinLook
                switch form {
                case "pin": look = .pin(code, style: style)
                case "dot": look = .dot(code, style: style)
                default:
                    look = .ring(count: 1, slices: [.init(color: style.category(code).color, count: 1)], style: style)
                    look.glyph = ""
                }
                let reach = look.inkReach
                let (left, top) = (Int(reach.left.rounded(.up)), Int(reach.top.rounded(.up)))
                let (w, h) = (left + Int(reach.right.rounded(.up)), top + Int(reach.bottom.rounded(.up)))
                icons.append(Icon(name: "\(form)-\(code)", look: look, x: x, y: y, width: w, height: h, anchorX: left, anchorY: top))
                x += w
                rowHeight = max(rowHeight, h)
            }
            width = max(width, x)
            y += rowHeight
        }
        (self.icons, self.width, self.height) = (icons, width, y)
    }

    /// The anchor of a form's icons (all of a form's icons share it), from their top-left corner.
    public func anchor(of form: String) -> (x: Int, y: Int) {
        let icon = icons.first { $0.name.hasPrefix(form + "-") }!
        return (icon.anchorX, icon.anchorY)
    }

    /// The sheet at `pixelRatio` (1 or 2) as a PNG.
    public func png(pixelRatio: Int) throws -> Data {
        let canvas = try Canvas(format: .png, width: Double(width), height: Double(height), scale: Double(pixelRatio), transparent: true)
        for icon in icons {
            canvas.drawPinVectors(icon.look, tipX: Double(icon.x + icon.anchorX), tipY: Double(icon.y + icon.anchorY))
        }
        return try canvas.finish()
    }

    /// The sheet's index at `pixelRatio`: each icon's box in the PNG's pixels.
    public func index(pixelRatio: Int) throws -> Data {
        var index: [String: Any] = [:]
        for icon in icons {
            index[icon.name] = ["x": icon.x * pixelRatio, "y": icon.y * pixelRatio, "width": icon.width * pixelRatio,
                                "height": icon.height * pixelRatio, "pixelRatio": pixelRatio]
        }
        return try JSONSerialization.data(withJSONObject: index, options: [.sortedKeys])
    }
}
