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
        let grid = ClusterGrid(count: marks.count, cellSize: cellSize, position: { worldPixel(marks[$0].position) },
                               category: { marks[$0].category }, mark: { marks[$0] })
        return grid.cells.indices.sorted { (grid.cells[$0].row, grid.cells[$0].column) < (grid.cells[$1].row, grid.cells[$1].column) }
            .flatMap { grid.groups(inCell: $0).map(\.group) }
    }
}

/// Marks bucketed by the cells of the clustering grid; a cell's groups are formed the first
/// time they are asked for, so a tile handed thousands of marks for its margin clusters only
/// the cells its layout looks at. Occupied cells are numbered 0..<cellCount, so callers can
/// keep what they learn of a cell in an array.
final class ClusterGrid {
    struct Cell: Hashable { var row: Int, column: Int }
    /// A group and the world pixel of its pin's tip.
    struct Placed { let group: MarkGroup; let tip: (x: Double, y: Double) }

    let cellSize: Double
    /// Items by number: their world pixels, their categories, and the marks made of them when
    /// their cell is formed (a tile's margin holds thousands it never needs as marks).
    private var positions: [(item: Int, x: Double, y: Double)] = []
    private let category: (Int) -> String
    private let mark: (Int) -> LayoutMark
    private(set) var cells: [Cell] = []
    private var members: [[Int]] = []
    private var formed: [[Placed]?] = []
    private var numbers: CellTable

    /// Items `0..<count`; `position` gives an item's world pixel, nil to leave it out.
    /// - Parameter area: when given, items outside it (world pixels) are left out.
    init(count: Int, cellSize: Double, area: PixelRect? = nil, position: (Int) -> (x: Double, y: Double)?,
         category: @escaping (Int) -> String, mark: @escaping (Int) -> LayoutMark) {
        precondition(cellSize > 0, "cellSize must be positive")
        (self.cellSize, self.category, self.mark) = (cellSize, category, mark)
        numbers = CellTable(capacity: count)
        for item in 0..<count {
            guard let (x, y) = position(item) else { continue }
            if let area, !(x >= area.minX && x <= area.maxX && y >= area.minY && y <= area.maxY) { continue }
            guard let cell = Self.cell(x: x, y: y, size: cellSize) else { continue }  // NaN or out of range
            let number = numbers.number(of: cell) ?? {
                numbers.insert(cell, number: cells.count)
                cells.append(cell)
                members.append([])
                return cells.count - 1
            }()
            members[number].append(positions.count)
            positions.append((item, x, y))
        }
        formed = Array(repeating: nil, count: cells.count)
    }

    var cellCount: Int { cells.count }

    /// The cell of a world pixel; nil when not finite. Int(exactly:) rejects NaN and
    /// out-of-range values instead of trapping.
    static func cell(x: Double, y: Double, size: Double) -> Cell? {
        guard let column = Int(exactly: (x / size).rounded(.down)), let row = Int(exactly: (y / size).rounded(.down)) else { return nil }
        return Cell(row: row, column: column)
    }

    /// Calls `body` with the number of each occupied cell whose area meets `rect` (world
    /// pixels), without allocating: label placement asks this for every spot it tries.
    func forEachCell(meeting rect: PixelRect, _ body: (Int) -> Void) {
        guard let a = Self.cell(x: rect.minX, y: rect.minY, size: cellSize), let b = Self.cell(x: rect.maxX, y: rect.maxY, size: cellSize) else { return }
        let rows = b.row.subtractingReportingOverflow(a.row), columns = b.column.subtractingReportingOverflow(a.column)
        let area = (rows.partialValue &+ 1).multipliedReportingOverflow(by: columns.partialValue &+ 1)
        guard !rows.overflow, !columns.overflow, !area.overflow, area.partialValue <= cells.count else {
            // A rect wider than the marks: walk the marks' cells instead of the rect's.
            for (number, c) in cells.enumerated() where (a.row...b.row).contains(c.row) && (a.column...b.column).contains(c.column) { body(number) }
            return
        }
        for row in a.row...b.row {
            for column in a.column...b.column {
                if let number = numbers.number(of: Cell(row: row, column: column)) { body(number) }
            }
        }
    }

