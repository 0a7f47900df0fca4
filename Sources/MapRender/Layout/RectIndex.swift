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
