import Foundation
import PixelTesting
import Testing
@testable import MapRender

/// The MapLibre sprite: its index read as JSON and its image decoded, at both pixel ratios.
@Suite struct SpriteSheetTests {
    @Test(arguments: [1, 2]) func boxesLieWithinTheImageApartAndEachMarkHasItsCategorysColour(ratio: Int) throws {
        let style = try MapStyle.named("default")
        let sheet = SpriteSheet(style: style)
        let image = try Pixels(png: try sheet.png(pixelRatio: ratio))
        let index = try #require(try JSONSerialization.jsonObject(with: try sheet.index(pixelRatio: ratio)) as? [String: [String: Int]])
        #expect(image.width == sheet.width * ratio && image.height == sheet.height * ratio)
        let codes = style.categories.keys.sorted() + ["neutral"]
        #expect(Set(index.keys) == Set(["pin", "dot", "cluster"].flatMap { form in codes.map { "\(form)-\($0)" } }))
        let boxes = index.mapValues { ($0["x"]!, $0["y"]!, $0["width"]!, $0["height"]!) }
        for (name, box) in boxes {
            #expect(index[name]?["pixelRatio"] == ratio)
            #expect(box.0 >= 0 && box.1 >= 0 && box.2 > 0 && box.3 > 0 && box.0 + box.2 <= image.width && box.1 + box.3 <= image.height, "\(name)")
            for (other, b) in boxes where other != name {
                #expect(box.0 >= b.0 + b.2 || b.0 >= box.0 + box.2 || box.1 >= b.1 + b.3 || b.1 >= box.1 + box.3, "\(name) and \(other) overlap")
            }
        }
        for icon in sheet.icons {
            let code = String(icon.name.split(separator: "-", maxSplits: 1)[1])
            let colour = style.category(code).color
            // A pin's body just above its tip, a dot's centre, a ring's slice straight above its centre
            // (halfway between the hole and the outline).
            let r = style.clusters.radius
            let above = icon.name.hasPrefix("pin-") ? 6.0 : icon.name.hasPrefix("cluster-") ? (r * PinLook.ringHole + r - style.pins.outlineWidth / 2) / 2 : 0
            let x = Int((Double(icon.x + icon.anchorX) * Double(ratio)).rounded(.down))
            let y = Int(((Double(icon.y + icon.anchorY) - above) * Double(ratio)).rounded(.down))
            #expect(image.near(x, y, colour, tolerance: 0.03), "\(icon.name) at \(x),\(y): \(image.rgb(x, y)), not \(colour)")
            let box = try #require(boxes[icon.name])
            #expect((box.0...(box.0 + box.2)).contains(x) && (box.1...(box.1 + box.3)).contains(y), "\(icon.name)'s anchor is in its box")
        }
    }
}
