import GeoCore

/// A layer of countries (Natural Earth's `admin_0_countries`) as a map draws it: its land
/// borders, and each country's name at a point inside it. A country's outline is a border only
/// where another country's polygon shares the edge: the rest of it is coast, which the land and
/// the sea already draw (stroked as a border, every coast was dash-dotted). Natural Earth's
/// countries share their borders vertex for vertex, so a shared edge is found by its two ends.
struct CountryBorders {
    private struct Edge: Hashable {
        let a: Coordinate, b: Coordinate
        /// The same edge whichever way a ring runs along it.
        init(_ p: Coordinate, _ q: Coordinate) { (a, b) = (p.lat, p.lon) < (q.lat, q.lon) ? (p, q) : (q, p) }
    }

    private var rings: [(country: Int, points: [Coordinate])] = []
    /// Each edge's countries: the first to have it, and whether a second has it too.
    private var edges: [Edge: (first: Int, shared: Bool)] = [:]
    private var names: [BaseFeature] = []
    private var count = 0

    /// A country's area, with its name and population (the name's rank).
    mutating func add(_ area: Geometry, name: String?, names languages: [String: String], population: Int) {
        let country = count
        count += 1
        let polygons: [[[Coordinate]]] = switch area {
        case let .polygon(rings): [rings]
        case let .multiPolygon(polygons): polygons
        default: []
        }
        for whole in polygons.joined() {
            // A repeated vertex would end a run of border edges, restarting its dashes.
            var ring: [Coordinate] = []
            for p in whole where p != ring.last { ring.append(p) }
            guard ring.count > 1 else { continue }
            rings.append((country, ring))
            for (p, q) in zip(ring, ring.dropFirst()) {
                let edge = Edge(p, q)
                if let known = edges[edge] {
                    if known.first != country { edges[edge] = (known.first, true) }
                } else {
                    edges[edge] = (country, false)
                }
            }
        }
        if let name, let at = PlanarGeometry.representativePoint(of: area) {
            names.append(BaseFeature(layer: .place, kind: "country", name: name, names: languages, rank: population, geometry: .point(at)))
        }
    }

    /// The borders, each shared edge once (from the ring of the first country to have it), a
    /// feature per run of consecutive edges (a map reads those near it); then the countries' names.
    func features() -> [BaseFeature] {
        var lines: [[Coordinate]] = []
        for (country, ring) in rings {
            let isBorder = zip(ring, ring.dropFirst()).map { p, q in edges[Edge(p, q)].map { $0.shared && $0.first == country } ?? false }
            guard isBorder.contains(true) else { continue }
            // Start after an edge that is not a border, so that a run across the ring's closing point stays whole.
            let start = isBorder.allSatisfy { $0 } ? 0 : (isBorder.firstIndex(of: false)! + 1) % isBorder.count
            var run: [Coordinate] = []
            for k in 0..<isBorder.count {
                let i = (start + k) % isBorder.count
                if isBorder[i] {
                    if run.isEmpty { run.append(ring[i]) }
                    run.append(ring[i + 1])
                } else if !run.isEmpty {
                    lines.append(run)
                    run = []
                }
            }
            if !run.isEmpty { lines.append(run) }
        }
        return lines.map { BaseFeature(layer: .border, kind: "2", geometry: .lineString($0)) } + names
    }
}
