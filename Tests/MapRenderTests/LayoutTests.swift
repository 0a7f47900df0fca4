import Foundation
import Testing
import GeoCore
@testable import MapRender

/// Interior overlap written out from the edges, not through PixelRect.intersects.
private func overlaps(_ a: PixelRect, _ b: PixelRect) -> Bool {
    let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    let h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return w > 0 && h > 0
}

private func worldPixel(_ c: Coordinate, zoom: Double) -> (x: Double, y: Double) {
    let p = WebMercator.pixel(c), s = pow(2, zoom)
    return (p.x * s, p.y * s)
}

private func coordinate(worldX x: Double, y: Double, zoom: Double) -> Coordinate {
    WebMercator.coordinate(x: x / pow(2, zoom), y: y / pow(2, zoom))
}

@Suite struct LayoutTests {
    // A teardrop pin 20 px wide and 30 px tall, tip at the anchor.
    let pin = PixelExtent(left: 10, top: 30, right: 10, bottom: 0)

    func randomRequests(_ n: Int, seed: UInt64) -> [LabelRequest] {
        var rng = SeededRandom(seed: seed)
        return (0..<n).map { i in
            LabelRequest(groupID: "g\(i)", text: "label \(i)",
                         anchor: (.random(in: 0...800, using: &rng), .random(in: 0...600, using: &rng)),
                         pinExtent: pin, size: (.random(in: 20...120, using: &rng), 14),
                         priority: .random(in: 0...5, using: &rng))
        }
    }

    func pinRect(_ r: LabelRequest) -> PixelRect {
        PixelRect(x: r.anchor.x - 10, y: r.anchor.y - 30, width: 20, height: 30)
    }

