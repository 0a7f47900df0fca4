import GeoCore

/// Lines joined end to end where they meet: OpenStreetMap cuts a street into many ways, each
/// often too short for the name that the whole street has room for.
enum LineChains {
    private struct End: Hashable { let lat: Double, lon: Double }

    static func join(_ lines: [[Coordinate]]) -> [[Coordinate]] {
        let pending = lines.filter { $0.count > 1 }
        var byEnd: [End: [Int]] = [:]
        func key(_ c: Coordinate) -> End { End(lat: c.lat, lon: c.lon) }
        for (i, l) in pending.enumerated() { byEnd[key(l.first!), default: []].append(i); byEnd[key(l.last!), default: []].append(i) }
        var used = [Bool](repeating: false, count: pending.count), chains: [[Coordinate]] = []
        /// An unused line that ends at `end`, turned so that it starts there.
        func next(at end: Coordinate) -> [Coordinate]? {
            guard let i = byEnd[key(end)]?.first(where: { !used[$0] }) else { return nil }
            used[i] = true
            return key(pending[i].first!) == key(end) ? pending[i] : pending[i].reversed()
        }
        for i in pending.indices where !used[i] {
            used[i] = true
            var chain = pending[i]
            while let more = next(at: chain.last!) { chain += more.dropFirst() }
            while let more = next(at: chain.first!) { chain = more.reversed() + chain.dropFirst() }
            chains.append(chain)
        }
        return chains
    }
}
