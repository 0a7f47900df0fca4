import Foundation
import GeoCore
import Testing
@testable import MapRender

@Suite struct LabelPlacementTests {
    // Teardrop pins 20 px wide and 30 px tall, tips at the anchors.
    let maxSize = (width: 120.0, height: 14.0)

    /// Requests with their label widths (text → width), as `measure` reports them.
    func randomRequests(_ n: Int, seed: UInt64, area: (x: ClosedRange<Double>, y: ClosedRange<Double>) = (0...800, 0...600))
        -> ([LabelRequest], [String: Double]) {
        var rng = SeededRandom(seed: seed)
        var widths: [String: Double] = [:]
        let requests = (0..<n).map { i in
            widths["label \(i)"] = .random(in: 20...120, using: &rng)
            var r = request("g\(i)", text: "label \(i)", at: (.random(in: area.x, using: &rng), .random(in: area.y, using: &rng)),
                            priority: .random(in: 0...5, using: &rng))
            r.importance = .random(in: 0...1, using: &rng)
            return r
        }
        return (requests, widths)
    }

    /// A label for the pin standing at `anchor`, centred beside its head (10 px below its top).
    func request(_ id: String, text: String? = nil, at anchor: (x: Double, y: Double), priority: Int) -> LabelRequest {
        LabelRequest(groupID: id, text: text ?? id, anchor: anchor, mark: PixelRect(x: anchor.x - 10, y: anchor.y - 30, width: 20, height: 30),
                     middle: anchor.y - 20, priority: priority)
    }

    func place(_ requests: [LabelRequest], widths: [String: Double], obstacles: [PixelRect] = [], bounds: PixelRect? = nil,
               window: PixelRect? = nil) -> [PlacedLabel] {
        LabelPlacement.place(requests, marks: requests.map(pinRect), obstacles: obstacles, bounds: bounds, window: window,
                             maxSize: maxSize) { text in (text, widths[text]!, 14) }
    }

    func pinRect(_ r: LabelRequest) -> PixelRect {
        PixelRect(x: r.anchor.x - 10, y: r.anchor.y - 30, width: 20, height: 30)
    }

