/// `AnnotationLayout`'s answers to label placement, from the cluster grid: label requests are
/// made cell by cell as placement asks about them, and numbered then; which requests' spots and
/// which marks' ink may meet a square of `squareSide` is asked of the grid once per square, so
/// that a question visits a few squares.
struct MarkNeighbourhood: LabelNeighbourhood {
    /// The requests made so far, and which cells have made theirs.
    struct Requests {
        let grid: ClusterGrid
        let forms: MarkForms
        let naming: MarkNaming
        let maxSize: (width: Double, height: Double)
        let shortened: (String) -> (text: String, width: Double, height: Double)
        var requests: [LabelRequest] = []
        /// By request number, its label measured (nil: not yet) and the area its spots lie in:
        /// until measured, the area a label of `maxSize` would reach. A label is measured only
        /// when a question's square lies in that area: many requests made around a tile are
        /// never near enough to one to need their size.
        var measured: [(text: String, width: Double, height: Double)?] = []
        var spots: [PixelRect] = []
        /// Each cell's requests, once made: a cell's are made together, so their numbers are a
        /// run (one array per cell cost a tile hundreds of allocations).
        var numbered: [Range<Int>?]

        init(grid: ClusterGrid, forms: MarkForms, naming: MarkNaming, maxSize: (width: Double, height: Double),
             shortened: @escaping (String) -> (text: String, width: Double, height: Double)) {
            (self.grid, self.forms, self.naming, self.maxSize, self.shortened) = (grid, forms, naming, maxSize, shortened)
            numbered = Array(repeating: nil, count: grid.cellCount)
        }

        /// Makes the requests of cell `cell`'s marks, once, and gives their numbers. A request's
        /// spots lie within the gap and its label (at most `maxSize`) around its mark's ink, a
        /// pixel spared for rounding.
        mutating func make(_ cell: Int) -> Range<Int> {
            if let known = numbered[cell] { return known }
            let first = requests.count, gap = AnnotationLayout.labelGap
            for m in forms.marks(inCell: cell) {
                guard let (text, named, fallback) = naming.label(m.group) else { continue }
                let middle = m.look.shape == .teardrop ? m.anchor.y - m.look.height + m.look.width / 2 : m.anchor.y
                requests.append(LabelRequest(groupID: m.group.id, text: text, anchor: m.anchor, mark: m.rect, middle: middle,
                                             priority: named.priority, importance: named.importance, fallback: fallback))
                measured.append(nil)
                spots.append(m.rect.grown(by: (gap + maxSize.width + 1, gap + maxSize.height + 1)))
            }
            numbered[cell] = first..<requests.count
            return first..<requests.count
        }

        /// Measures request `n`'s label, once: its spots then lie within the gap and its own
        /// label (most far narrower than the widest) around its mark's ink.
        mutating func measure(_ n: Int) {
            guard measured[n] == nil else { return }
            let size = shortened(requests[n].text), gap = AnnotationLayout.labelGap
            measured[n] = size
            spots[n] = requests[n].mark.grown(by: (gap + min(size.width, maxSize.width) + 1, gap + min(size.height, maxSize.height) + 1))
        }

        /// The requests whose spots may meet `square`, each measured.
        mutating func near(_ square: PixelRect, labelReach: (x: Double, y: Double)) -> [Int] {
            var near: [Int] = []
            near.reserveCapacity(64)
            grid.forEachCell(meeting: square.grown(by: labelReach)) { cell in
                for n in make(cell) where spots[n].intersects(square) {
                    measure(n)
                    if spots[n].intersects(square) { near.append(n) }
                }
            }
            return near
        }
    }

    static let squareSide = 64.0

    var made: Requests
    /// How far from its cell a label's spots may reach; a mark's ink, from its cell.
    let labelReach: (x: Double, y: Double), pinReach: Double
    let furniture: RectIndex
    var requestSquares = LazyBuckets<Int>(side: squareSide), markSquares = LazyBuckets<PixelRect>(side: squareSide)
    /// The question each request was last listed for: a request near two squares is listed once.
    var seen: [Int] = [], question = 0

    func request(_ i: Int) -> LabelRequest { made.requests[i] }

    /// Every request handed out (by `requestsNear`) has been measured.
    func measured(_ i: Int) -> (text: String, width: Double, height: Double) { made.measured[i]! }

    mutating func requestsNear(_ rect: PixelRect) -> [Int] {
        question += 1
        return Self.requests(near: rect, squares: &requestSquares, made: &made, seen: &seen, question: question, labelReach: labelReach)
    }

    /// `requestsNear`, on the parts it changes: each passed on its own, so that the closures
    /// touch no more than they need and the compiler sees that they do not overlap.
    private static func requests(near rect: PixelRect, squares: inout LazyBuckets<Int>, made: inout Requests, seen: inout [Int],
                                 question: Int, labelReach: (x: Double, y: Double)) -> [Int] {
        var found: [Int] = []
        found.reserveCapacity(64)  // grown by doubling, a question's list was reallocated several times
        squares.visit(rect, gather: { made.near($0, labelReach: labelReach) }) { n in
            if seen.count <= n { seen.append(contentsOf: repeatElement(0, count: n + 1 - seen.count)) }
            if seen[n] != question { seen[n] = question; found.append(n) }
            return true
        }
        return found
    }

    mutating func isBlocked(_ rect: PixelRect) -> Bool {
        isCoveredByMark(rect) || furniture.intersectsAny(rect)
    }

    private mutating func isCoveredByMark(_ rect: PixelRect) -> Bool {
        let grid = made.grid, forms = made.forms, pinReach = pinReach
        var covered = false
        markSquares.visit(rect, gather: { square in
            var ink: [PixelRect] = []
            ink.reserveCapacity(32)
            grid.forEachCell(meeting: square.grown(by: pinReach)) { cell in
                for m in forms.marks(inCell: cell) where m.rect.intersects(square) { ink.append(m.rect) }
            }
            return ink
        }) { ink in
            covered = ink.intersects(rect)
            return !covered
        }
        return covered
    }
}
