/// The sea of an OpenStreetMap extract within its bounds, from its `natural=coastline` ways.
/// OpenStreetMap draws a coastline with the land on its left and the water on its right, cut into
/// ways that share their end nodes. The ways are joined into chains and the chains cut at the
/// bounds; each piece that crosses them is followed by the bounds' edge, clockwise (the sea on the
/// right), from where it leaves to where the next piece enters, until the ring closes: a polygon
/// of sea. A closed chain within the bounds is an island (land inside: counter-clockwise), a hole
/// in the sea around it, or, drawn the other way round, sea within the land. A chain that ends
/// inside the bounds is a broken coastline: which side of it is sea cannot be told from the rest,
/// so it is left out, and counted. Planar in degrees, like the extract's box; a box across the
/// antimeridian has no sea.
public struct CoastlineAssembly: Sendable {
    public let bounds: BoundingBox
    /// How near the bounds (metres) an end of a chain is taken for one that the bounds cut: it is
    /// joined to the nearest point of their edge.
    public let reach: Double

    public init(bounds: BoundingBox, reach: Double) { (self.bounds, self.reach) = (bounds, reach) }

    public struct Sea: Sendable, Equatable {
        /// Polygons of sea, each an outer ring (counter-clockwise) and its islands (clockwise), as RFC 7946 orients them.
        public var polygons: [[[Coordinate]]]
        /// The chains left out because they end inside the bounds.
        public var broken: Int
    }

    public func sea(_ ways: [[Coordinate]]) -> Sea {
        guard !bounds.crossesAntimeridian, bounds.minLon < bounds.maxLon, bounds.minLat < bounds.maxLat else { return Sea(polygons: [], broken: 0) }
        var pieces: [[Coordinate]] = [], inner: [[Coordinate]] = [], broken = 0
        for chain in Self.chains(ways) {
            if chain.count >= 4, chain.first == chain.last {
                guard let outside = chain.firstIndex(where: { !bounds.contains($0) }) else { inner.append(chain); continue }
                // Begun outside, so that no piece is split where the ring begins.
                let ring = chain.dropLast()
                pieces += clip(Array(ring[outside...] + ring[..<outside] + [ring[outside]]))
            } else {
                let cut = clip(joinedToBounds(chain))
                if cut.allSatisfy({ onEdge($0.first!) && onEdge($0.last!) }) { pieces += cut } else { broken += 1 }
            }
        }
        var sea = walk(pieces), islands: [[Coordinate]] = []
        for ring in inner { if Self.signedArea(ring) > 0 { islands.append(ring) } else { sea.append(ring) } }
        // Nothing crosses the bounds: what lies around the outermost ring within them is what the
        // ring is not (sea around an island).
        if pieces.isEmpty, let outermost = inner.max(by: { abs(Self.signedArea($0)) < abs(Self.signedArea($1)) }),
           Self.signedArea(outermost) > 0 {
            let (w, s, e, n) = (bounds.minLon, bounds.minLat, bounds.maxLon, bounds.maxLat)
            sea.append([Coordinate(lat: s, lon: w), Coordinate(lat: s, lon: e), Coordinate(lat: n, lon: e), Coordinate(lat: n, lon: w), Coordinate(lat: s, lon: w)])
        }
        sea = sea.filter { $0.count >= 4 && Self.signedArea($0) != 0 }.map(Self.counterClockwise)
        var holes = [[[Coordinate]]](repeating: [], count: sea.count)
        for island in islands {
            // In the smallest sea that holds it; one in no sea lies in land, which it is anyway.
            let around = sea.indices.filter { PlanarGeometry.ring(sea[$0], contains: island[0]) }
                .min { abs(Self.signedArea(sea[$0])) < abs(Self.signedArea(sea[$1])) }
            if let around { holes[around].append(Self.counterClockwise(island).reversed()) }
        }
        return Sea(polygons: zip(sea, holes).map { [$0] + $1 }, broken: broken)
    }

