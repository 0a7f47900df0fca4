/// A finished map's marks, which may step aside for a base name placed before the places' names
/// (a street's name along its line, in a core where every block has a dot or a ring; a town's
/// name among the pins of its cafés).
///
/// A dot or ring may move inside its cell, as `MarkForms` draws it, so it still meets no mark
/// of another cell: a ring anywhere in its cell (it stands for the places of the whole cell), a
/// single place's dot at most `dotShift` from where it was (it marks one address). A pin
/// becomes its place's dot, which then moves as a dot does. A name is placed only when every
/// mark it meets can move off it and off the names placed before, `MarkForms.gap` from every
/// other mark.
struct MarkRoom {
    /// The marks, in image pixels, as they stand now.
    private(set) var marks: [AnnotationLayout.Mark]
    /// Each mark's look once it moves (a pin's: its dot), and the anchors allowed for it
    /// (inside its cell and, if it was, the image; image pixels); nil where there is no room.
    private let moves: [(look: PinLook, range: PixelRect)?]
    private var index: [RectIndex.Cell: [Int]] = [:]
    private var names = RectIndex()
    /// What no moved mark may meet: the furniture, and the marks beyond the image (by the gap).
    private var kept = RectIndex()
    /// Whole-pixel steps from a mark's anchor, nearest first, with their squared lengths: the
    /// anchors a move tries. Made at the first move: most maps never move a mark.
    private var steps: [(dx: Double, dy: Double, d: Double)]?
    /// Which marks have moved.
    private(set) var moved: Set<Int> = []

    /// The farthest a single place's dot moves from where it was.
    static let dotShift = 6.0

    /// - Parameters:
    ///   - cells: each mark's cell (image pixels): what a dot or ring stays inside.
    ///   - bounds: the image: a mark inside it stays inside.
    ///   - beyond: the ink of the marks of the same cells that lie beyond the image, which stay.
    ///   - dot: a category's dot, which a pin becomes.
    init(marks: [AnnotationLayout.Mark], cells: [PixelRect], bounds: PixelRect, beyond: [PixelRect], dot: (String) -> PinLook) {
        self.marks = marks
        let inset = MarkForms.gap / 2
        func meet(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
            PixelRect(x: max(a.minX, b.minX), y: max(a.minY, b.minY), width: min(a.maxX, b.maxX) - max(a.minX, b.minX), height: min(a.maxY, b.maxY) - max(a.minY, b.minY))
        }
        moves = zip(marks, cells).map { mark, cell in
            let look = mark.look.shape == .teardrop ? dot(mark.group.category) : mark.look
            let reach = look.inkReach
            func within(_ r: PixelRect, by inset: Double) -> PixelRect {
                PixelRect(x: r.minX + inset + reach.left, y: r.minY + inset + reach.top,
                          width: r.width - 2 * inset - reach.left - reach.right, height: r.height - 2 * inset - reach.top - reach.bottom)
            }
            var range = within(cell, by: inset)
            if bounds.contains(mark.rect) { range = meet(range, within(bounds, by: 0)) }
            if !mark.group.isCluster {
                range = meet(range, PixelRect(x: mark.anchor.x - Self.dotShift, y: mark.anchor.y - Self.dotShift, width: 2 * Self.dotShift, height: 2 * Self.dotShift))
            }
            return range.width >= 0 && range.height >= 0 ? (look, range) : nil
        }
        for r in beyond { kept.insert(r.grown(by: MarkForms.gap)) }
        for i in marks.indices { insert(i) }
    }

    /// How far a mark may go at most: across the widest range (a mark moved to one side of its
    /// range may move again to the other).
    private static func reach(_ moves: [(look: PinLook, range: PixelRect)?]) -> Double {
        moves.reduce(0.0) { r, move in max(r, move?.range.width ?? 0, move?.range.height ?? 0) }
    }

    /// The steps within `reach`, nearest first; among equals, row by row.
    private static func steps(within reach: Double) -> [(dx: Double, dy: Double, d: Double)] {
        let side = Int(min(reach, 256).rounded(.up))
        var steps: [(dx: Double, dy: Double, d: Double)] = []
        for dy in -side...side {
            for dx in -side...side { steps.append((Double(dx), Double(dy), Double(dx * dx + dy * dy))) }
        }
        steps.sort { a, b in a.d != b.d ? a.d < b.d : a.dy != b.dy ? a.dy < b.dy : a.dx < b.dx }
        return steps
    }

