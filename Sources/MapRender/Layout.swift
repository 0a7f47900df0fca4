import Foundation
import GeoCore

// Decluttering: which pins merge into clusters, and where their labels go. Pure geometry, no
// drawing, so the renderer, the tile server and the tests all see the same layout.

// MARK: - Clustering

/// A thing the map may draw as a pin.
public struct LayoutMark: Hashable, Sendable {
    public var id: String
    public var category: String
    public var position: Coordinate
    public var label: String?
    /// Lower is more important; ties are broken by `id`.
    public var priority: Int

    public init(id: String, category: String, position: Coordinate, label: String? = nil, priority: Int = 0) {
        (self.id, self.category, self.position, self.label, self.priority) = (id, category, position, label, priority)
    }

    /// The total order used everywhere: (priority, id), then the remaining fields, so that even
    /// duplicate ids cannot make the result depend on input order.
    static func precedes(_ a: LayoutMark, _ b: LayoutMark) -> Bool {
        (a.priority, a.id, a.position.lat, a.position.lon, a.label ?? "") <
            (b.priority, b.id, b.position.lat, b.position.lon, b.label ?? "")
    }
}

/// One pin on the map: a single mark, or a cluster of marks of one category.
public struct MarkGroup: Hashable, Sendable {
    public var category: String
    /// Never empty; sorted by (priority, id), so the first is the most important.
    public var members: [LayoutMark]
    /// Where the pin stands: a single mark's own position; for a cluster, the member nearest
    /// the members' mean — a real place, inside the cell, depending only on the members.
    public var position: Coordinate
    public var isCluster: Bool { members.count > 1 }
    /// Stable for the same members: the first member's id, prefixed "cluster:" for clusters.
    public var id: String { isCluster ? "cluster:" + members[0].id : members[0].id }

    public init(category: String, members: [LayoutMark], position: Coordinate) {
        (self.category, self.members, self.position) = (category, members, position)
    }
}

public enum Clustering {
    /// Merges marks of the same category that fall into the same square cell of `cellSize`
    /// pixels of the map's world plane (`worldPixel`, e.g. `Viewport.worldPixel`). The grid is
    /// fixed to the world, not to the image, so every tile and every overview at one zoom sees
    /// the same cells, and a group depends only on the marks inside its cell: given the marks
    /// of a cell and its neighbourhood, a tile computes the same groups as the whole world.
    ///
    /// Marks whose position has no finite pixel are skipped. Output is sorted by cell (row, then
    /// column) and category.
    public static func cluster(_ marks: [LayoutMark], cellSize: Double,
                               worldPixel: (Coordinate) -> (x: Double, y: Double)) -> [MarkGroup] {
        precondition(cellSize > 0, "cellSize must be positive")
        struct Key: Hashable { var row: Int, column: Int, category: String }
        var cells: [Key: [(mark: LayoutMark, x: Double, y: Double)]] = [:]
        for mark in marks {
            let (x, y) = worldPixel(mark.position)
            // Int(exactly:) rejects NaN and out-of-range values instead of trapping.
            guard let column = Int(exactly: (x / cellSize).rounded(.down)),
                  let row = Int(exactly: (y / cellSize).rounded(.down)) else { continue }
            cells[Key(row: row, column: column, category: mark.category), default: []].append((mark, x, y))
        }
        return cells.sorted { ($0.key.row, $0.key.column, $0.key.category) < ($1.key.row, $1.key.column, $1.key.category) }
            .map { key, entries in
                let sorted = entries.sorted { LayoutMark.precedes($0.mark, $1.mark) }
                // Summing in the members' own order keeps the mean bit-identical in every tile.
                let n = Double(sorted.count)
                let mx = sorted.reduce(0) { $0 + $1.x } / n, my = sorted.reduce(0) { $0 + $1.y } / n
                var best = sorted[0], bestDistance = Double.infinity
                for e in sorted {
                    let d = (e.x - mx) * (e.x - mx) + (e.y - my) * (e.y - my)
                    if d < bestDistance { (best, bestDistance) = (e, d) }  // strict: ties keep the earlier member
                }
                return MarkGroup(category: key.category, members: sorted.map(\.mark), position: best.mark.position)
            }
    }
}