    /// The ways joined end to end where one ends on the node where the next begins; a chain stops
    /// where no way goes on, or where it has come round to its start (a ring).
    static func chains(_ ways: [[Coordinate]]) -> [[Coordinate]] {
        let ways = ways.filter { $0.count >= 2 }
        var byStart: [Coordinate: [Int]] = [:], byEnd: [Coordinate: [Int]] = [:]
        for (i, way) in ways.enumerated() {
            byStart[way[0], default: []].append(i)
            byEnd[way[way.count - 1], default: []].append(i)
        }
        var used = [Bool](repeating: false, count: ways.count), chains: [[Coordinate]] = []
        for i in ways.indices where !used[i] {
            // Back to the chain's first way (for a ring, the one after this).
            var head = i, seen: Set = [i]
            while let before = byEnd[ways[head][0]]?.first(where: { !used[$0] && !seen.contains($0) }) {
                seen.insert(before)
                head = before
            }
            var chain = ways[head]
            used[head] = true
            while chain.first != chain.last, let next = byStart[chain[chain.count - 1]]?.first(where: { !used[$0] }) {
                used[next] = true
                chain += ways[next].dropFirst()
            }
            chains.append(chain)
        }
        return chains
    }

    /// The chain with each end that lies inside the bounds within `reach` of their edge joined to
    /// the nearest point of it.
    func joinedToBounds(_ chain: [Coordinate]) -> [Coordinate] {
        func edgePoint(_ p: Coordinate) -> Coordinate? {
            guard bounds.contains(p), !onEdge(p) else { return nil }
            let nearest = [Coordinate(lat: p.lat, lon: bounds.minLon), Coordinate(lat: p.lat, lon: bounds.maxLon),
                           Coordinate(lat: bounds.minLat, lon: p.lon), Coordinate(lat: bounds.maxLat, lon: p.lon)]
                .map { (Geodesic.distance(p, $0), $0) }.min { $0.0 < $1.0 }!
            return nearest.0 <= reach ? nearest.1 : nil
        }
        return (edgePoint(chain[0]).map { [$0] } ?? []) + chain + (edgePoint(chain[chain.count - 1]).map { [$0] } ?? [])
    }

    func onEdge(_ p: Coordinate) -> Bool {
        p.lon == bounds.minLon || p.lon == bounds.maxLon || p.lat == bounds.minLat || p.lat == bounds.maxLat
    }

