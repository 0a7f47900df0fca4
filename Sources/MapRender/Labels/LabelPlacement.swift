import GeoCore

/// Where labels go, decided locally so that tiles agree with each other and with overviews.
///
/// Greedy placement (each label in turn takes the first free spot) lets one label's choice push
/// the next, and that the next, without bound: no margin a tile could fetch would make it agree
/// with its neighbour. Here each decision looks only a bounded distance away:
///
/// 1. A label's **free** spots are its candidates that overlap no mark and no obstacle and lie
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
/// decision depends on marks and labels at most `dependencyReach` away, which gives the margin a
/// tile needs (`AnnotationLayout.margin`).
public enum LabelPlacement {
    /// How far, per axis and in multiples of a label's reach, one decision looks: its own spots
    /// (1), the labels whose spots meet them (2), their winning status (2 more), their marks (1).
    static let dependencyReach = 6.0

    /// The labels drawn, in order of importance. `measure` gives the text to draw (perhaps in
    /// two lines or shortened, `LabelLines`) and its box, halo included, no larger than
    /// `maxSize`. With a `window`, only labels that reach into it are decided and returned, and
    /// only the labels near it measured.
    public static func place(_ requests: [LabelRequest], marks: [PixelRect], obstacles: [PixelRect] = [],
                             bounds: PixelRect? = nil, window: PixelRect? = nil, maxSize: (width: Double, height: Double),
                             gap: Double = 2, measure: @escaping (String) -> (text: String, width: Double, height: Double)) -> [PlacedLabel] {
        let requests = requests.filter { $0.anchor.x.isFinite && $0.anchor.y.isFinite }
        let markReach = requests.reduce(PixelExtent.point) { r, q in
            let e = q.markExtent
            return PixelExtent(left: max(r.left, e.left), top: max(r.top, e.top), right: max(r.right, e.right), bottom: max(r.bottom, e.bottom))
        }
        let reach = LabelRequest.reach(markReach, size: maxSize, gap: gap)
        var blockers = RectIndex(), anchors: [RectIndex.Cell: [Int]] = [:]
        for p in marks + obstacles { blockers.insert(p) }
        for (i, r) in requests.enumerated() { anchors[RectIndex.cell(x: r.anchor.x, y: r.anchor.y), default: []].append(i) }
        let near = { (rect: PixelRect) -> [Int] in
            let area = PixelRect(x: rect.x - reach.x, y: rect.y - reach.y, width: rect.width + 2 * reach.x, height: rect.height + 2 * reach.y)
            guard let cells = RectIndex.cells(area) else { return Array(requests.indices) }
            return cells.flatMap { anchors[$0] ?? [] }
        }
        let neighbourhood = Neighbourhood(near: near, requests: requests, measure: { measure(requests[$0].text) },
                                          blocked: blockers.intersectsAny)
        return place(window.map(near) ?? Array(requests.indices), in: neighbourhood, bounds: bounds, window: window, maxSize: maxSize, gap: gap)
    }

    /// Answers from closures, for `place(_:marks:…)` above, whose state is built before it asks.
    struct Neighbourhood: LabelNeighbourhood {
        let near: (PixelRect) -> [Int]
        let requests: [LabelRequest]
        let measure: (Int) -> (text: String, width: Double, height: Double)
        let blocked: (PixelRect) -> Bool

        func requestsNear(_ rect: PixelRect) -> [Int] { near(rect) }
        func request(_ i: Int) -> LabelRequest { requests[i] }
        func measured(_ i: Int) -> (text: String, width: Double, height: Double) { measure(i) }
        func isBlocked(_ rect: PixelRect) -> Bool { blocked(rect) }
    }

    /// Whether request `x` (number `a`) is more important than `y` (number `b`): a total order,
    /// so that shuffled input gives the same output.
    static func precedes(_ x: LabelRequest, _ a: Int, _ y: LabelRequest, _ b: Int) -> Bool {
        if x.priority != y.priority { return x.priority < y.priority }
        if x.importance != y.importance { return x.importance > y.importance }
        if x.groupID != y.groupID { return x.groupID < y.groupID }
        return (x.text, x.anchor.x, x.anchor.y, a) < (y.text, y.anchor.x, y.anchor.y, b)
    }

