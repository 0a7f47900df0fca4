import Foundation
import GeoCore
import Testing
@testable import MapRender

@Suite struct LabelPlacementTests {
    // A teardrop pin 20 px wide and 30 px tall, tip at the anchor.
    let pin = PixelExtent(left: 10, top: 30, right: 10, bottom: 0)
    let maxSize = (width: 120.0, height: 14.0)

    /// Requests with their label widths (text → width), as `measure` reports them.
    func randomRequests(_ n: Int, seed: UInt64, area: (x: ClosedRange<Double>, y: ClosedRange<Double>) = (0...800, 0...600))
        -> ([LabelRequest], [String: Double]) {
        var rng = SeededRandom(seed: seed)
        var widths: [String: Double] = [:]
        let requests = (0..<n).map { i in
            widths["label \(i)"] = .random(in: 20...120, using: &rng)
            return LabelRequest(groupID: "g\(i)", text: "label \(i)",
                                anchor: (.random(in: area.x, using: &rng), .random(in: area.y, using: &rng)),
                                pinExtent: pin, priority: .random(in: 0...5, using: &rng))
        }
        return (requests, widths)
    }

    func place(_ requests: [LabelRequest], widths: [String: Double], obstacles: [PixelRect] = [], bounds: PixelRect? = nil,
               window: PixelRect? = nil) -> [PlacedLabel] {
        LabelPlacement.place(requests, pins: requests.map(pinRect), obstacles: obstacles, bounds: bounds, window: window,
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
        let order = requests.sorted { ($0.priority, $0.groupID) < ($1.priority, $1.groupID) }
        let free = order.map { r in
            let (w, h) = size(r)
            return r.candidates(width: w, height: h, gap: 2).filter { c in (bounds?.contains(c) ?? true) && !pins.contains { overlaps($0, c) } }
        }
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
            if let spot { result.insert(PlacedLabel(groupID: order[i].groupID, text: order[i].text, rect: spot)) }
        }
        return result
    }

    /// The production path (AnnotationLayout: clusters formed lazily per cell, requests and pins
    /// looked up in the cluster grid) against the rules written out over every group of the map.
    @Test func theMapsLayoutFollowsTheRulesExactly() throws {
        let style = try MapStyle.named("default")
        var rng = SeededRandom(seed: 31)
        let categories = ["see", "eat", "stay", "do", "other"]
        let features = (0..<600).map { i in
            Feature(id: FeatureID(kind: .poi, row: Int64(i)), category: categories[i % 5],
                    name: String(repeating: "x", count: .random(in: 3...14, using: &rng)) + "\(i)",
                    geometry: .point(Coordinate(lat: 60.16 + .random(in: 0...0.02, using: &rng), lon: 24.92 + .random(in: 0...0.05, using: &rng))))
        }
        let viewport = Viewport(center: Coordinate(lat: 60.17, lon: 24.945), zoom: 15.3, width: 900, height: 700)
        // Text widths by length alone: an oracle needs no font.
        let measure = { (text: String) in (width: Double(text.count) * 7 + 4, height: AnnotationLayout.labelHeight(style)) }
        let layout = AnnotationLayout(features: features, viewport: viewport, style: style, language: nil, keepInside: false, measure: measure)

        let rank = Dictionary(uniqueKeysWithValues: style.legend.order.enumerated().map { ($1, $0) })
        let marks = features.map { f in
            LayoutMark(id: f.id.description, category: f.category, position: f.geometry.coordinates[0], label: f.name, priority: rank[f.category] ?? rank.count)
        }
        let groups = Clustering.cluster(marks, cellSize: MapRenderer.clusterCell(style), worldPixel: viewport.worldPixel)
        let pins = groups.map { PixelRect(anchor: viewport.worldPixel($0.position), extent: MapRenderer.pinExtent(style, count: $0.members.count)) }
        let requests = groups.filter { !$0.isCluster }.map { g in
            LabelRequest(groupID: g.id, text: g.members[0].label!, anchor: viewport.worldPixel(g.position),
                         pinExtent: MapRenderer.pinExtent(style, count: 1), priority: g.members[0].priority)
        }
        let origin = viewport.origin, window = PixelRect(x: origin.x, y: origin.y, width: 900, height: 700)
        let expected = bruteForce(requests, pins: pins, size: { measure($0.text) }, bounds: nil)
            .filter { $0.rect.intersects(window) }
            .map { PlacedLabel(groupID: $0.groupID, text: $0.text, rect: PixelRect(x: $0.rect.x - origin.x, y: $0.rect.y - origin.y, width: $0.rect.width, height: $0.rect.height)) }
        #expect(groups.contains(where: \.isCluster) && expected.count > 30, "a crowded map, clusters and labels both")
        #expect(Set(layout.labels) == Set(expected))
        // Every group whose anchor lies in the image is drawn, with the same members.
        let inside = Set(groups.filter { g in
            let p = viewport.pixel(g.position)
            return p.x >= 0 && p.x <= 900 && p.y >= 0 && p.y <= 700
        })
        #expect(inside.isSubset(of: Set(layout.pins.map(\.group))) && inside.count > 100)
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
        let reach = LabelRequest.reach(pin, size: maxSize, gap: 2)
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

    @Test func candidatesInOrderRightLeftAboveBelow() {
        let r = LabelRequest(groupID: "a", text: "A", anchor: (100, 100), pinExtent: pin, priority: 0)
        let widths = ["A": 40.0]
        func placed(_ obstacles: [PixelRect], bounds: PixelRect? = nil) -> [PixelRect] {
            LabelPlacement.place([r], pins: [pinRect(r)], obstacles: obstacles, bounds: bounds, maxSize: maxSize) { ($0, widths[$0]!, 10) }.map(\.rect)
        }
        // Head centre: 10 px below the pin's top (70), so left/right labels span y 75…85.
        let right = PixelRect(x: 112, y: 75, width: 40, height: 10), left = PixelRect(x: 48, y: 75, width: 40, height: 10)
        let above = PixelRect(x: 80, y: 58, width: 40, height: 10), below = PixelRect(x: 80, y: 102, width: 40, height: 10)
        #expect(placed([]) == [right])
        #expect(placed([right]) == [left])
        #expect(placed([right, left]) == [above])
        #expect(placed([right, left, above]) == [below])
        #expect(placed([right, left, above, below]).isEmpty)
        // Bounds that leave room only below.
        #expect(placed([], bounds: PixelRect(x: 60, y: 70, width: 80, height: 60)) == [below])
    }

    @Test func higherPriorityWinsAConflict() {
        // Two coincident pins whose bounds leave room for one label, to the right only.
        let bounds = PixelRect(x: 90, y: 60, width: 70, height: 40)
        func request(_ id: String, _ priority: Int) -> LabelRequest {
            LabelRequest(groupID: id, text: id, anchor: (100, 100), pinExtent: pin, priority: priority)
        }
        func placed(_ requests: [LabelRequest]) -> [String] {
            // The pins coincide with each other's: give only one pin rect, as a label's own pin never blocks it.
            LabelPlacement.place(requests, pins: [pinRect(requests[0])], bounds: bounds, maxSize: maxSize) { ($0, 40, 10) }.map(\.groupID)
        }
        // "z" sorts after "a" by id, so only its priority can make it win.
        #expect(placed([request("a", 1), request("z", 0)]) == ["z"])
        #expect(placed([request("a", 0), request("z", 1)]) == ["a"])
        // Equal priority: the id decides.
        #expect(placed([request("z", 0), request("a", 0)]) == ["a"])
    }
}