    @Test func placedLabelsNeverOverlapLabelsOrPins() {
        let (requests, widths) = randomRequests(400, seed: 1)
        let bounds = PixelRect(x: 0, y: 0, width: 800, height: 600)
        let placed = place(requests, widths: widths, bounds: bounds)
        #expect(placed.count > 50 && placed.count < requests.count)  // crowded: some placed, some dropped
        for i in placed.indices {
            for j in placed.indices where j > i { #expect(!overlaps(placed[i].rect, placed[j].rect)) }
        }
        let byID = Dictionary(uniqueKeysWithValues: requests.map { ($0.groupID, $0) })
        for label in placed {
            let own = byID[label.groupID]!
            for r in requests { #expect(!overlaps(label.rect, pinRect(r)), "\(label.groupID) covers \(r.groupID)'s pin") }
            #expect(label.rect.x >= 0 && label.rect.y >= 0 && label.rect.x + label.rect.width <= 800 && label.rect.y + label.rect.height <= 600)
            #expect(label.rect.width == widths[own.text] && label.text == own.text)
            // Beside its own pin: within the 2 px gap of the pin's box on some side.
            let p = pinRect(own), r = label.rect
            let gapX = max(p.x - (r.x + r.width), r.x - (p.x + p.width)), gapY = max(p.y - (r.y + r.height), r.y - (p.y + p.height))
            #expect(abs(max(gapX, gapY) - 2) < 1e-9)
        }
    }

    /// The three rules of `LabelPlacement` written out by brute force over all pairs.
    func bruteForce(_ requests: [LabelRequest], widths: [String: Double], bounds: PixelRect) -> Set<PlacedLabel> {
        bruteForce(requests, pins: requests.map(pinRect), size: { (widths[$0.text]!, 14) }, bounds: bounds)
    }

    func bruteForce(_ requests: [LabelRequest], pins: [PixelRect], size: (LabelRequest) -> (Double, Double), bounds: PixelRect?) -> Set<PlacedLabel> {
        let order = requests.sorted { ($0.priority, -$0.importance, $0.groupID) < ($1.priority, -$1.importance, $1.groupID) }
        // The candidates' lines line up: right of the pin from the left, left of it from the
        // right, centred above and below; the corners as their side.
        let alignments: [PlacedLabel.Alignment] = [.left, .right, .centre, .centre, .left, .left, .right, .right]
        let spots = order.map { r in
            let (w, h) = size(r)
            return zip(r.candidates(width: w, height: h, gap: 2), alignments).filter { c, _ in (bounds?.contains(c) ?? true) && !pins.contains { overlaps($0, c) } }
        }
        let free = spots.map { $0.map(\.0) }
        let wins = order.indices.map { i in
            guard let f = free[i].first else { return false }
            return !(0..<i).contains { j in free[j].first.map { overlaps($0, f) } ?? false }
        }
        var result = Set<PlacedLabel>()
        for i in order.indices {
            let spot = wins[i] ? free[i].first : free[i].first { c in
                !order.indices.contains { j in j != i && wins[j] && overlaps(free[j][0], c) }
                    && !(0..<i).contains { j in !wins[j] && free[j].contains { overlaps($0, c) } }
            }
            if let spot, let alignment = spots[i].first(where: { $0.0 == spot })?.1 {
                result.insert(PlacedLabel(groupID: order[i].groupID, text: order[i].text, rect: spot, alignment: alignment))
            }
        }
        return result
    }

    /// The production path (AnnotationLayout: clusters formed lazily per cell, marks decided and
    /// requests looked up in the cluster grid) against the rules written out over every group
    /// of the map: `MarkForms`' rules by brute force over all pairs, then `LabelPlacement`'s.
    @Test func theMapsLayoutFollowsTheRulesExactly() throws {
        let style = try MapStyle.named("default")
        var rng = SeededRandom(seed: 31)
        let categories = ["see", "eat", "stay", "do", "other"]
        let features = (0..<600).map { i in
            Feature(id: FeatureID(kind: .poi, row: Int64(i)), category: categories[i % 5],
                    name: String(repeating: "x", count: .random(in: 3...14, using: &rng)) + "\(i)",
                    geometry: .point(Coordinate(lat: 60.16 + .random(in: 0...0.02, using: &rng), lon: 24.92 + .random(in: 0...0.05, using: &rng))),
                    source: i % 3 == 0 ? "osm" : "guide")
        }
        let viewport = Viewport(center: Coordinate(lat: 60.17, lon: 24.945), zoom: 15.3, width: 900, height: 700)
        // Text widths by length alone (never past labels.max_width): an oracle needs no font.
        let measure = { (text: String) in (width: Double(text.count) * 5 + 4, height: AnnotationLayout.labelHeight(style)) }
        let layout = AnnotationLayout(features: features, viewport: viewport, style: style, language: nil, keepInside: false, measure: measure)

        let priority = AnnotationLayout.labelPriority(style)
        let marks = features.map { f in
            LayoutMark(id: f.id.description, category: f.category, position: f.geometry.coordinates[0], label: f.name, priority: priority(f.category), importance: f.source == "osm" ? 0 : 1)
        }
        let cell = style.clusters.cell(atZoom: viewport.zoom), gap = MarkForms.gap, merge = try #require(style.clusters.merge)
        // Every place in its cell; a block of 2 × 2 cells holding `merge` places or more is one cell of twice the side.
        func blockOf(_ p: (x: Double, y: Double)) -> [Int] { [Int((p.x / (2 * cell)).rounded(.down)), Int((p.y / (2 * cell)).rounded(.down))] }
        func cellOf(_ p: (x: Double, y: Double)) -> [Int] { [Int((p.x / cell).rounded(.down)), Int((p.y / cell).rounded(.down))] }
        let inBlock = Dictionary(grouping: marks) { blockOf(viewport.worldPixel($0.position)) }.mapValues(\.count)
        let byArea = Dictionary(grouping: marks) { m -> [Int] in
            let p = viewport.worldPixel(m.position), block = blockOf(p)
            return inBlock[block]! >= merge ? [2] + block : [1] + cellOf(p)
        }
        // A group's members in order of importance; it stands at the member nearest their mean.
        let areas = Array(byArea.keys)
        let groups = areas.map { key -> MarkGroup in
            let members = byArea[key]!.sorted(by: LayoutMark.precedes), pixels = members.map { viewport.worldPixel($0.position) }
            let mean = (x: pixels.map(\.x).reduce(0, +) / Double(pixels.count), y: pixels.map(\.y).reduce(0, +) / Double(pixels.count))
            let nearest = pixels.indices.min { (pixels[$0].x - mean.x) * (pixels[$0].x - mean.x) + (pixels[$0].y - mean.y) * (pixels[$0].y - mean.y)
                < (pixels[$1].x - mean.x) * (pixels[$1].x - mean.x) + (pixels[$1].y - mean.y) * (pixels[$1].y - mean.y) }!
            return MarkGroup(members: members, position: members[nearest].position)
        }
        let cells = areas.map { key in
            let side = Double(key[0]) * cell
            return PixelRect(x: Double(key[1]) * side, y: Double(key[2]) * side, width: side, height: side)
        }
        #expect(areas.contains { $0[0] == 2 } && areas.contains { $0[0] == 1 }, "merged blocks and single cells both")
        // A candidate's pin, with the gap around it, meets no other group's cell.
        let candidates: [PixelRect?] = groups.indices.map { i in
            let g = groups[i]
            guard !g.isCluster, !style.category(g.category).muted else { return nil }
            let ink = PinLook.pin(g.category, style: style).inkRect(at: viewport.worldPixel(g.position))
            return cells.indices.contains { $0 != i && cells[$0].intersects(ink.grown(by: gap)) } ? nil : ink
        }
        let drawn: [(group: MarkGroup, rect: PixelRect, anchor: (x: Double, y: Double), middle: Double)] = groups.indices.flatMap { i in
            let g = groups[i], p = viewport.worldPixel(g.position)
            if let ink = candidates[i], !candidates.indices.contains(where: { $0 != i && candidates[$0].map { $0.grown(by: gap).intersects(ink) } ?? false }) {
                return [(g, ink, p, p.y - style.pins.height + style.pins.width / 2)]
            }
            // Dots and rings: moved inside their cell, the gap's half in from its edges.
            func inside(_ look: PinLook, _ p: (x: Double, y: Double)) -> (PixelRect, (x: Double, y: Double)) {
                let reach = look.inkRect(at: (0, 0)), c = cells[i]
                let x = min(max(p.x, c.minX + gap / 2 - reach.minX), c.maxX - gap / 2 - reach.maxX)
                let y = min(max(p.y, c.minY + gap / 2 - reach.minY), c.maxY - gap / 2 - reach.maxY)
                return (look.inkRect(at: (x, y)), (x, y))
            }
            // A cluster's members whose dots all stay the gap apart are dots of their own.
            let dots = g.members.map { m in (m, inside(PinLook.dot(m.category, style: style), viewport.worldPixel(m.position))) }
            if g.isCluster, !dots.indices.contains(where: { a in dots.indices.contains { b in b != a && dots[a].1.0.grown(by: gap).intersects(dots[b].1.0) } }) {
                return dots.map { m, d in (MarkGroup(members: [m], position: m.position), d.0, d.1, d.1.y) }
            }
            let look = g.isCluster ? PinLook.ring(g, style: style) : PinLook.dot(g.category, style: style)
            #expect(look.width > 0)
            let (rect, anchor) = inside(look, p)
            return [(g, rect, anchor, anchor.y)]
        }
        let requests = drawn.compactMap { d -> LabelRequest? in
            // A cluster of one category is counted in the style's phrase; any other mark is named by its first named member.
            let first = d.group.members[0], oneCategory = d.group.members.allSatisfy { $0.category == first.category }
            if d.group.isCluster, oneCategory, let phrase = style.category(first.category).counted["en"] {
                return LabelRequest(groupID: d.group.id, text: phrase.replacingOccurrences(of: "{n}", with: "\(d.group.members.count)"),
                                    anchor: d.anchor, mark: d.rect, middle: d.middle, priority: first.priority, importance: first.importance)
            }
            guard let named = d.group.members.first(where: { $0.label != nil }) else { return nil }
            let text = named.label!
            return LabelRequest(groupID: d.group.id, text: text, anchor: d.anchor, mark: d.rect, middle: d.middle,
                                priority: named.priority, importance: named.importance)
        }
        let origin = viewport.origin, window = PixelRect(x: origin.x, y: origin.y, width: 900, height: 700)
        let expected = bruteForce(requests, pins: drawn.map(\.rect), size: { measure($0.text) }, bounds: nil)
            .filter { $0.rect.intersects(window) }
            .map { PlacedLabel(groupID: $0.groupID, text: $0.text, rect: PixelRect(x: $0.rect.x - origin.x, y: $0.rect.y - origin.y, width: $0.rect.width, height: $0.rect.height),
                               alignment: $0.alignment) }
        #expect(groups.contains(where: \.isCluster) && expected.count > 30, "a crowded map, clusters and labels both")
        #expect(drawn.contains { $0.rect.height > 30 } && drawn.contains { !$0.group.isCluster && $0.rect.height < 20 }, "pins and dots both")
        #expect(groups.contains { g in g.isCluster && !drawn.contains { $0.group.id == g.id } } && drawn.contains(where: \.group.isCluster),
                "clusters split into their members' dots, and rings, both")
        #expect(Set(layout.labels) == Set(expected))
        // Every mark that reaches into the image is drawn, with the same members and ink.
        let inside = drawn.filter { $0.rect.intersects(window) }
        #expect(inside.count > 100)
        #expect(Set(inside.map { "\($0.group.members.map(\.id)) \($0.rect.offset(by: (-origin.x, -origin.y)))" })
                == Set(layout.marks.map { "\($0.group.members.map(\.id)) \($0.rect)" }))
    }

