import GeoCore

/// Which object of one list of the travel guide's objects is which of another's: two language files
/// of the feed, or a file and the objects stored from the feed before. Names differ by language,
/// so an object is known by what does not: its position, a name both spell alike, a phone, e-mail,
/// web address or picture. Objects pair only when they are alike: of one category, and not at two
/// different positions.
///
/// First each object of `first` takes the free object of `second` that shares the most of those
/// keys with it, of the keys that name one object in each list (in any order: a list may have been
/// reordered); the rest pair in their lists' order
/// (the guide lists its objects alike in each language), as many as can be (a longest common
/// subsequence), so that an object more in one list leaves its neighbours paired as they were.
enum FeedObjectMatching {
    /// Pairs of indices into `first` and `second`. Nil entries never pair, but for those of `first`
    /// at `invalid` (objects a file holds but could not read), which pair in order with whatever
    /// object stands at their place in `second`: its counterpart, to be left out with it.
    static func pairs(_ first: [PlaceRecord?], _ second: [PlaceRecord?], invalid: Set<Int> = []) -> [(first: Int, second: Int)] {
        var pairs: [(first: Int, second: Int)] = []
        var taken = Set<Int>(), paired = Set<Int>()
        // Only a key that names one object in each list identifies it: the tourist office's phone,
        // a common web address or two objects at one spot would pair the wrong ones, and an
        // object more in one list then shift every pair after it; those are left to the order.
        let firstKeys = first.map { $0.map(keys) ?? [] }, secondKeys = second.map { $0.map(keys) ?? [] }
        let inFirst = uniqueKeys(firstKeys), inSecond = uniqueKeys(secondKeys)
        for (i, object) in first.enumerated() {
            guard let object else { continue }
            var shared: [Int: Int] = [:]
            for key in firstKeys[i] where inFirst[key] != nil {
                if let j = inSecond[key], !taken.contains(j), alike(object, second[j]!) { shared[j, default: 0] += 1 }
            }
            guard let j = shared.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key else { continue }
            taken.insert(j)
            paired.insert(i)
            pairs.append((i, j))
        }
        let restOfFirst = first.indices.filter { (first[$0] != nil && !paired.contains($0)) || invalid.contains($0) }
        let restOfSecond = second.indices.filter { second[$0] != nil && !taken.contains($0) }
        pairs += inOrder(restOfFirst.map { first[$0] }, restOfSecond.map { second[$0]! }).map { (restOfFirst[$0.0], restOfSecond[$0.1]) }
        return pairs.sorted { $0.first < $1.first }
    }

    /// What identifies an object whatever its language.
    private static func keys(_ object: PlaceRecord) -> Set<String> {
        var keys = Set(([object.name] + Array(object.names.values)).map { "name " + $0.folded })
        if let location = object.location { keys.insert("at \(location.lat),\(location.lon)") }
        for detail in [object.phone, object.mobilePhone, object.email, object.website].compactMap({ $0 }) { keys.insert("detail " + detail.folded) }
        for image in object.images { keys.insert("image " + image) }
        return keys
    }

    /// The keys held by exactly one object of the list, and which.
    private static func uniqueKeys(_ lists: [Set<String>]) -> [String: Int] {
        var at: [String: Int] = [:], shared = Set<String>()
        for (i, keys) in lists.enumerated() {
            for key in keys where !shared.contains(key) {
                if at.updateValue(i, forKey: key) != nil { at[key] = nil; shared.insert(key) }
            }
        }
        return at
    }

    /// Whether `a` may be `b`; an unread object (nil) may be anything.
    private static func alike(_ a: PlaceRecord?, _ b: PlaceRecord) -> Bool {
        guard let a else { return true }
        guard a.category == b.category else { return false }
        if let p = a.location, let q = b.location { return p == q }
        return true
    }

    /// The longest pairing of alike objects that keeps both lists' order, found in a band around the
    /// diagonal (as wide as the lists' difference and 32 more, narrower when that would make the
    /// table larger than 4M cells): two lists of a hundred thousand objects take no quadratic time.
    /// Equally long lists of alike objects pair by position.
    private static func inOrder(_ a: [PlaceRecord?], _ b: [PlaceRecord]) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        // Wide enough for every row to reach the next row's band (m / n), so a path always exists.
        let width = max(m / n + 1, min(abs(n - m) + 32, (1 << 22) / (n + 1)))
        let low = (0...n).map { max(0, $0 * m / n - width) }, high = (0...n).map { min(m, $0 * m / n + width) }
        var start = [0]
        for i in 0...n { start.append(start[i] + high[i] - low[i] + 1) }
        func cell(_ i: Int, _ j: Int) -> Int? { j >= low[i] && j <= high[i] ? start[i] + j - low[i] : nil }
        // The pairs of the best path to each cell (-1: unreachable) and its last step: 1 pair, 2 skip a's, 3 skip b's.
        var score = [Int32](repeating: -1, count: start[n + 1]), step = [UInt8](repeating: 0, count: start[n + 1])
        score[0] = 0
        for i in 0...n {
            for j in low[i]...high[i] where i > 0 || j > 0 {
                var best: Int32 = -1, how: UInt8 = 0
                if i > 0, j > 0, let d = cell(i - 1, j - 1), score[d] >= 0, alike(a[i - 1], b[j - 1]) { (best, how) = (score[d] + 1, 1) }
                if i > 0, let up = cell(i - 1, j), score[up] > best { (best, how) = (score[up], 2) }
                if j > 0, let left = cell(i, j - 1), score[left] > best { (best, how) = (score[left], 3) }
                score[cell(i, j)!] = best
                step[cell(i, j)!] = how
            }
        }
        var pairs: [(Int, Int)] = [], (i, j) = (n, m)
        while i > 0 || j > 0, let c = cell(i, j) {
            switch step[c] {
            case 1: pairs.append((i - 1, j - 1)); (i, j) = (i - 1, j - 1)
            case 2: i -= 1
            case 3: j -= 1
            default: return pairs.reversed()
            }
        }
        return pairs.reversed()
    }
}
