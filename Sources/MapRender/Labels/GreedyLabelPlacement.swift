extension LabelPlacement {
    /// Labels for a finished image, which no neighbouring tile must agree with: each label in
    /// order of importance takes, of its free spots that no label placed before it covers, the
    /// one that covers the fewest spots still open to the labels after it (the first in the
    /// candidates' order among equals), so that a name leaves its neighbours room for theirs.
    /// It names more places than the local rule (which drops a label a more important one might
    /// have displaced, so that a decision never depends on far-away labels), and keeps the same
    /// guarantees: no label covers a mark, an obstacle or another label.
    ///
    /// A name whose spots are all taken tries the spots beside its mark half a label higher and
    /// lower (`sideCandidates`), outside the count of spots left open: counted, they made every
    /// label's choice dearer. A name in two lines that finds none takes, as a last resort, a spot
    /// for its one line shortened with "…" (`oneLine` of the request's text): where names crowd,
    /// a shortened name is better than none. A label with a `fallback` text that finds no spot
    /// for its own then tries the fallback's, in lines as `fitted` makes them, then on one line.
    static func placeGreedily(_ wanted: [Int], in neighbourhood: some LabelNeighbourhood, bounds: PixelRect?, maxSize: (width: Double, height: Double), gap: Double,
                              fitted: (String) -> (text: String, width: Double, height: Double),
                              oneLine: (String) -> (text: String, width: Double, height: Double)) -> [PlacedLabel] {
        var map = neighbourhood
        let order = wanted.map { (index: $0, request: map.request($0)) }.sorted { precedes($0.request, $0.index, $1.request, $1.index) }.map(\.index)
        // Each label's forms, in order of preference: as measured, then a name in lines on one
        // line; then its fallback likewise.
        func forms(_ text: String, _ measured: (text: String, width: Double, height: Double)) -> [(text: String, width: Double, height: Double)] {
            measured.text.contains(LabelLines.separator) ? [measured, oneLine(text)] : [measured]
        }
        let forms = order.map { i in
            let request = map.request(i)
            return forms(request.text, map.measured(i)) + (request.fallback.map { forms($0, fitted($0)) } ?? [])
        }
        // Every form's free spots (off marks and obstacles, inside the bounds), and an index of them.
        func size(_ form: (text: String, width: Double, height: Double)) -> (width: Double, height: Double) {
            (min(form.width, maxSize.width), min(form.height, maxSize.height))
        }
        func isFree(_ spot: PixelRect) -> Bool { (bounds?.contains(spot) ?? true) && !map.isBlocked(spot) }
        var free: [[[PixelRect]]] = []
        for k in order.indices {
            let request = map.request(order[k])
            free.append(forms[k].map(size).map { size in
                (request.candidates(width: size.width, height: size.height, gap: gap) + request.flushCandidates(width: size.width, height: size.height, gap: gap))
                    .filter(isFree)
            })
        }
        var open = SpotIndex()
        for (k, spots) in free.enumerated() { for spot in spots.joined() { open.insert(spot, owner: k) } }
        var taken = RectIndex(), placed: [PlacedLabel] = []
        for (k, i) in order.enumerated() {
            var best: (spot: PixelRect, form: Int, cost: Int)?
            formLoop: for (f, spots) in free[k].enumerated() where best == nil {
                for spot in spots where !taken.intersectsAny(spot) {
                    let cost = open.count(meeting: spot, after: k) { !taken.intersectsAny($0) }
                    if best == nil || cost < best!.cost { best = (spot, f, cost) }
                    if cost == 0 { break formLoop }
                }
                if best == nil {
                    let side = size(forms[k][f])
                    if let spot = map.request(i).sideCandidates(width: side.width, height: side.height, gap: gap)
                        .first(where: { isFree($0) && !taken.intersectsAny($0) }) { best = (spot, f, 0) }
                }
            }
            guard let best else { continue }
            taken.insert(best.spot)
            let request = map.request(i)
            placed.append(PlacedLabel(groupID: request.groupID, text: forms[k][best.form].text, rect: best.spot, alignment: request.alignment(of: best.spot)))
        }
        return placed
    }

    /// Candidate spots by the label that owns them, bucketed like `RectIndex`.
    private struct SpotIndex {
        var spots: [(rect: PixelRect, owner: Int)] = []
        var buckets: [RectIndex.Cell: [Int]] = [:]

        mutating func insert(_ rect: PixelRect, owner: Int) {
            spots.append((rect, owner))
            guard let range = RectIndex.cellRange(rect, limit: 64) else { return }
            for y in range.y { for x in range.x { buckets[RectIndex.Cell(x: x, y: y), default: []].append(spots.count - 1) } }
        }

        /// The question each spot was last counted for: a spot in two buckets is counted once.
        var counted: [Int] = [], question = 0

        /// How many spots of owners after `owner` that are still `open` meet `rect`.
        mutating func count(meeting rect: PixelRect, after owner: Int, open: (PixelRect) -> Bool) -> Int {
            guard let range = RectIndex.cellRange(rect) else { return 0 }
            if counted.count < spots.count { counted = Array(repeating: 0, count: spots.count) }
            question += 1
            var met = 0
            for y in range.y {
                for x in range.x {
                    for s in buckets[RectIndex.Cell(x: x, y: y)] ?? [] where counted[s] != question && spots[s].owner > owner && spots[s].rect.intersects(rect) {
                        counted[s] = question
                        if open(spots[s].rect) { met += 1 }
                    }
                }
            }
            return met
        }
    }
}