// MARK: - Label placement

/// An axis-aligned rectangle in image pixels, top-left origin.
public struct PixelRect: Hashable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The box a mark anchored at `anchor` covers when it reaches as far as `extent`.
    public init(anchor: (x: Double, y: Double), extent: PixelExtent) {
        self.init(x: anchor.x - extent.left, y: anchor.y - extent.top,
                  width: extent.left + extent.right, height: extent.top + extent.bottom)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// True when the two share interior area. Rects that only touch along an edge do not
    /// intersect, so a label may sit flush against its pin or a neighbour.
    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

/// A label the renderer would like to draw beside a pin.
public struct LabelRequest: Sendable {
    public var groupID: String
    public var text: String
    /// The pixel of the pin's tip.
    public var anchor: (x: Double, y: Double)
    public var pinExtent: PixelExtent
    /// Lower is more important; ties are broken by `groupID`.
    public var priority: Int

    public init(groupID: String, text: String, anchor: (x: Double, y: Double), pinExtent: PixelExtent, priority: Int) {
        (self.groupID, self.text, self.anchor, self.pinExtent, self.priority) = (groupID, text, anchor, pinExtent, priority)
    }

    public var pinRect: PixelRect { PixelRect(anchor: anchor, extent: pinExtent) }

    /// Where the label may go, in order of preference: right of the pin, left, above, below,
    /// `gap` pixels beside the pin's extent. Left and right are centred on the pin's head (the
    /// circle as wide as the pin at its top; for a round or point mark, its centre).
    func candidates(width w: Double, height h: Double, gap: Double) -> [PixelRect] {
        let pin = pinRect, headY = pin.minY + min(pin.width, pin.height) / 2
        return [
            PixelRect(x: pin.maxX + gap, y: headY - h / 2, width: w, height: h),
            PixelRect(x: pin.minX - gap - w, y: headY - h / 2, width: w, height: h),
            PixelRect(x: pin.midX - w / 2, y: pin.minY - gap - h, width: w, height: h),
            PixelRect(x: pin.midX - w / 2, y: pin.maxY + gap, width: w, height: h),
        ]
    }

    /// How far any candidate reaches from the anchor, for labels up to `size`.
    static func reach(_ pin: PixelExtent, size: (width: Double, height: Double), gap: Double) -> (x: Double, y: Double) {
        (max(pin.left, pin.right) + gap + size.width, max(pin.top, pin.bottom) + gap + size.height)
    }
}

public struct PlacedLabel: Hashable, Sendable {
    public var groupID: String
    public var text: String
    public var rect: PixelRect

    public init(groupID: String, text: String, rect: PixelRect) {
        (self.groupID, self.text, self.rect) = (groupID, text, rect)
    }
}

/// Where labels go, decided locally so that tiles agree with each other and with overviews.
///
/// Greedy placement (each label in turn takes the first free spot) lets one label's choice push
/// the next, and that the next, without bound: no margin a tile could fetch would make it agree
/// with its neighbour. Here each decision looks only a bounded distance away:
///
/// 1. A label's **free** spots are its candidates that overlap no pin and no obstacle and lie
///    inside `bounds` (if any). Its **first** spot is the first free one.
/// 2. A label **wins** when no more important label's first spot overlaps its first spot. A
///    winner is drawn at its first spot.
/// 3. Any other label is drawn at the first free spot that overlaps no winner's first spot and
///    no free spot of a more important non-winner; failing that it is dropped.
///
/// No two drawn labels overlap: winners by (2); a label of (3) keeps off every winner and off
/// every spot a more important label of (3) could take. The least important labels are the ones
/// lost. A decision depends on pins and labels at most `dependencyReach` away, which gives the
/// margin a tile needs (`AnnotationLayout.margin`).
public enum LabelPlacement {
    /// How far, per axis and in multiples of a label's reach, one decision looks: its own spots
    /// (1), the labels whose spots meet them (2), their winning status (2 more), their pins (1).
    static let dependencyReach = 6.0

    /// The labels drawn, in order of importance. `measure` gives the text to draw (perhaps
    /// shortened) and its box, halo included, no larger than `maxSize`; it is called only for
    /// labels near `window`, so a tile measures few. With a `window`, only labels that reach
    /// into it are decided and returned.
    public static func place(_ requests: [LabelRequest], pins: [PixelRect], obstacles: [PixelRect] = [],
                             bounds: PixelRect? = nil, window: PixelRect? = nil, maxSize: (width: Double, height: Double),
                             gap: Double = 2, measure: @escaping (String) -> (text: String, width: Double, height: Double)) -> [PlacedLabel] {
        var solver = Solver(requests: requests, blockers: pins + obstacles, bounds: bounds, maxSize: maxSize, gap: gap, measure: measure)
        let wanted = window.map { solver.requests(near: $0) } ?? Array(solver.order.indices)
        return wanted.sorted { solver.precedes($0, $1) }.compactMap { i in
            guard let rect = solver.place(i), window.map({ rect.intersects($0) }) ?? true else { return nil }
            return PlacedLabel(groupID: solver.order[i].groupID, text: solver.measured(i).text, rect: rect)
        }
    }

    /// The rules above, each answer computed once and only when asked for. Importance is
    /// compared only between neighbours, as asked: a tile has thousands of requests in its
    /// margin but decides few.
    private struct Solver {
        let order: [LabelRequest]
        let blockers: RectIndex
        let bounds: PixelRect?
        let gap: Double
        let reach: (x: Double, y: Double)
        let measure: (String) -> (text: String, width: Double, height: Double)
        let maxSize: (width: Double, height: Double)
        /// Request indices by the grid cell of their anchor.
        var anchors: [RectIndex.Cell: [Int]] = [:]
        var sizes: [Int: (text: String, width: Double, height: Double)] = [:]
        var freeSpots: [Int: [PixelRect]] = [:]
        var winners: [Int: Bool] = [:]

        init(requests: [LabelRequest], blockers: [PixelRect], bounds: PixelRect?, maxSize: (width: Double, height: Double),
             gap: Double, measure: @escaping (String) -> (text: String, width: Double, height: Double)) {
            order = requests.filter { $0.anchor.x.isFinite && $0.anchor.y.isFinite }
            var index = RectIndex()
            for b in blockers { index.insert(b) }
            self.blockers = index
            (self.bounds, self.gap, self.maxSize, self.measure) = (bounds, gap, maxSize, measure)
            let pinReach = order.reduce(PixelExtent.point) { r, q in
                PixelExtent(left: max(r.left, q.pinExtent.left), top: max(r.top, q.pinExtent.top),
                            right: max(r.right, q.pinExtent.right), bottom: max(r.bottom, q.pinExtent.bottom))
            }
            reach = LabelRequest.reach(pinReach, size: maxSize, gap: gap)
            for (i, r) in order.enumerated() {
                anchors[RectIndex.cell(x: r.anchor.x, y: r.anchor.y), default: []].append(i)
            }
        }

        /// Whether request `a` is more important than `b`: a total order, so that shuffled input
        /// gives the same output.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let x = order[a], y = order[b]
            if x.priority != y.priority { return x.priority < y.priority }
            if x.groupID != y.groupID { return x.groupID < y.groupID }
            return (x.text, x.anchor.x, x.anchor.y, a) < (y.text, y.anchor.x, y.anchor.y, b)
        }

        /// The requests whose spots may overlap `rect`.
        func requests(near rect: PixelRect) -> [Int] {
            let area = PixelRect(x: rect.x - reach.x, y: rect.y - reach.y, width: rect.width + 2 * reach.x, height: rect.height + 2 * reach.y)
            guard let cells = RectIndex.cells(area) else { return Array(order.indices) }
            return cells.flatMap { anchors[$0] ?? [] }
        }

        mutating func measured(_ i: Int) -> (text: String, width: Double, height: Double) {
            if let size = sizes[i] { return size }
            let m = measure(order[i].text)
            let size = (m.text, min(m.width, maxSize.width), min(m.height, maxSize.height))
            sizes[i] = size
            return size
        }

        mutating func free(_ i: Int) -> [PixelRect] {
            if let spots = freeSpots[i] { return spots }
            let size = measured(i)
            let spots = order[i].candidates(width: size.width, height: size.height, gap: gap).filter { spot in
                (bounds?.contains(spot) ?? true) && !blockers.intersectsAny(spot)
            }
            freeSpots[i] = spots
            return spots
        }

        mutating func wins(_ i: Int) -> Bool {
            if let known = winners[i] { return known }
            guard let first = free(i).first else { winners[i] = false; return false }
            var wins = true
            for j in requests(near: first) where precedes(j, i) {
                if let other = free(j).first, other.intersects(first) { wins = false; break }
            }
            winners[i] = wins
            return wins
        }

        mutating func place(_ i: Int) -> PixelRect? {
            let spots = free(i)
            guard let first = spots.first else { return nil }
            if wins(i) { return first }
            spotLoop: for spot in spots {
                for j in requests(near: spot) where j != i {
                    if wins(j) {
                        if free(j)[0].intersects(spot) { continue spotLoop }
                    } else if precedes(j, i), free(j).contains(where: { $0.intersects(spot) }) {
                        continue spotLoop
                    }
                }
                return spot
            }
            return nil
        }
    }
}

