/// Whether polygons are valid as OGC simple features define it and GEOS decides it (`IsValidOp`,
/// which SpatiaLite's `ST_IsValid` and GDAL's `OGR_G_IsValid` call), on planar longitude/latitude:
/// - a ring is closed and has at least 3 distinct corners (4 positions once repeated consecutive
///   positions are dropped, which are allowed);
/// - a ring neither crosses, touches nor runs back along itself (as GEOS by default, a ring
///   touching itself at a vertex is invalid: the same area is written with a hole);
/// - rings meet only at points and do not cross there: a hole may touch its shell or another hole
///   at one point, but rings touching at two points, or touches closing a cycle of rings, cut the
///   interior in two;
/// - holes lie inside their shell and not inside one another;
/// - a multipolygon's parts meet only at points (any number of them) and no part lies inside
///   another (inside another's hole is outside it).
/// Meeting edges are found through a grid over the edges' boxes, about linear in the edges of a
/// real ring rather than quadratic. Orientation is computed in doubles, not with GEOS's exact
/// predicates, so vertices collinear to within rounding (about 1e-15 degrees) may be judged otherwise.
public enum PolygonValidity {
    /// What is wrong, and near where.
    public struct Fault: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        public let near: Coordinate

        public var description: String { "\(reason) near \(Self.text(near.lon)),\(Self.text(near.lat))" }