    @Test func placementFollowsItsRulesExactly() {
        for seed in UInt64(10)..<14 {
            let (requests, widths) = randomRequests(250, seed: seed)
            let bounds = PixelRect(x: 0, y: 0, width: 800, height: 600)
            #expect(Set(place(requests, widths: widths, bounds: bounds)) == bruteForce(requests, widths: widths, bounds: bounds))
        }
    }

    @Test func aWindowDecidesAsTheWholeMapWithinIt() {
        // A dense map 4000 × 3000 px; windows the size of tiles, handed only the requests within
        // the dependency margin, must agree with the whole map on every label that reaches in.
        let (requests, widths) = randomRequests(3_000, seed: 20, area: (0...4000, 0...3000))
        let whole = place(requests, widths: widths)
        let reach = LabelRequest.reach(PixelExtent(left: 10, top: 30, right: 10, bottom: 0), size: maxSize, gap: 2)
        let margin = (x: LabelPlacement.dependencyReach * reach.x + 10, y: LabelPlacement.dependencyReach * reach.y + 30)
        var rng = SeededRandom(seed: 21)
        for _ in 0..<12 {
            let window = PixelRect(x: .random(in: 1000...2700, using: &rng), y: .random(in: 800...2200, using: &rng), width: 256, height: 256)
            let nearby = requests.filter { r in
                r.anchor.x >= window.minX - margin.x && r.anchor.x <= window.maxX + margin.x
                    && r.anchor.y >= window.minY - margin.y && r.anchor.y <= window.maxY + margin.y
            }
            #expect(nearby.count < requests.count / 2)
            let local = place(nearby, widths: widths, window: window)
            #expect(!local.isEmpty)
            #expect(Set(local) == Set(whole.filter { $0.rect.intersects(window) }))
        }
    }

