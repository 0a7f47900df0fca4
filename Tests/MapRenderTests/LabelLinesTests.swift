import Foundation
import GeoCore
import PixelTesting
import Testing
@testable import MapRender

/// Names too long for one line are drawn in two, broken between words where the lines balance
/// best; only what still does not fit is shortened with "…".
@Suite struct LabelLinesTests {
    let style: MapStyle
    init() throws { style = try MapStyle.named("default") }

    /// Widths by length alone, 6 px a character: an oracle needs no font.
    static func measure(_ text: String) -> (width: Double, height: Double) { (Double(text.count) * 6, 12) }

    static func fitted(_ text: String, maxWidth: Double) -> [String] {
        LabelLines.fitted(text, maxWidth: maxWidth, maxLines: 2, lineAdvance: 10, measure: measure).text.split(separator: "\n").map(String.init)
    }

    @Test func knownAnswers() {
        // 42 characters, 150 px: "Helsingin kaupunginmuseo ja" (27) is too wide, and of the
        // breaks before it, after "kaupunginmuseo" (24 | 17) beats after "Helsingin" (9 | 32).
        #expect(Self.fitted("Helsingin kaupunginmuseo ja Kansallismuseo", maxWidth: 150) == ["Helsingin kaupunginmuseo", "ja Kansallismuseo"])
        #expect(Self.fitted("Kiasma", maxWidth: 150) == ["Kiasma"])
        // Balanced, not greedy: 8 | 11 rather than 14 | 5.
        #expect(Self.fitted("Suomen kansallisteatteri", maxWidth: 120) == ["Suomen", "kansallisteatteri"])
        #expect(Self.fitted("Aa bb cc dd ee ff", maxWidth: 60) == ["Aa bb cc", "dd ee ff"])
        // Too long for two lines of 90 px (15 characters): the second line is shortened.
        #expect(Self.fitted("Rautatientorin metroaseman lippuautomaatti", maxWidth: 90) == ["Rautatientorin", "metroaseman li…"])
        // A first word wider than a line: one shortened line.
        #expect(Self.fitted("Kaupunginmuseorakennus on", maxWidth: 90) == ["Kaupunginmuseo…"])
        // One line only, when the style says so.
        let one = LabelLines.fitted("Helsingin kaupunginmuseo ja Kansallismuseo", maxWidth: 150, maxLines: 1, lineAdvance: 10, measure: Self.measure)
        #expect(one.text == "Helsingin kaupunginmuseo…" && one.height == 12)
        #expect(LabelLines.fitted("Helsingin kaupunginmuseo ja Kansallismuseo", maxWidth: 150, maxLines: 2, lineAdvance: 10, measure: Self.measure).height == 22)
    }

