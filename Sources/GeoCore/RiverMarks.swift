/// A river mapped as many stretches (OSM cuts a river's way at every bridge, weir and change of
/// tags) is one water to a reader: of the stretches of one name that meet end to end, one carries
/// the river's mark, so that a map pins and names it once, and the same one in every tile.
///
/// The stretches of a name are joined where an end of one is an end of another (the shared node
/// of two ways); the longest stretch of each joined group carries the mark — its pin stands at
/// its middle — and of equally long ones the lowest id. Stores keep the choice per record and
/// make it again for the names an import or a deletion touched.
public enum RiverMarks {
    /// The ids among `stretches` (all of one name) that carry their river's mark: one per group
    /// of stretches joined end to end. Geometries that are not lines are not stretches of a river
    /// and always carry their own.
    public static func carriers(_ stretches: [(id: Int64, geometry: Geometry)]) -> Set<Int64> {
        var parent = Array(stretches.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        // Each end, by its exact coordinates, joins the first stretch seen there.
        var atEnd: [Coordinate: Int] = [:]
        var lengths = [Double](repeating: 0, count: stretches.count)
        var carriers: Set<Int64> = []
        for (i, s) in stretches.enumerated() {
            guard let lines = lines(s.geometry) else {
                carriers.insert(s.id)
                continue
            }
            lengths[i] = lines.reduce(0) { total, line in zip(line, line.dropFirst()).reduce(total) { $0 + Geodesic.distance($1.0, $1.1) } }
            for line in lines {
                for end in [line.first, line.last].compactMap({ $0 }) {
                    if let other = atEnd[end] {
                        let (a, b) = (root(i), root(other))
                        if a != b { parent[a] = b }
                    } else {
                        atEnd[end] = i
                    }
                }
            }
        }
        var longest: [Int: Int] = [:]
        for i in stretches.indices where lines(stretches[i].geometry) != nil {
            let group = root(i)
            guard let best = longest[group] else {
                longest[group] = i
                continue
            }
            if lengths[i] > lengths[best] || (lengths[i] == lengths[best] && stretches[i].id < stretches[best].id) {
                longest[group] = i
            }
        }
        for i in longest.values { carriers.insert(stretches[i].id) }
        return carriers
    }

    /// The records of one name whose stored choice must change: each with what it is to be.
    public static func changes(_ stored: [(id: Int64, geometry: Geometry, carriesMark: Bool)]) -> [(id: Int64, carriesMark: Bool)] {
        let chosen = carriers(stored.map { ($0.id, $0.geometry) })
        return stored.compactMap { chosen.contains($0.id) == $0.carriesMark ? nil : ($0.id, !$0.carriesMark) }
    }

    private static func lines(_ geometry: Geometry) -> [[Coordinate]]? {
        switch geometry {
        case let .lineString(line): [line]
        case let .multiLineString(lines): lines
        default: nil
        }
    }
}