    @Test func placementIgnoresInputOrder() {
        let (requests, widths) = randomRequests(300, seed: 2)
        let obstacles = [PixelRect(x: 100, y: 100, width: 200, height: 80)], bounds = PixelRect(x: 0, y: 0, width: 800, height: 600)
        let reference = place(requests, widths: widths, obstacles: obstacles, bounds: bounds)
        var rng = SeededRandom(seed: 3)
        for _ in 0..<5 {
            #expect(place(requests.shuffled(using: &rng), widths: widths, obstacles: obstacles, bounds: bounds) == reference)
        }
    }

    @Test func candidatesInOrderRightLeftAboveBelowThenCorners() {
        let r = request("A", at: (100, 100), priority: 0)
        let widths = ["A": 40.0]
        func placed(_ obstacles: [PixelRect], bounds: PixelRect? = nil) -> [PixelRect] {
            LabelPlacement.place([r], marks: [pinRect(r)], obstacles: obstacles, bounds: bounds, maxSize: maxSize) { ($0, widths[$0]!, 10) }.map(\.rect)
        }
        // Head centre: 10 px below the pin's top (70), so left/right labels span y 75…85; the
        // corners are centred on the pin box's top (70) and bottom (100) edges, 2 px out.
        let right = PixelRect(x: 112, y: 75, width: 40, height: 10), left = PixelRect(x: 48, y: 75, width: 40, height: 10)
        let above = PixelRect(x: 80, y: 58, width: 40, height: 10), below = PixelRect(x: 80, y: 102, width: 40, height: 10)
        let upperRight = PixelRect(x: 112, y: 63, width: 40, height: 10), lowerRight = PixelRect(x: 112, y: 97, width: 40, height: 10)
        let upperLeft = PixelRect(x: 48, y: 63, width: 40, height: 10), lowerLeft = PixelRect(x: 48, y: 97, width: 40, height: 10)
        let order = [right, left, above, below, upperRight, lowerRight, upperLeft, lowerLeft]
        for n in order.indices {
            // Each spot blocked by a pixel at its centre, which no other spot covers.
            let blocked = order[..<n].map { PixelRect(x: $0.midX - 0.5, y: $0.midY - 0.5, width: 1, height: 1) }
            #expect(placed(blocked) == [order[n]], "with the first \(n) spots blocked")
        }
        #expect(placed(order).isEmpty)
        // Bounds that leave room only below.
        #expect(placed([], bounds: PixelRect(x: 60, y: 70, width: 80, height: 60)) == [below])
    }

    @Test func higherPriorityWinsAConflict() {
        // Two coincident pins whose bounds leave room for one label, to the right only.
        let bounds = PixelRect(x: 90, y: 65, width: 70, height: 35)
        func request(_ id: String, _ priority: Int) -> LabelRequest { self.request(id, at: (100, 100), priority: priority) }
        func placed(_ requests: [LabelRequest]) -> [String] {
            // The pins coincide with each other's: give only one pin rect, as a label's own pin never blocks it.
            LabelPlacement.place(requests, marks: [pinRect(requests[0])], bounds: bounds, maxSize: maxSize) { ($0, 40, 10) }.map(\.groupID)
        }
        // "z" sorts after "a" by id, so only its priority can make it win.
        #expect(placed([request("a", 1), request("z", 0)]) == ["z"])
        #expect(placed([request("a", 0), request("z", 1)]) == ["a"])
        // Equal priority: the id decides.
        #expect(placed([request("z", 0), request("a", 0)]) == ["a"])
    }
}