    /// Random names against every break written out: one line when it fits; else the break whose
    /// lines both fit with the shorter longer line (the first among equals); else the longest
    /// first line that fits with the rest shortened; else one shortened line.
    @Test func theBreakBalancesTheLinesAsEveryBreakWrittenOutSays() {
        var rng = SeededRandom(seed: 16)
        let syllables = ["ka", "lin", "mu", "se", "o", "ran", "ta", "tie", "tor", "ni", "ja", "kau", "pun", "gin"]
        for _ in 0..<2_000 {
            let words = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                (0..<Int.random(in: 1...5, using: &rng)).map { _ in syllables.randomElement(using: &rng)! }.joined()
            }
            let name = words.joined(separator: " "), text = name, maxWidth = Double(Int.random(in: 10...30, using: &rng) * 6)
            let fits = { (line: String) in Self.measure(line).width <= maxWidth }
            // As many of the characters as fit before "…".
            func shortened(_ words: String) -> String {
                let kept = (0..<words.count).last { fits(String(words.prefix($0)).trimmedOfSpaces + "…") }!
                return String(words.prefix(kept)).trimmedOfSpaces + "…"
            }
            let lines = Self.fitted(text, maxWidth: maxWidth)
            #expect(lines.allSatisfy(fits), "\(text) in \(maxWidth) px: \(lines)")
            let breaks = (1..<max(1, words.count)).map { k in (words[..<k].joined(separator: " "), words[k...].joined(separator: " ")) }
            if fits(text) {
                #expect(lines == [text])
            } else if let best = breaks.filter({ fits($0.0) && fits($0.1) }).min(by: { max($0.0.count, $0.1.count) < max($1.0.count, $1.1.count) }) {
                #expect(lines == [best.0, best.1], "\(text) in \(maxWidth) px")
            } else if let fullest = breaks.last(where: { fits($0.0) }) {
                #expect(lines == [fullest.0, shortened(fullest.1)], "\(text) in \(maxWidth) px")
            } else {
                #expect(lines == [shortened(name)], "\(text) in \(maxWidth) px")
            }
        }
    }

    /// On a finished image a name whose two lines find no room, in a strip one line high, is
    /// drawn on one line, shortened; given room, in two.
    @Test func aNameWithNoRoomForTwoLinesTakesOneShortened() {
        let name = "Helsingin kaupunginmuseo ja Kansallismuseo", anchor = (x: 100.0, y: 100.0)
        let request = LabelRequest(groupID: "museum", text: name, anchor: anchor, mark: PixelRect(x: 90, y: 70, width: 20, height: 30),
                                   middle: 80, priority: 0)
        let fitted = LabelLines.fitted(name, maxWidth: 150, maxLines: 2, lineAdvance: 10, measure: Self.measure)
        let map = LabelPlacement.Neighbourhood(near: { _ in [0] }, requests: [request], measure: { _ in fitted },
                                               blocked: { $0.intersects(request.mark) })
        func placed(height: Double) -> [PlacedLabel] {
            LabelPlacement.placeGreedily([0], in: map, bounds: PixelRect(x: 0, y: 80 - height / 2, width: 400, height: height),
                                         maxSize: (150, 22), gap: 2, fitted: { _ in fitted }) { LabelLines.shortened($0, maxWidth: 150, measure: Self.measure) }
        }
        #expect(placed(height: 16).map(\.text) == ["Helsingin kaupunginmuseo…"])
        #expect(placed(height: 16).map(\.rect) == [PixelRect(x: 112, y: 74, width: 150, height: 12)])
        #expect(placed(height: 30).map(\.text) == ["Helsingin kaupunginmuseo\nja Kansallismuseo"])
    }

    /// A long name on a real map, with the real font: two lines, each within the style's width,
    /// no word broken, the box two lines high; and on the image, all of the label's ink inside
    /// its box, both lines inked and lined up as the side of the mark asks: from the left right
    /// of the mark, from the right left of it, centred above it. Unnamed pins 60 px either side
    /// take the spots beside it.
    @Test(arguments: [(0, PlacedLabel.Alignment.left), (1, .right), (2, .centre)])
    func aLongNameIsDrawnInTwoLinesInsideItsBox(blockers: Int, alignment: PlacedLabel.Alignment) throws {
        let name = "Helsingin kaupunginmuseo ja Kansallismuseo"
        let centre = Coordinate(lat: 60.17, lon: 24.94), zoom = 17.0, (w, h) = (600.0, 240.0)
        // 60 px of longitude at this zoom: the world is 256 · 2^zoom px round.
        let step = 60 * 360 / (256 * pow(2, zoom))
        let museum = Feature(id: FeatureID(kind: .poi, row: 1), category: "see", name: name, geometry: .point(centre))
        let others = [1.0, -1.0].prefix(blockers).enumerated().map { i, side in
            Feature(id: FeatureID(kind: .poi, row: Int64(i + 2)), category: "eat", name: nil,
                    geometry: .point(Coordinate(lat: centre.lat, lon: centre.lon + side * step)))
        }
        func drawn(_ style: MapStyle) throws -> (image: Pixels, layout: AnnotationLayout) {
            let d = try MapRenderer.drawn(MapRequest(features: [museum] + others, layers: .annotations, framing: .center(centre, zoom: zoom),
                                                     width: w, height: h, style: style))
            return (try Pixels(png: d.image), d.annotations)
        }
        var invisible = style
        invisible.labels.color.a = 0
        invisible.labels.haloColor.a = 0
        let (with, layout) = try drawn(style), without = try drawn(invisible).image
        #expect(layout.marks.count == 1 + others.count)

        let label = try #require(layout.labels.first)
        #expect(layout.labels.count == 1 && label.groupID == museum.id.description)
        let lines = label.lines.map(String.init)
        #expect(lines == ["Helsingin kaupunginmuseo", "ja Kansallismuseo"])
        #expect(lines.joined(separator: " ").split(separator: " ") == name.split(separator: " "), "no word broken")
        let measuring = try Canvas(format: .png, width: 1, height: 1)
        let widths = lines.map { MapRenderer.labelSize($0, style: style, on: measuring).width }
        #expect(widths.allSatisfy { $0 <= style.labels.maxWidth } && MapRenderer.labelSize(name, style: style, on: measuring).width > style.labels.maxWidth)
        let r = label.rect
        #expect(abs(r.width - widths.max()!) < 1e-9)
        #expect(abs(r.height - (AnnotationLayout.labelHeight(style) + style.labels.lineSpacing * style.labels.fontSize)) < 1e-9)
        #expect(label.alignment == alignment)

        // The label's ink: where the image differs from the same map with invisible labels.
        var stray = 0
        var extent: [(minX: Double, maxX: Double)?] = [nil, nil]
        for y in 0..<with.height {
            for x in 0..<with.width where with.data[y * with.width + x] != without.data[y * with.width + x] {
                let (px, py) = (Double(x), Double(y))
                guard px + 1 > r.minX - 1 && px < r.maxX + 1 && py + 1 > r.minY - 1 && py < r.maxY + 1 else { stray += 1; continue }
                // Rows clear of the middle belong to one line: the first's descenders and the
                // second's accents reach it.
                let line = py + 1 <= r.midY - 2 ? 0 : py >= r.midY + 2 ? 1 : nil
                if let line { extent[line] = (min(extent[line]?.minX ?? px, px), max(extent[line]?.maxX ?? px + 1, px + 1)) }
            }
        }
        #expect(stray == 0, "\(stray) pixels of label ink outside its box")
        let first = try #require(extent[0], "the first line is inked"), second = try #require(extent[1], "the second line is inked")
        // The lines differ in length by far more than the tolerance, so only one alignment holds.
        #expect((first.maxX - first.minX) - (second.maxX - second.minX) > 20)
        let tolerance = 2.5
        switch alignment {
        case .left: #expect(abs(first.minX - second.minX) <= tolerance, "\(first) \(second)")
        case .right: #expect(abs(first.maxX - second.maxX) <= tolerance, "\(first) \(second)")
        case .centre: #expect(abs((first.minX + first.maxX) - (second.minX + second.maxX)) / 2 <= tolerance, "\(first) \(second)")
        }
    }
}