    @Test func placedLabelsNeverOverlapLabelsOrPins() {
        let requests = randomRequests(400, seed: 1)
        let bounds = PixelRect(x: 0, y: 0, width: 800, height: 600)
        let placed = LabelPlacement.place(requests, obstacles: requests.map(pinRect), bounds: bounds)
        #expect(placed.count > 50 && placed.count < requests.count)  // crowded: some placed, some dropped
        for i in placed.indices {
            for j in placed.indices where j > i { #expect(!overlaps(placed[i].rect, placed[j].rect)) }
        }
        let byID = Dictionary(uniqueKeysWithValues: requests.map { ($0.groupID, $0) })
        for label in placed {
            let own = byID[label.groupID]!
            for r in requests { #expect(!overlaps(label.rect, pinRect(r)), "\(label.groupID) covers \(r.groupID)'s pin") }
            #expect(label.rect.x >= 0 && label.rect.y >= 0 && label.rect.x + label.rect.width <= 800 && label.rect.y + label.rect.height <= 600)
            #expect(label.rect.width == own.size.width && label.text == own.text)
            // Beside its own pin: within the 2 px gap of the pin's box on some side.
            let p = pinRect(own), r = label.rect
            let gapX = max(p.x - (r.x + r.width), r.x - (p.x + p.width)), gapY = max(p.y - (r.y + r.height), r.y - (p.y + p.height))
            #expect(abs(max(gapX, gapY) - 2) < 1e-9)
        }
    }

    @Test func placementIgnoresInputOrder() {
        let requests = randomRequests(300, seed: 2)
        let obstacles = requests.map(pinRect), bounds = PixelRect(x: 0, y: 0, width: 800, height: 600)
        let reference = LabelPlacement.place(requests, obstacles: obstacles, bounds: bounds)
        var rng = SeededRandom(seed: 3)
        for _ in 0..<5 {
            let shuffled = LabelPlacement.place(requests.shuffled(using: &rng), obstacles: obstacles.shuffled(using: &rng), bounds: bounds)
            #expect(shuffled == reference)
        }
    }

    @Test func candidatesInOrderRightLeftAboveBelow() {
        let r = LabelRequest(groupID: "a", text: "A", anchor: (100, 100), pinExtent: pin, size: (40, 10), priority: 0)
        // Head centre: 10 px below the pin's top (70), so left/right labels span y 75…85.
        let right = PixelRect(x: 112, y: 75, width: 40, height: 10), left = PixelRect(x: 48, y: 75, width: 40, height: 10)
        let above = PixelRect(x: 80, y: 58, width: 40, height: 10), below = PixelRect(x: 80, y: 102, width: 40, height: 10)
        #expect(LabelPlacement.place([r], obstacles: [pinRect(r)], bounds: nil).map(\.rect) == [right])
        #expect(LabelPlacement.place([r], obstacles: [right], bounds: nil).map(\.rect) == [left])
        #expect(LabelPlacement.place([r], obstacles: [right, left], bounds: nil).map(\.rect) == [above])
        #expect(LabelPlacement.place([r], obstacles: [right, left, above], bounds: nil).map(\.rect) == [below])
        #expect(LabelPlacement.place([r], obstacles: [right, left, above, below], bounds: nil).isEmpty)
        // Bounds that leave room only below.
        #expect(LabelPlacement.place([r], obstacles: [], bounds: PixelRect(x: 60, y: 70, width: 80, height: 60)).map(\.rect) == [below])
    }

    @Test func higherPriorityWinsAConflict() {
        // Two coincident pins whose bounds leave room for one label, to the right only.
        let bounds = PixelRect(x: 90, y: 60, width: 70, height: 40)
        func request(_ id: String, _ priority: Int) -> LabelRequest {
            LabelRequest(groupID: id, text: id, anchor: (100, 100), pinExtent: pin, size: (40, 10), priority: priority)
        }
        // "z" sorts after "a" by id, so only its priority can make it win.
        let first = LabelPlacement.place([request("a", 1), request("z", 0)], obstacles: [], bounds: bounds)
        #expect(first.map(\.groupID) == ["z"])
        let second = LabelPlacement.place([request("a", 0), request("z", 1)], obstacles: [], bounds: bounds)
        #expect(second.map(\.groupID) == ["a"])
        // Equal priority: the id decides.
        #expect(LabelPlacement.place([request("z", 0), request("a", 0)], obstacles: [], bounds: bounds).map(\.groupID) == ["a"])
    }

    // MARK: Clustering

    let zoom = 10.0, cell = 64.0

    /// A mark at world pixel (x, y) at `zoom`.
    func mark(_ id: String, _ category: String, x: Double, y: Double, priority: Int = 0) -> LayoutMark {
        LayoutMark(id: id, category: category, position: coordinate(worldX: x, y: y, zoom: zoom), label: id, priority: priority)
    }

    @Test func aSingleMarkIsOneGroup() {
        let m = mark("only", "waters", x: 150_000.5, y: 80_000.5)
        let groups = Clustering.cluster([m], zoom: zoom, cellSize: cell)
        #expect(groups.count == 1)
        #expect(groups.first?.isCluster == false)
        #expect(groups.first?.members == [m] && groups.first?.position == m.position && groups.first?.id == "only")
    }

    @Test func twoMarksInOneCellMerge() {
        // Cell (2343, 1250) spans x 149 952…150 016, y 80 000…80 064.
        let a = mark("b-second", "waters", x: 149_960, y: 80_010, priority: 2)
        let b = mark("a-first", "waters", x: 150_010, y: 80_060, priority: 1)
        let groups = Clustering.cluster([a, b], zoom: zoom, cellSize: cell)
        #expect(groups.count == 1)
        let g = groups[0]
        #expect(g.isCluster && g.category == "waters")
        #expect(g.members == [b, a])  // sorted by priority, not id
        #expect(g.id.hasPrefix("cluster:") && g.id.hasSuffix("a-first") && g.id != "a-first")
        #expect(g.position == a.position || g.position == b.position)
    }

    @Test func differentCategoriesNeverMerge() {
        let a = mark("a", "waters", x: 150_000, y: 80_030), b = mark("b", "trips", x: 150_000, y: 80_030)
        let groups = Clustering.cluster([a, b], zoom: zoom, cellSize: cell)
        #expect(groups.count == 2 && groups.allSatisfy { !$0.isCluster })
        #expect(Set(groups.map(\.category)) == ["waters", "trips"])
    }

    @Test func marksInDifferentCellsStayApart() {
        // 6 px apart, on either side of the cell edge at x = 150 016 (= 2344 × 64).
        let a = mark("a", "waters", x: 150_013, y: 80_030), b = mark("b", "waters", x: 150_019, y: 80_030)
        let groups = Clustering.cluster([a, b], zoom: zoom, cellSize: cell)
        #expect(groups.count == 2 && groups.allSatisfy { !$0.isCluster })
    }

    func randomMarks(_ n: Int, seed: UInt64, in box: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> [LayoutMark] {
        var rng = SeededRandom(seed: seed)
        let categories = ["waters", "trips", "camps"]
        return (0..<n).map { i in
            mark(String(format: "m%05d", i), categories[.random(in: 0..<3, using: &rng)],
                 x: .random(in: box.x, using: &rng), y: .random(in: box.y, using: &rng), priority: .random(in: 0...3, using: &rng))
        }
    }

    /// The cell of a group, found from its pin (a member's position lies in the group's cell).
    func cellOf(_ g: MarkGroup) -> (x: Int, y: Int) {
        let p = worldPixel(g.position, zoom: zoom)
        return (Int((p.x / cell).rounded(.down)), Int((p.y / cell).rounded(.down)))
    }

    @Test func fiveThousandMarksEachLandInExactlyOneGroup() {
        let marks = randomMarks(5_000, seed: 4, in: (149_000...151_000, 79_000...81_000))
        let groups = Clustering.cluster(marks, zoom: zoom, cellSize: cell)
        #expect(groups.reduce(0) { $0 + $1.members.count } == 5_000)
        #expect(Set(groups.flatMap { $0.members.map(\.id) }).count == 5_000)
        #expect(Set(groups.map(\.id)).count == groups.count)
        for g in groups {
            let c = cellOf(g)
            #expect(g.members.allSatisfy { m in
                let p = worldPixel(m.position, zoom: zoom)
                return m.category == g.category && Int((p.x / cell).rounded(.down)) == c.x && Int((p.y / cell).rounded(.down)) == c.y
            })
            #expect(g.members == g.members.sorted { ($0.priority, $0.id) < ($1.priority, $1.id) })
        }
        var rng = SeededRandom(seed: 5)
        #expect(Clustering.cluster(marks.shuffled(using: &rng), zoom: zoom, cellSize: cell) == groups)
    }

    @Test func quadrantsWithAOneCellMarginAgreeWithTheWholeRegion() {
        // A region whose edges and middle are not aligned to the 64 px grid.
        let (x0, x1, y0, y1) = (149_003.0, 150_221.0, 79_011.0, 80_117.0)
        let marks = randomMarks(3_000, seed: 6, in: (x0...x1, y0...y1))
        let whole = Clustering.cluster(marks, zoom: zoom, cellSize: cell)
        let (mx, my) = ((x0 + x1) / 2, (y0 + y1) / 2)
        let quadrants = [(x0, mx, y0, my), (mx, x1, y0, my), (x0, mx, my, y1), (mx, x1, my, y1)]
        for (qx0, qx1, qy0, qy1) in quadrants {
            // The cells that touch the quadrant.
            func touches(_ g: MarkGroup) -> Bool {
                let c = cellOf(g)
                return Double(c.x) * cell < qx1 && Double(c.x + 1) * cell > qx0 && Double(c.y) * cell < qy1 && Double(c.y + 1) * cell > qy0
            }
            // What a tile would fetch: its area plus one cell on every side.
            let fetched = marks.filter { m in
                let p = worldPixel(m.position, zoom: zoom)
                return p.x >= qx0 - cell && p.x < qx1 + cell && p.y >= qy0 - cell && p.y < qy1 + cell
            }
            #expect(fetched.count < marks.count)
            let local = Clustering.cluster(fetched, zoom: zoom, cellSize: cell).filter(touches)
            let expected = whole.filter(touches)
            #expect(!expected.isEmpty && expected.contains(where: \.isCluster))
            #expect(local == expected)
        }
    }
}
