import GeoCore

extension Geometry {
    /// The geometry with every edge that runs along a pole from one side of the antimeridian to
    /// the other walked in steps of 90° of longitude. Natural Earth closes Antarctica with one
    /// edge from (180, −90) to (−180, −90): the same place, but an edge spanning more than 180°,
    /// which `validate` takes for one crossing the antimeridian unsplit (RFC 7946 §3.1.9).
    var polarEdgesWalked: Geometry {
        func walked(_ points: [Coordinate]) -> [Coordinate] {
            guard zip(points, points.dropFirst()).contains(where: { abs($0.lon - $1.lon) > 180 }) else { return points }
            var out = [points[0]]
            for (a, b) in zip(points, points.dropFirst()) {
                if abs(a.lon - b.lon) > 180, a.lat == b.lat, abs(a.lat) == 90 {
                    let steps = Int((abs(a.lon - b.lon) / 90).rounded(.up))
                    for i in 1..<steps {
                        out.append(Coordinate(lat: a.lat, lon: a.lon + (b.lon - a.lon) * Double(i) / Double(steps)))
                    }
                }
                out.append(b)
            }
            return out
        }
        return switch self {
        case .point, .multiPoint: self
        case let .lineString(line): .lineString(walked(line))
        case let .multiLineString(lines): .multiLineString(lines.map(walked))
        case let .polygon(rings): .polygon(rings.map(walked))
        case let .multiPolygon(polygons): .multiPolygon(polygons.map { $0.map(walked) })
        }
    }
}
