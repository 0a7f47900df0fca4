import Foundation
import Testing
@testable import MapRender

/// A cluster's count in the MapLibre style, at the size the style sets it for each count: its ink,
/// as Cairo sets the same font (the glyphs MapLibre is served are made from it), lies inside the
/// ring's hole, as in the PNG tiles. The style had set two digits at the one-digit size, over the ring.
@Suite struct ClusterCountTests {
    @Test func everyCountFitsInsideItsRing() throws {
        let style = try MapStyle.named("default"), c = style.clusters
        let marks = try #require(AnnotationLayers(style: style, sprites: SpriteSheet(style: style)).layers.first { $0["id"] as? String == "marks" })
        let size = try #require((marks["layout"] as? [String: Any])?["text-size"] as? [Any])
        // ["match", input, 1, s1, 2, s2, …, 100, s100, past 100: s100 grown with the ring]
        let pairs = Array(size.dropFirst(2).dropLast())
        #expect(pairs.count == 200)
        let beyond = try #require(size.last as? [Any])
        #expect(beyond.first as? String == "*" && abs((beyond[1] as? Double ?? 0) * c.scale(count: 100) - (pairs[199] as? Double ?? 0)) < 1e-9)
        let canvas = try Canvas(format: .png, width: 1, height: 1)
        for k in stride(from: 0, to: pairs.count, by: 2) {
            let count = try #require(pairs[k] as? Int), points = try #require(pairs[k + 1] as? Double)
            canvas.setFont(style.labels.fontFamily, size: points, bold: true)
            let ink = canvas.textBox(count < 100 ? String(count) : "99+")
            let hole = 2 * c.radius * c.scale(count: count) * PinLook.ringHole
            #expect(ink.width <= hole && ink.height <= hole, "\(count) at \(points) px is \(ink.width) × \(ink.height) px, the hole \(hole) px")
            // "99+" in a ring of 14 px is not (3.8 px): a known shortfall, not hidden here.
            if count < 100 { #expect(points >= 0.65 * c.countFontSize, "\(count) at \(points) px cannot be read") }
        }
    }
}