        /// Seven decimals: a centimetre, and short.
        private static func text(_ degrees: Double) -> String { "\((degrees * 1e7).rounded() / 1e7)" }
    }

    /// The first fault found in a polygon (its shell, then its holes); nil when it is valid.
    public static func fault(ofPolygon rings: [[Coordinate]]) -> Fault? { fault([rings], multi: false) }

    /// The first fault found in a multipolygon's parts; nil when it is valid.
    public static func fault(ofMultiPolygon parts: [[[Coordinate]]]) -> Fault? { fault(parts, multi: true) }

    private static func fault(_ parts: [[[Coordinate]]], multi: Bool) -> Fault? {
        var shape = Shape(multi: multi)
        for (p, rings) in parts.enumerated() {
            for (r, ring) in rings.enumerated() {
                if let fault = shape.add(ring, part: p, index: r) { return fault }
            }
        }
        guard !shape.rings.isEmpty else { return nil }
        return shape.meetings() ?? shape.containment()
    }

    /// Twice the signed area of the triangle a, b, c: positive when c lies left of a→b.
    static func orient(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Double {
        (b.lon - a.lon) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lon - a.lon)
    }

    /// How two edges meet; a touch is at one of their ends, exactly.
    enum Meeting { case none, cross(Coordinate), touch(Coordinate), overlap(Coordinate) }

    static func meeting(_ p1: Coordinate, _ p2: Coordinate, _ q1: Coordinate, _ q2: Coordinate) -> Meeting {
        let (d1, d2) = (orient(p1, p2, q1), orient(p1, p2, q2))
        let (d3, d4) = (orient(q1, q2, p1), orient(q1, q2, p2))
        if (d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0) || (d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0) { return .none }
        if d1 == 0, d2 == 0 {
            // Collinear: compare the edges along p's longer axis.
            let alongLon = abs(p2.lon - p1.lon) >= abs(p2.lat - p1.lat)
            func at(_ c: Coordinate) -> Double { alongLon ? c.lon : c.lat }
            let ends = [p1, p2, q1, q2]
            let low = max(min(at(p1), at(p2)), min(at(q1), at(q2)))
            let high = min(max(at(p1), at(p2)), max(at(q1), at(q2)))
            guard low <= high, let start = ends.first(where: { at($0) == low }) else { return .none }
            return low < high ? .overlap(start) : .touch(start)
        }
        if d1 != 0, d2 != 0, d3 != 0, d4 != 0 {
            let t = d3 / (d3 - d4)
            return .cross(Coordinate(lat: p1.lat + t * (p2.lat - p1.lat), lon: p1.lon + t * (p2.lon - p1.lon)))
        }
        func within(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Bool {
            c.lon >= min(a.lon, b.lon) && c.lon <= max(a.lon, b.lon) && c.lat >= min(a.lat, b.lat) && c.lat <= max(a.lat, b.lat)
        }
        if d1 == 0, within(p1, p2, q1) { return .touch(q1) }
        if d2 == 0, within(p1, p2, q2) { return .touch(q2) }
        if d3 == 0, within(q1, q2, p1) { return .touch(p1) }
        if d4 == 0, within(q1, q2, p2) { return .touch(p2) }
        return .none
    }

    /// Whether `x` lies strictly inside the angle swept anticlockwise from ray p→a1 to ray p→a2.
    static func between(_ p: Coordinate, _ a1: Coordinate, _ a2: Coordinate, _ x: Coordinate) -> Bool {
        if orient(p, a1, a2) > 0 { return orient(p, a1, x) > 0 && orient(p, x, a2) > 0 }
        return !(orient(p, a2, x) > 0 && orient(p, x, a1) > 0)
    }

    /// The rings of all parts, repeated positions dropped, with what the checks need.
    private struct Shape {
        let multi: Bool
        var rings: [[Coordinate]] = []
        var ringPart: [Int] = [], ringIndex: [Int] = []
        /// Each part's rings, its shell first.
        var partRings: [Range<Int>] = []

        init(multi: Bool) { self.multi = multi }

        func name(_ r: Int) -> String { multi ? "part \(ringPart[r]) ring \(ringIndex[r])" : "ring \(ringIndex[r])" }

        mutating func add(_ ring: [Coordinate], part: Int, index: Int) -> Fault? {
            while partRings.count <= part { partRings.append(rings.count..<rings.count) }
            var kept: [Coordinate] = []
            kept.reserveCapacity(ring.count)
            for c in ring where c != kept.last { kept.append(c) }
            let near = ring.first ?? Coordinate(lat: 0, lon: 0)
            let r = rings.count
            rings.append(kept)
            ringPart.append(part)
            ringIndex.append(index)
            partRings[part] = partRings[part].lowerBound..<rings.count
            guard ring.first == ring.last else { return Fault(reason: "\(name(r)) is not closed", near: near) }
            guard kept.count >= 4 else {
                let distinct = Set(kept.map { [$0.lat, $0.lon] }).count
                return Fault(reason: "\(name(r)) has \(distinct) distinct position(s), needs at least 3", near: near)
            }
            return nil
        }

        /// Every pair of edges that meet, found through a grid over the edges' boxes; crossings,
        /// shared edges and touches of a ring with itself are faults, and the points where two
        /// rings touch are checked for crossing there and for cutting a part's interior.
        func meetings() -> Fault? {
            var edges: [(ring: Int32, index: Int32)] = []
            var (west, east, south, north) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for (r, ring) in rings.enumerated() {
                for i in 0..<(ring.count - 1) { edges.append((Int32(r), Int32(i))) }
                for c in ring {
                    (west, east) = (min(west, c.lon), max(east, c.lon))
                    (south, north) = (min(south, c.lat), max(north, c.lat))
                }
            }
            func ends(_ e: Int) -> (Coordinate, Coordinate) {
                let ring = rings[Int(edges[e].ring)], i = Int(edges[e].index)
                return (ring[i], ring[i + 1])
            }
            // About one edge a cell; coarser when long edges would fill too many cells.
            let (width, height) = (east - west, north - south)
            let n = edges.count
            var columns = width > 0 ? max(1, min(n, Int((Double(n) * width / max(height, width / Double(n))).squareRoot()))) : 1
            var rows = height > 0 ? max(1, min(n, n / columns)) : 1
            func column(_ lon: Double) -> Int { width > 0 ? min(columns - 1, Int((lon - west) / width * Double(columns))) : 0 }
            func row(_ lat: Double) -> Int { height > 0 ? min(rows - 1, Int((lat - south) / height * Double(rows))) : 0 }
            func cell(_ lon: Double, _ lat: Double) -> Int { row(lat) * columns + column(lon) }
            func cells(_ e: Int) -> (ClosedRange<Int>, ClosedRange<Int>) {
                let (a, b) = ends(e)
                return (column(min(a.lon, b.lon))...column(max(a.lon, b.lon)), row(min(a.lat, b.lat))...row(max(a.lat, b.lat)))
            }
            func filled() -> Int { (0..<n).reduce(0) { total, e in let (c, r) = cells(e); return total + c.count * r.count } }
            // Halving the axis that empties more: long edges along one axis (a comb's teeth) fill
            // its cells, and halving both would leave every cell O(n) edges.
            var current = filled()
            while columns * rows > 1, current > 16 * n + 64 {
                let (c0, r0) = (columns, rows)
                (columns, rows) = (max(1, c0 / 2), r0)
                let fewerColumns = c0 > 1 ? filled() : Int.max
                (columns, rows) = (c0, max(1, r0 / 2))
                let fewerRows = r0 > 1 ? filled() : Int.max
                if fewerColumns < fewerRows { (columns, current) = (max(1, c0 / 2), fewerColumns); rows = r0 } else { current = fewerRows }
            }
            var starts = [Int32](repeating: 0, count: columns * rows + 1)
            for e in 0..<n {
                let (cs, rs) = cells(e)
                for r in rs { for c in cs { starts[r * columns + c + 1] += 1 } }
            }
            for k in 1..<starts.count { starts[k] += starts[k - 1] }
            var filling = starts
            var cellEdges = [Int32](repeating: 0, count: Int(starts.last!))
            for e in 0..<n {
                let (cs, rs) = cells(e)
                for r in rs {
                    for c in cs {
                        cellEdges[Int(filling[r * columns + c])] = Int32(e)
                        filling[r * columns + c] += 1
                    }
                }
            }
            var touches = Touches(shape: self)
            for here in 0..<(columns * rows) {
                let list = cellEdges[Int(starts[here])..<Int(starts[here + 1])]
                for (k, e) in zip(list.indices, list) {
                    let (p1, p2) = ends(Int(e))
                    for f in list[(k + 1)...] {
                        let (q1, q2) = ends(Int(f))
                        let (lowLon, lowLat) = (max(min(p1.lon, p2.lon), min(q1.lon, q2.lon)), max(min(p1.lat, p2.lat), min(q1.lat, q2.lat)))
                        guard lowLon <= min(max(p1.lon, p2.lon), max(q1.lon, q2.lon)),
                              lowLat <= min(max(p1.lat, p2.lat), max(q1.lat, q2.lat)) else { continue }
                        // A pair sharing several cells is looked at in the one holding the low corner of their boxes' overlap.
                        guard cell(lowLon, lowLat) == here else { continue }
                        if let fault = meet(edges[Int(e)], edges[Int(f)], meeting(p1, p2, q1, q2), &touches) { return fault }
                    }
                }
            }
            return nil
        }

        /// The fault, if any, of two edges meeting so.
        private func meet(_ e: (ring: Int32, index: Int32), _ f: (ring: Int32, index: Int32), _ meeting: Meeting, _ touches: inout Touches) -> Fault? {
            let (r, s) = (Int(e.ring), Int(f.ring))
            if r == s {
                let last = Int32(rings[r].count - 2)
                let adjacent = abs(e.index - f.index) == 1 || (min(e.index, f.index) == 0 && max(e.index, f.index) == last)
                switch meeting {
                case .none: return nil
                case let .cross(at): return Fault(reason: "\(name(r)) crosses itself", near: at)
                case let .overlap(at): return Fault(reason: "\(name(r)) runs back along itself", near: at)
                case let .touch(at): return adjacent ? nil : Fault(reason: "\(name(r)) touches itself", near: at)
                }
            }
            let (p, q) = (ringPart[r], ringPart[s])
            switch meeting {
            case .none: return nil
            case let .cross(at):
                return Fault(reason: p == q ? "\(name(r)) crosses \(name(s))" : "parts \(p) and \(q) overlap", near: at)
            case let .overlap(at):
                return Fault(reason: p == q ? "\(name(r)) and \(name(s)) share an edge" : "parts \(p) and \(q) share an edge", near: at)
            case let .touch(at):
                return touches.add(at, r, Int(e.index), s, Int(f.index))
            }
        }

        /// Holes inside their shell and not in one another, parts not inside one another, given
        /// that no edges cross: one position of a ring off the other's edges tells on which side it lies.
        func containment() -> Fault? {
            let prepared = rings.map(BandedPolygon.Ring.init)
            let boxes = rings.map { ring in
                ring.dropFirst().reduce((ring[0].lon, ring[0].lon, ring[0].lat, ring[0].lat)) {
                    (min($0.0, $1.lon), max($0.1, $1.lon), min($0.2, $1.lat), max($0.3, $1.lat))
                }
            }
            /// Whether ring `r` lies inside the area of `within` (a shell less its holes); nil when
            /// all its positions and edge midpoints lie on their edges.
            func inside(_ r: Int, _ within: [Int]) -> Bool? {
                let ring = rings[r]
                let candidates = ring.dropLast() + zip(ring, ring.dropFirst()).lazy.map {
                    Coordinate(lat: ($0.lat + $1.lat) / 2, lon: ($0.lon + $1.lon) / 2)
                }
                for c in candidates {
                    let located = within.map { prepared[$0].locate(c) }
                    if located.contains(where: \.onEdge) { continue }
                    return located[0].inside && !located.dropFirst().contains(where: \.inside)
                }
                return nil
            }
            /// Pairs of the rings whose boxes overlap, by a sweep in longitude.
            func overlapping(_ some: [Int]) -> [(Int, Int)] {
                let sorted = some.sorted { boxes[$0].0 < boxes[$1].0 }
                var pairs: [(Int, Int)] = []
                for (k, a) in sorted.enumerated() {
                    for b in sorted[(k + 1)...] {
                        if boxes[b].0 > boxes[a].1 { break }
                        if boxes[b].2 <= boxes[a].3, boxes[a].2 <= boxes[b].3 { pairs.append((a, b)) }
                    }
                }
                return pairs
            }
            for part in partRings {
                let shell = part.lowerBound
                let holes = Array(part.dropFirst())
                for h in holes where inside(h, [shell]) == false {
                    return Fault(reason: "\(name(h)) (a hole) lies outside its shell", near: rings[h][0])
                }
                for (g, h) in overlapping(holes) where inside(g, [h]) == true || inside(h, [g]) == true {
                    return Fault(reason: "holes \(name(g)) and \(name(h)) overlap", near: rings[g][0])
                }
            }
            let shells = partRings.map(\.lowerBound)
            for (a, b) in overlapping(shells) {
                let (p, q) = (ringPart[a], ringPart[b])
                if inside(a, Array(partRings[q])) == true || inside(b, Array(partRings[p])) == true {
                    return Fault(reason: "parts \(p) and \(q) overlap", near: rings[a][0])
                }
            }
            return nil
        }
    }

    /// Where two rings touch: they must not cross there, and within a part the rings and their
    /// touching points must form no cycle (two rings touching twice, or three in a ring), which
    /// would cut the interior in two. A graph of rings and points, kept by union–find.
    private struct Touches {
        let shape: Shape
        var seen: Set<Key> = []
        var incidences: Set<Key> = []
        var points: [Key: Int] = [:]
        var parent: [Int]

        struct Key: Hashable { let ring: Int, other: Int, lon: Double, lat: Double }

        init(shape: Shape) { (self.shape, parent) = (shape, Array(0..<shape.rings.count)) }

        mutating func add(_ at: Coordinate, _ r: Int, _ e: Int, _ s: Int, _ f: Int) -> Fault? {
            guard seen.insert(Key(ring: min(r, s), other: max(r, s), lon: at.lon, lat: at.lat)).inserted else { return nil }
            let (a1, a2) = rays(at, r, e), (b1, b2) = rays(at, s, f)
            let (p, q) = (shape.ringPart[r], shape.ringPart[s])
            if between(at, a1, a2, b1) != between(at, a1, a2, b2) {
                return Fault(reason: p == q ? "\(shape.name(s)) crosses \(shape.name(r))" : "parts \(p) and \(q) overlap", near: at)
            }
            guard p == q else { return nil }
            for ring in [r, s] where incidences.insert(Key(ring: ring, other: -1, lon: at.lon, lat: at.lat)).inserted {
                let point = Key(ring: -1, other: -1, lon: at.lon, lat: at.lat)
                let node = points[point] ?? { parent.append(parent.count); points[point] = parent.count - 1; return parent.count - 1 }()
                let (x, y) = (root(ring), root(node))
                if x == y {
                    return Fault(reason: shape.multi ? "part \(p)'s interior is cut in two by touching rings" : "the interior is cut in two by touching rings", near: at)
                }
                parent[x] = y
            }
            return nil
        }

        mutating func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }

        /// The neighbours of `at` along ring `r`, which passes it on its edge `e`.
        func rays(_ at: Coordinate, _ r: Int, _ e: Int) -> (Coordinate, Coordinate) {
            let ring = shape.rings[r]
            var v: Int
            if at == ring[e] { v = e } else if at == ring[e + 1] { v = e + 1 } else { return (ring[e], ring[e + 1]) }
            if v == ring.count - 1 { v = 0 }
            return (ring[v == 0 ? ring.count - 2 : v - 1], ring[v + 1])
        }
    }
}

extension Geometry {
    /// Refuses a polygon or a multipolygon that is not valid (`PolygonValidity`), naming the fault
    /// and where; other geometries have no area to check.
    public func validateArea(field: Field = .record("geometry")) throws(GeoError) {
        let fault: PolygonValidity.Fault? = switch self {
        case let .polygon(rings): PolygonValidity.fault(ofPolygon: rings)
        case let .multiPolygon(parts): PolygonValidity.fault(ofMultiPolygon: parts)
        default: nil
        }
        if let fault { throw .invalid(field: field, reason: "\(fault)") }
    }
}