    /// Decides the labels of `wanted` (request indices).
    /// The solver takes `neighbourhood` over: a copy kept beside it would make the solver's first
    /// change copy every array the neighbourhood has gathered.
    static func place(_ wanted: [Int], in neighbourhood: consuming some LabelNeighbourhood, bounds: PixelRect?, window: PixelRect?,
                      maxSize: (width: Double, height: Double), gap: Double) -> [PlacedLabel] {
        // Each request fetched once for the sort, not once per comparison; positions sorted
        // rather than the requests, whose strings each move would retain and release.
        let requests = wanted.map { neighbourhood.request($0) }
        var solver = Solver(map: consume neighbourhood, bounds: bounds, gap: gap, maxSize: maxSize)
        let order = wanted.indices.sorted { precedes(requests[$0], wanted[$0], requests[$1], wanted[$1]) }.map { wanted[$0] }
        return order.compactMap { i in
            // A label none of whose free spots reaches the window needs no decision; nor does one
            // none of whose spots at all reaches it, found without asking which are free (which
            // forms the marks around each spot).
            if let window, !solver.mayReach(i, window) || !solver.free(i).contains(where: { $0.intersects(window) }) { return nil }
            guard let rect = solver.place(i), window.map({ rect.intersects($0) }) ?? true else { return nil }
            let request = solver.map.request(i)
            return PlacedLabel(groupID: request.groupID, text: solver.measured(i).text, rect: rect, alignment: request.alignment(of: rect))
        }
    }

    /// The rules above, each answer computed once and only when asked for. Importance is
    /// compared only between neighbours, as asked: a tile has thousands of requests in its
    /// margin but decides few.
    private struct Solver<Map: LabelNeighbourhood> {
        var map: Map
        let bounds: PixelRect?
        let gap: Double
        let maxSize: (width: Double, height: Double)
        // By request index (dense, from 0), grown as requests are asked about: hashing the
        // index cost more than the answers.
        var sizes: [(text: String, width: Double, height: Double)?] = []
        var freeSpots: [[PixelRect]?] = []
        /// The first free spot (nil inside: none) of a request whose other spots nobody asked for:
        /// most requests are met only as a neighbour's neighbour, where the first spot is all that counts.
        var firstSpots: [PixelRect??] = []
        var winners: [Bool?] = []

        /// Makes room for request `i`'s answers.
        mutating func reserve(_ i: Int) {
            guard i >= winners.count else { return }
            let more = i + 1 - winners.count
            sizes.append(contentsOf: repeatElement(nil, count: more))
            freeSpots.append(contentsOf: repeatElement(nil, count: more))
            firstSpots.append(contentsOf: repeatElement(nil, count: more))
            winners.append(contentsOf: repeatElement(nil, count: more))
        }

        init(map: Map, bounds: PixelRect?, gap: Double, maxSize: (width: Double, height: Double)) {
            (self.map, self.bounds, self.gap, self.maxSize) = (map, bounds, gap, maxSize)
        }

        func precedes(_ a: Int, _ b: Int) -> Bool { LabelPlacement.precedes(map.request(a), a, map.request(b), b) }

        mutating func measured(_ i: Int) -> (text: String, width: Double, height: Double) {
            reserve(i)
            if let size = sizes[i] { return size }
            let m = map.measured(i)
            let size = (m.text, min(m.width, maxSize.width), min(m.height, maxSize.height))
            sizes[i] = size
            return size
        }

        mutating func free(_ i: Int) -> [PixelRect] {
            reserve(i)
            if let spots = freeSpots[i] { return spots }
            let size = measured(i)
            var spots: [PixelRect] = []
            for spot in map.request(i).candidates(width: size.width, height: size.height, gap: gap) where isFree(spot) { spots.append(spot) }
            freeSpots[i] = spots
            return spots
        }

        /// Whether any of request `i`'s spots, free or not, meets `rect`.
        mutating func mayReach(_ i: Int, _ rect: PixelRect) -> Bool {
            let size = measured(i)
            return map.request(i).candidates(width: size.width, height: size.height, gap: gap).contains { $0.intersects(rect) }
        }

        mutating func isFree(_ spot: PixelRect) -> Bool { (bounds?.contains(spot) ?? true) && !map.isBlocked(spot) }

        /// `free(i).first`, trying the candidates only up to the first free one.
        mutating func first(_ i: Int) -> PixelRect? {
            reserve(i)
            if let spots = freeSpots[i] { return spots.first }
            if let known = firstSpots[i] { return known }
            let size = measured(i)
            var spot: PixelRect?
            for candidate in map.request(i).candidates(width: size.width, height: size.height, gap: gap) where isFree(candidate) { spot = candidate; break }
            firstSpots[i] = .some(spot)
            return spot
        }

        mutating func wins(_ i: Int) -> Bool {
            reserve(i)
            if let known = winners[i] { return known }
            guard let first = first(i) else { winners[i] = false; return false }
            var wins = true
            for j in map.requestsNear(first) where j != i && precedes(j, i) {
                if let other = self.first(j), other.intersects(first) { wins = false; break }
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
                        if self.first(j)!.intersects(spot) { continue spotLoop }
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