    /// The groups of one cell, one per category, by category.
    func groups(inCell number: Int) -> [Placed] {
        if let known = formed[number] { return known }
        let entries = members[number].map { p in (mark: mark(positions[p].item), x: positions[p].x, y: positions[p].y) }
        let groups = Dictionary(grouping: entries, by: \.mark.category).sorted { $0.key < $1.key }.map { category, entries in
            let sorted = entries.sorted { LayoutMark.precedes($0.mark, $1.mark) }
            // Summing in the members' own order keeps the mean bit-identical in every tile.
            let n = Double(sorted.count)
            let mx = sorted.reduce(0) { $0 + $1.x } / n, my = sorted.reduce(0) { $0 + $1.y } / n
            var best = sorted[0], bestDistance = Double.infinity
            for e in sorted {
                let d = (e.x - mx) * (e.x - mx) + (e.y - my) * (e.y - my)
                if d < bestDistance { (best, bestDistance) = (e, d) }  // strict: ties keep the earlier member
            }
            return Placed(group: MarkGroup(category: category, members: sorted.map(\.mark), position: best.mark.position), tip: (best.x, best.y))
        }
        formed[number] = groups
        return groups
    }
}

/// Cell → number, by open addressing with a cheap hash: placement looks cells up tens of
/// thousands of times per image, where a Dictionary's SipHash cost more than the rest.
struct CellTable {
    private var keys: [ClusterGrid.Cell?]
    private var values: [Int]
    private var count = 0
    private var mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = Array(repeating: nil, count: size)
        values = Array(repeating: 0, count: size)
        mask = size - 1
    }

    private func slot(_ c: ClusterGrid.Cell) -> Int {
        var h = UInt64(bitPattern: Int64(c.row)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(c.column)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    func number(of c: ClusterGrid.Cell) -> Int? {
        var i = slot(c)
        while let key = keys[i] {
            if key == c { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    mutating func insert(_ c: ClusterGrid.Cell, number: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(c)
        while keys[i] != nil { i = (i + 1) & mask }
        keys[i] = c
        values[i] = number
        count += 1
    }

    private mutating func grow() {
        let old = zip(keys, values).compactMap { k, v in k.map { ($0, v) } }
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        mask = keys.count - 1
        count = 0
        for (k, v) in old { insert(k, number: v) }
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
/// every spot a more important label of (3) could take. Of two labels wanting the same first
/// spot the more important keeps it; a label that lost its first spot may lose its other spots
/// to a less important winner (deciding that too would chain decisions across the map). A
/// decision depends on pins and labels at most `dependencyReach` away, which gives the margin a
/// tile needs (`AnnotationLayout.margin`).
public enum LabelPlacement {
    /// How far, per axis and in multiples of a label's reach, one decision looks: its own spots
    /// (1), the labels whose spots meet them (2), their winning status (2 more), their pins (1).
    static let dependencyReach = 6.0

    /// The labels drawn, in order of importance. `measure` gives the text to draw (perhaps
    /// shortened) and its box, halo included, no larger than `maxSize`. With a `window`, only
    /// labels that reach into it are decided and returned, and only the labels near it measured.
    public static func place(_ requests: [LabelRequest], pins: [PixelRect], obstacles: [PixelRect] = [],
                             bounds: PixelRect? = nil, window: PixelRect? = nil, maxSize: (width: Double, height: Double),
                             gap: Double = 2, measure: @escaping (String) -> (text: String, width: Double, height: Double)) -> [PlacedLabel] {
        let requests = requests.filter { $0.anchor.x.isFinite && $0.anchor.y.isFinite }
        let pinReach = requests.reduce(PixelExtent.point) { r, q in
            PixelExtent(left: max(r.left, q.pinExtent.left), top: max(r.top, q.pinExtent.top),
                        right: max(r.right, q.pinExtent.right), bottom: max(r.bottom, q.pinExtent.bottom))
        }
        let reach = LabelRequest.reach(pinReach, size: maxSize, gap: gap)
        var blockers = RectIndex(), anchors: [RectIndex.Cell: [Int]] = [:]
        for p in pins + obstacles { blockers.insert(p) }
        for (i, r) in requests.enumerated() { anchors[RectIndex.cell(x: r.anchor.x, y: r.anchor.y), default: []].append(i) }
        let near = { (rect: PixelRect) -> [Int] in
            let area = PixelRect(x: rect.x - reach.x, y: rect.y - reach.y, width: rect.width + 2 * reach.x, height: rect.height + 2 * reach.y)
            guard let cells = RectIndex.cells(area) else { return Array(requests.indices) }
            return cells.flatMap { anchors[$0] ?? [] }
        }
        let neighbourhood = Neighbourhood(requestsNear: near, request: { requests[$0] }, isBlocked: blockers.intersectsAny)
        return place(window.map(near) ?? Array(requests.indices), in: neighbourhood, bounds: bounds, window: window,
                     maxSize: maxSize, gap: gap, measure: measure)
    }

    /// What placement asks of the map around a place: the requests whose spots may reach it
    /// (an index always denotes the same request), and whether a pin or obstacle covers it.
    /// `AnnotationLayout` answers from the cluster grid, forming only the cells it is asked about.
    struct Neighbourhood {
        var requestsNear: (PixelRect) -> [Int]
        var request: (Int) -> LabelRequest
        var isBlocked: (PixelRect) -> Bool
    }

    /// Decides the labels of `wanted` (request indices).
    static func place(_ wanted: [Int], in neighbourhood: Neighbourhood, bounds: PixelRect?, window: PixelRect?,
                      maxSize: (width: Double, height: Double), gap: Double,
                      measure: @escaping (String) -> (text: String, width: Double, height: Double)) -> [PlacedLabel] {
        var solver = Solver(map: neighbourhood, bounds: bounds, gap: gap, maxSize: maxSize, measure: measure)
        return wanted.sorted { solver.precedes($0, $1) }.compactMap { i in
            // A label none of whose free spots reaches the window needs no decision.
            if let window, !solver.free(i).contains(where: { $0.intersects(window) }) { return nil }
            guard let rect = solver.place(i), window.map({ rect.intersects($0) }) ?? true else { return nil }
            return PlacedLabel(groupID: solver.map.request(i).groupID, text: solver.measured(i).text, rect: rect)
        }
    }

    /// The rules above, each answer computed once and only when asked for. Importance is
    /// compared only between neighbours, as asked: a tile has thousands of requests in its
    /// margin but decides few.
    private struct Solver {
        let map: Neighbourhood
        let bounds: PixelRect?
        let gap: Double
        let maxSize: (width: Double, height: Double)
        let measure: (String) -> (text: String, width: Double, height: Double)
        var sizes: [Int: (text: String, width: Double, height: Double)] = [:]
        var freeSpots: [Int: [PixelRect]] = [:]
        var winners: [Int: Bool] = [:]

        init(map: Neighbourhood, bounds: PixelRect?, gap: Double, maxSize: (width: Double, height: Double),
             measure: @escaping (String) -> (text: String, width: Double, height: Double)) {
            (self.map, self.bounds, self.gap, self.maxSize, self.measure) = (map, bounds, gap, maxSize, measure)
        }

        /// Whether request `a` is more important than `b`: a total order, so that shuffled input
        /// gives the same output.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let x = map.request(a), y = map.request(b)
            if x.priority != y.priority { return x.priority < y.priority }
            if x.groupID != y.groupID { return x.groupID < y.groupID }
            return (x.text, x.anchor.x, x.anchor.y, a) < (y.text, y.anchor.x, y.anchor.y, b)
        }

        mutating func measured(_ i: Int) -> (text: String, width: Double, height: Double) {
            if let size = sizes[i] { return size }
            let m = measure(map.request(i).text)
            let size = (m.text, min(m.width, maxSize.width), min(m.height, maxSize.height))
            sizes[i] = size
            return size
        }

        mutating func free(_ i: Int) -> [PixelRect] {
            if let spots = freeSpots[i] { return spots }
            let size = measured(i)
            let spots = map.request(i).candidates(width: size.width, height: size.height, gap: gap).filter { spot in
                (bounds?.contains(spot) ?? true) && !map.isBlocked(spot)
            }
            freeSpots[i] = spots
            return spots
        }

        mutating func wins(_ i: Int) -> Bool {
            if let known = winners[i] { return known }
            guard let first = free(i).first else { winners[i] = false; return false }
            var wins = true
            for j in map.requestsNear(first) where j != i && precedes(j, i) {
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
                for j in map.requestsNear(spot) where j != i {
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