/// Rects bucketed in a coarse grid, so a candidate is tested only against its neighbours:
/// placement stays near-linear for thousands of pins instead of quadratic.
struct RectIndex {
    struct Cell: Hashable { var x: Int, y: Int }
    static let cellSize = 64.0, maxCells = 4096
    var rects: [PixelRect] = []
    var buckets: [Cell: [Int]] = [:]
    var oversized: [Int] = []  // huge or non-finite rects: tested against every query

    static func cell(x: Double, y: Double) -> Cell {
        Cell(x: Int(exactly: (x / cellSize).rounded(.down)) ?? 0, y: Int(exactly: (y / cellSize).rounded(.down)) ?? 0)
    }

    /// The ranges of cells `r` covers; nil when more than `limit` (or not finite).
    static func cellRange(_ r: PixelRect, limit: Int = maxCells) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        guard let x0 = Int(exactly: (r.minX / cellSize).rounded(.down)), let x1 = Int(exactly: (r.maxX / cellSize).rounded(.down)),
              let y0 = Int(exactly: (r.minY / cellSize).rounded(.down)), let y1 = Int(exactly: (r.maxY / cellSize).rounded(.down)),
              x1 >= x0, y1 >= y0, (x1 - x0 + 1) * (y1 - y0 + 1) <= limit else { return nil }
        return (x0...x1, y0...y1)
    }

    /// The cells `r` covers; nil when too many (or not finite) to bucket.
    static func cells(_ r: PixelRect) -> [Cell]? {
        cellRange(r).map { range in range.y.flatMap { y in range.x.map { Cell(x: $0, y: y) } } }
    }

    mutating func insert(_ r: PixelRect) {
        rects.append(r)
        guard let range = Self.cellRange(r, limit: 16) else { return oversized.append(rects.count - 1) }
        for y in range.y { for x in range.x { buckets[Cell(x: x, y: y), default: []].append(rects.count - 1) } }
    }

    /// Two rects sharing interior share a point, and so a cell: checking shared cells suffices.
    func intersectsAny(_ r: PixelRect) -> Bool {
        if oversized.contains(where: { rects[$0].intersects(r) }) { return true }
        guard let range = Self.cellRange(r) else { return rects.contains { $0.intersects(r) } }
        for y in range.y {
            for x in range.x {
                if let bucket = buckets[Cell(x: x, y: y)], bucket.contains(where: { rects[$0].intersects(r) }) { return true }
            }
        }
        return false
    }
}
