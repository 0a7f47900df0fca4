import Foundation

extension PrintLayout {
    /// Markers that would cover an earlier one (by number) move to the nearest free spot on rings
    /// around their place, inside the map: every number stays readable and near its place. Where
    /// no ring has room (a map too crowded for its scale) a marker goes where it covers the fewest
    /// others, still inside the map; the count of those is returned.
    static func moveApart(_ entries: inout [IndexEntry], within rect: PixelRect) -> Int {
        // Placed markers by square cells as wide as two of the largest markers: any overlap is
        // with a marker in one of the nine cells around.
        let cell = 2 * (entries.map(\.markerRadius).max() ?? 1) + 1
        var placed: [Int64: [(x: Double, y: Double, r: Double)]] = [:]
        func key(_ x: Double, _ y: Double) -> Int64 { Int64(floor(x / cell)) << 32 | Int64(UInt32(bitPattern: Int32(floor(y / cell)))) }
        func covered(_ p: (x: Double, y: Double), _ r: Double) -> Int {
            var count = 0
            for dx in [-cell, 0, cell] {
                for dy in [-cell, 0, cell] {
                    count += placed[key(p.x + dx, p.y + dy), default: []].filter { hypot($0.x - p.x, $0.y - p.y) < $0.r + r + 0.5 }.count
                }
            }
            return count
        }
        func inside(_ p: (x: Double, y: Double), _ r: Double) -> Bool {
            p.x - r >= rect.x && p.x + r <= rect.maxX && p.y - r >= rect.y && p.y + r <= rect.maxY
        }
        var crowded = 0
        for i in entries.indices {
            let place = entries[i].place, r = entries[i].markerRadius
            let candidates = ([place] + (1...6).flatMap { ring in
                let distance = Double(ring) * r * 2.1, steps = 8 * ring
                return (0..<steps).map { k in
                    let angle = Double(k) / Double(steps) * 2 * .pi - .pi / 2
                    return (x: place.x + distance * cos(angle), y: place.y + distance * sin(angle))
                }
            }).filter { inside($0, r) }
            var best = (x: min(max(place.x, rect.x + r), rect.maxX - r), y: min(max(place.y, rect.y + r), rect.maxY - r))
            var fewest = covered(best, r)
            for candidate in candidates where fewest > 0 {
                let count = covered(candidate, r)
                if count < fewest { (best, fewest) = (candidate, count) }
            }
            if fewest > 0 { crowded += 1 }
            entries[i].marker = best
            placed[key(best.x, best.y), default: []].append((best.x, best.y, r))
        }
        return crowded
    }
}