    /// The parts of `line` within the bounds (edge included), each begun and ended exactly on the
    /// edge where the line crosses it.
    func clip(_ line: [Coordinate]) -> [[Coordinate]] {
        var pieces: [[Coordinate]] = [], current: [Coordinate] = bounds.contains(line[0]) ? [line[0]] : []
        func add(_ p: Coordinate) { if current.last != p { current.append(p) } }
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (enter, leave) = crossing(a, b) else { continue }
            if let enter { current = [enter] }
            if let leave {
                add(leave)
                pieces.append(current)
                current = []
            } else {
                add(b)
            }
        }
        pieces.append(current)
        return pieces.filter { $0.count >= 2 }
    }

    /// Where the segment enters the bounds (nil when `a` is within them) and leaves them (nil when
    /// `b` is); nil when it misses them (Liang–Barsky), the crossing set on the edge it crosses.
    private func crossing(_ a: Coordinate, _ b: Coordinate) -> (enter: Coordinate?, leave: Coordinate?)? {
        let dx = b.lon - a.lon, dy = b.lat - a.lat
        var t0 = 0.0, t1 = 1.0, edge0 = 0, edge1 = 0
        // West, east, south, north: inside while t·p ≤ q.
        for (edge, (p, q)) in [(-dx, a.lon - bounds.minLon), (dx, bounds.maxLon - a.lon), (-dy, a.lat - bounds.minLat), (dy, bounds.maxLat - a.lat)].enumerated() {
            if p == 0 {
                if q < 0 { return nil }
            } else if p < 0 {
                let r = q / p
                if r > t1 { return nil }
                if r > t0 { (t0, edge0) = (r, edge) }
            } else {
                let r = q / p
                if r < t0 { return nil }
                if r < t1 { (t1, edge1) = (r, edge) }
            }
        }
        func at(_ t: Double, _ edge: Int) -> Coordinate {
            var p = Coordinate(lat: min(max(a.lat + t * dy, bounds.minLat), bounds.maxLat), lon: min(max(a.lon + t * dx, bounds.minLon), bounds.maxLon))
            switch edge {
            case 0: p.lon = bounds.minLon
            case 1: p.lon = bounds.maxLon
            case 2: p.lat = bounds.minLat
            default: p.lat = bounds.maxLat
            }
            return p
        }
        return (t0 > 0 ? at(t0, edge0) : nil, t1 < 1 ? at(t1, edge1) : nil)
    }

    /// How far clockwise along the edge from the south-west corner a point of the edge lies
    /// (north along the west side, east along the north, south along the east, west along the south).
    private func position(_ p: Coordinate) -> Double {
        let w = bounds.maxLon - bounds.minLon, h = bounds.maxLat - bounds.minLat
        if p.lon == bounds.minLon { return p.lat - bounds.minLat }
        if p.lat == bounds.maxLat { return h + p.lon - bounds.minLon }
        if p.lon == bounds.maxLon { return h + w + bounds.maxLat - p.lat }
        return 2 * h + w + bounds.maxLon - p.lon
    }

    /// The rings of sea the pieces close along the edge: from each piece's end clockwise to the
    /// next piece's start, with the corners passed on the way.
    private func walk(_ pieces: [[Coordinate]]) -> [[Coordinate]] {
        let w = bounds.maxLon - bounds.minLon, h = bounds.maxLat - bounds.minLat, perimeter = 2 * (w + h)
        let corners = [(0, Coordinate(lat: bounds.minLat, lon: bounds.minLon)), (h, Coordinate(lat: bounds.maxLat, lon: bounds.minLon)),
                       (h + w, Coordinate(lat: bounds.maxLat, lon: bounds.maxLon)), (2 * h + w, Coordinate(lat: bounds.minLat, lon: bounds.maxLon))]
        let starts = pieces.map { position($0[0]) }, ends = pieces.map { position($0[$0.count - 1]) }
        var used = [Bool](repeating: false, count: pieces.count), rings: [[Coordinate]] = []
        for first in pieces.indices where !used[first] {
            var ring: [Coordinate] = [], piece = first
            repeat {
                used[piece] = true
                ring += pieces[piece]
                let end = ends[piece]
                func ahead(_ position: Double) -> Double {
                    let d = (position - end).truncatingRemainder(dividingBy: perimeter)
                    return d < 0 ? d + perimeter : d
                }
                let next = pieces.indices.filter { !used[$0] || $0 == first }.min { ahead(starts[$0]) < ahead(starts[$1]) }!
                let gap = ahead(starts[next])
                ring += corners.filter { ahead($0.0) > 0 && ahead($0.0) < gap }.sorted { ahead($0.0) < ahead($1.0) }.map(\.1)
                piece = next
            } while piece != first
            ring.append(ring[0])
            rings.append(ring)
        }
        return rings
    }

    /// The shoelace area in square degrees, positive when the ring runs counter-clockwise; taken
    /// about the first vertex, so that a small ring far from (0, 0) keeps its digits.
    static func signedArea(_ ring: [Coordinate]) -> Double {
        guard let o = ring.first else { return 0 }
        return zip(ring, ring.dropFirst()).reduce(0) { sum, edge in
            sum + (edge.0.lon - o.lon) * (edge.1.lat - o.lat) - (edge.1.lon - o.lon) * (edge.0.lat - o.lat)
        } / 2
    }

    static func counterClockwise(_ ring: [Coordinate]) -> [Coordinate] {
        signedArea(ring) < 0 ? ring.reversed() : ring
    }
}
