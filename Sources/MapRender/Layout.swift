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
    /// world pixels at `zoom` (world pixel = `WebMercator.pixel(c)` × 2^zoom). The grid is aligned
    /// to the world origin, not to the image, so every tile and every overview at this zoom sees
    /// the same cells, and a group depends only on the marks inside its cell.
    ///
    /// Tile consistency is the caller's duty: fetch marks from at least one cell (plus a pin's
    /// reach) beyond the area drawn. Then every cell that touches the area is complete, and a
    /// group whose pin reaches into the area comes out exactly as in a render of the whole
    /// world. Groups from cells at the margin's outer edge may be incomplete: draw only the pins
    /// that reach into the area.
    ///
    /// Marks whose position has no finite pixel are skipped. Output is sorted by cell (row, then
    /// column) and category.
    public static func cluster(_ marks: [LayoutMark], zoom: Double, cellSize: Double) -> [MarkGroup] {
        precondition(cellSize > 0 && zoom.isFinite, "cellSize must be positive and zoom finite")
        struct Key: Hashable { var row: Int, column: Int, category: String }
        let scale = WebMercator.scale(zoom: zoom)
        var cells: [Key: [(mark: LayoutMark, x: Double, y: Double)]] = [:]
        for mark in marks {
            let p = WebMercator.pixel(mark.position), x = p.x * scale, y = p.y * scale
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
    /// The pixel of the pin's tip in the image.
    public var anchor: (x: Double, y: Double)
    public var pinExtent: PixelExtent
    /// The measured text box, halo included.
    public var size: (width: Double, height: Double)
    /// Lower is more important; ties are broken by `groupID`.
    public var priority: Int

    public init(groupID: String, text: String, anchor: (x: Double, y: Double), pinExtent: PixelExtent,
                size: (width: Double, height: Double), priority: Int) {
        (self.groupID, self.text, self.anchor, self.pinExtent, self.size, self.priority) =
            (groupID, text, anchor, pinExtent, size, priority)
    }

    public var pinRect: PixelRect { PixelRect(anchor: anchor, extent: pinExtent) }
}

public struct PlacedLabel: Hashable, Sendable {
    public var groupID: String
    public var text: String
    public var rect: PixelRect

    public init(groupID: String, text: String, rect: PixelRect) {
        (self.groupID, self.text, self.rect) = (groupID, text, rect)
    }
}

public enum LabelPlacement {
    /// Places labels greedily, most important first (priority, then groupID), each at the first
    /// of four candidates — right of the pin, left, above, below, `gap` pixels beside the pin's
    /// extent — that overlaps no placed label and no obstacle and lies inside `bounds` (if
    /// given). A label with no free candidate is dropped, so labels never overlap by
    /// construction and the least important are the ones lost.
    ///
    /// `obstacles` should hold every drawn pin's rect (`LabelRequest.pinRect`). A label's own pin
    /// never blocks it: every candidate lies beside that pin's rect, touching it at most.
    /// Left/right candidates are centred on the pin's head: the circle as wide as the pin at
    /// its top (a round or point mark: its centre). The result is in placement order.
    public static func place(_ requests: [LabelRequest], obstacles: [PixelRect], bounds: PixelRect?,
                             gap: Double = 2) -> [PlacedLabel] {
        // A total order, so shuffled input gives the same output.
        let order = requests.sorted {
            ($0.priority, $0.groupID, $0.text, $0.anchor.x, $0.anchor.y) < ($1.priority, $1.groupID, $1.text, $1.anchor.x, $1.anchor.y)
        }
        var taken = RectIndex()
        for o in obstacles { taken.insert(o) }
        var placed: [PlacedLabel] = []
        for r in order {
            let (w, h) = r.size, pin = r.pinRect
            let headY = pin.minY + min(pin.width, pin.height) / 2
            let candidates = [
                PixelRect(x: pin.maxX + gap, y: headY - h / 2, width: w, height: h),
                PixelRect(x: pin.minX - gap - w, y: headY - h / 2, width: w, height: h),
                PixelRect(x: pin.midX - w / 2, y: pin.minY - gap - h, width: w, height: h),
                PixelRect(x: pin.midX - w / 2, y: pin.maxY + gap, width: w, height: h),
            ]
            guard w >= 0, h >= 0, candidates.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
            if let rect = candidates.first(where: { (bounds?.contains($0) ?? true) && !taken.intersectsAny($0) }) {
                placed.append(PlacedLabel(groupID: r.groupID, text: r.text, rect: rect))
                taken.insert(rect)
            }
        }
        return placed
    }
}

/// Rects bucketed in a coarse grid, so a candidate is tested only against its neighbours:
/// placement stays near-linear for a thousand pins instead of quadratic.
private struct RectIndex {
    struct Cell: Hashable { var x: Int, y: Int }
    static let cellSize = 64.0, maxCells = 256
    var rects: [PixelRect] = []
    var buckets: [Cell: [Int]] = [:]
    var oversized: [Int] = []  // huge or non-finite rects: tested against every query

    /// The cells `r` covers; nil when too many (or not finite) to bucket.
    static func cells(_ r: PixelRect) -> [Cell]? {
        guard let x0 = Int(exactly: (r.minX / cellSize).rounded(.down)), let x1 = Int(exactly: (r.maxX / cellSize).rounded(.down)),
              let y0 = Int(exactly: (r.minY / cellSize).rounded(.down)), let y1 = Int(exactly: (r.maxY / cellSize).rounded(.down)),
              x1 >= x0, y1 >= y0, (x1 - x0 + 1) * (y1 - y0 + 1) <= maxCells else { return nil }
        return (y0...y1).flatMap { y in (x0...x1).map { Cell(x: $0, y: y) } }
    }

    mutating func insert(_ r: PixelRect) {
        rects.append(r)
        guard let cells = Self.cells(r) else { return oversized.append(rects.count - 1) }
        for c in cells { buckets[c, default: []].append(rects.count - 1) }
    }

    /// Two rects sharing interior share a point, and so a cell: checking shared cells suffices.
    func intersectsAny(_ r: PixelRect) -> Bool {
        if oversized.contains(where: { rects[$0].intersects(r) }) { return true }
        guard let cells = Self.cells(r) else { return rects.contains { $0.intersects(r) } }
        return cells.contains { buckets[$0]?.contains { rects[$0].intersects(r) } ?? false }
    }
}