    /// Keeps every move off `rects` (the legend, the scale bar, the credits).
    mutating func reserve(_ rects: [PixelRect]) {
        for r in rects { kept.insert(r) }
    }

    private mutating func insert(_ i: Int) {
        guard let range = RectIndex.cellRange(marks[i].rect, limit: 16) else { return }
        for y in range.y { for x in range.x { index[RectIndex.Cell(x: x, y: y), default: []].append(i) } }
    }

    private mutating func remove(_ i: Int) {
        guard let range = RectIndex.cellRange(marks[i].rect, limit: 16) else { return }
        for y in range.y { for x in range.x { index[RectIndex.Cell(x: x, y: y)]?.removeAll { $0 == i } } }
    }

    /// The marks whose ink meets `rect` (grown by `by`), each once.
    private func meeting(_ rect: PixelRect, grownBy by: Double = 0) -> [Int] {
        guard let range = RectIndex.cellRange(rect.grown(by: by + 0.5)) else { return Array(marks.indices.filter { marks[$0].rect.grown(by: by).intersects(rect) }) }
        var found: [Int] = []
        for y in range.y {
            for x in range.x {
                for i in index[RectIndex.Cell(x: x, y: y)] ?? [] where !found.contains(i) && marks[i].rect.grown(by: by).intersects(rect) { found.append(i) }
            }
        }
        return found
    }

    /// Whether `boxes` (a name's) can be had: free of marks, or freed by moving the marks they
    /// meet. When they can, the moves are made and the boxes kept clear from then on.
    mutating func clear(_ boxes: [PixelRect]) -> Bool {
        var toMove: [Int] = []
        for box in boxes { for i in meeting(box) where !toMove.contains(i) { toMove.append(i) } }
        guard toMove.allSatisfy({ moves[$0] != nil }) else { return false }
        let before = toMove.map { marks[$0] }
        for i in toMove { remove(i) }
        var done: [Int] = []
        for i in toMove {
            guard let (look, anchor) = newAnchor(i, keepingOff: boxes) else {
                // Put back what moved, as it was.
                for j in done { remove(j) }
                for (j, mark) in zip(toMove, before) { marks[j] = mark }
                for j in toMove { insert(j) }
                return false
            }
            marks[i] = AnnotationLayout.Mark(group: marks[i].group, look: look, anchor: anchor, rect: look.inkRect(at: anchor))
            insert(i)
            done.append(i)
        }
        for box in boxes { names.insert(box) }
        moved.formUnion(toMove)
        return true
    }

    /// The look and anchor nearest mark `i`'s where its ink keeps off `boxes`, the names, what is
    /// kept and (by the gap) every other mark; nil if its range has none. Tried a pixel apart,
    /// nearest first.
    private mutating func newAnchor(_ i: Int, keepingOff boxes: [PixelRect]) -> (PinLook, (x: Double, y: Double))? {
        guard let (look, range) = moves[i] else { return nil }
        let from = marks[i].anchor
        if steps == nil { steps = Self.steps(within: Self.reach(moves)) }
        // Past the range's farthest corner no step can land in it: a dot's few steps, not a ring's thousands.
        let farthest = [(range.minX, range.minY), (range.maxX, range.minY), (range.minX, range.maxY), (range.maxX, range.maxY)]
            .map { ($0.0 - from.x) * ($0.0 - from.x) + ($0.1 - from.y) * ($0.1 - from.y) }.max()!
        for step in steps! {
            if step.d > farthest + 1 { break }
            let (x, y) = (from.x + step.dx, from.y + step.dy)
            guard x >= range.minX, x <= range.maxX, y >= range.minY, y <= range.maxY else { continue }
            let rect = look.inkRect(at: (x, y))
            if boxes.contains(where: { $0.intersects(rect) }) || names.intersectsAny(rect) || kept.intersectsAny(rect) { continue }
            if !meeting(rect, grownBy: MarkForms.gap).isEmpty { continue }
            return (look, (x, y))
        }
        return nil
    }
}
