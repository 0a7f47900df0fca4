import Foundation
import GeoCore
import Testing
@testable import MapRender

private func worldPixel(_ c: Coordinate, zoom: Double) -> (x: Double, y: Double) {
    let p = WebMercator.pixel(c), s = pow(2, zoom)
    return (p.x * s, p.y * s)
}

private func coordinate(worldX x: Double, y: Double, zoom: Double) -> Coordinate {
    WebMercator.coordinate(x: x / pow(2, zoom), y: y / pow(2, zoom))
}

@Suite struct ClusteringTests {
    let zoom = 10.0, cell = 64.0

    func cluster(_ marks: [LayoutMark]) -> [MarkGroup] {
        Clustering.cluster(marks, cellSize: cell) { worldPixel($0, zoom: zoom) }
    }

    /// A mark at world pixel (x, y) at `zoom`.
    func mark(_ id: String, _ category: String, x: Double, y: Double, priority: Int = 0) -> LayoutMark {
        LayoutMark(id: id, category: category, position: coordinate(worldX: x, y: y, zoom: zoom), label: id, priority: priority)
    }

    @Test func aSingleMarkIsOneGroup() {
        let m = mark("only", "waters", x: 150_000.5, y: 80_000.5)
        let groups = cluster([m])
        #expect(groups.count == 1)
        #expect(groups.first?.isCluster == false)
        #expect(groups.first?.members == [m] && groups.first?.position == m.position && groups.first?.id == "only")
    }

    @Test func twoMarksInOneCellMerge() {
        // Cell (2343, 1250) spans x 149 952…150 016, y 80 000…80 064.
        let a = mark("b-second", "waters", x: 149_960, y: 80_010, priority: 2)
        let b = mark("a-first", "waters", x: 150_010, y: 80_060, priority: 1)
        let groups = cluster([a, b])
        #expect(groups.count == 1)
        let g = groups[0]
        #expect(g.isCluster && g.category == "waters" && g.categories.map(\.code) == ["waters"])
        #expect(g.members == [b, a])  // sorted by priority, not id
        #expect(g.id.hasPrefix("cluster:") && g.id.hasSuffix("a-first") && g.id != "a-first")
        #expect(g.position == a.position || g.position == b.position)
    }

    /// One mark per cell whatever the categories: a cluster never stands on a pin of another category.
    @Test func differentCategoriesMergeIntoOneRing() {
        let a = mark("a", "waters", x: 150_000, y: 80_030, priority: 1), b = mark("b", "trips", x: 150_001, y: 80_031, priority: 0)
        let c = mark("c", "waters", x: 150_002, y: 80_032, priority: 1)
        let groups = cluster([a, b, c])
        #expect(groups.count == 1 && groups[0].members == [b, a, c])
        // The more important member's category names the group; the ring's slices go by count.
        #expect(groups[0].category == "trips")
        #expect(groups[0].categories.map(\.code) == ["waters", "trips"] && groups[0].categories.map(\.count) == [2, 1])
    }

    @Test func marksInDifferentCellsStayApart() {
        // 6 px apart, on either side of the cell edge at x = 150 016 (= 2344 × 64).
        let a = mark("a", "waters", x: 150_013, y: 80_030), b = mark("b", "waters", x: 150_019, y: 80_030)
        let groups = cluster([a, b])
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
        let groups = cluster(marks)
        #expect(groups.reduce(0) { $0 + $1.members.count } == 5_000)
        #expect(Set(groups.flatMap { $0.members.map(\.id) }).count == 5_000)
        #expect(Set(groups.map(\.id)).count == groups.count)
        for g in groups {
            let c = cellOf(g)
            #expect(g.members.allSatisfy { m in
                let p = worldPixel(m.position, zoom: zoom)
                return Int((p.x / cell).rounded(.down)) == c.x && Int((p.y / cell).rounded(.down)) == c.y
            })
            #expect(g.members == g.members.sorted { ($0.priority, $0.id) < ($1.priority, $1.id) })
        }
        var rng = SeededRandom(seed: 5)
        #expect(cluster(marks.shuffled(using: &rng)) == groups)
    }

    @Test func quadrantsWithAOneCellMarginAgreeWithTheWholeRegion() {
        // A region whose edges and middle are not aligned to the 64 px grid.
        let (x0, x1, y0, y1) = (149_003.0, 150_221.0, 79_011.0, 80_117.0)
        let marks = randomMarks(3_000, seed: 6, in: (x0...x1, y0...y1))
        let whole = cluster(marks)
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
            let local = cluster(fetched).filter(touches)
            let expected = whole.filter(touches)
            #expect(!expected.isEmpty && expected.contains(where: \.isCluster))
            #expect(local == expected)
        }
    }
}
