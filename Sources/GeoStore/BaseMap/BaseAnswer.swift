import GeoCore

/// A base-map answer as both stores give it. Their spatial indexes find candidates by boxes of
/// single precision, rounded outward each its own way; a candidate is kept when its exact
/// bounding box meets the box, once however many of the box's parts found it. The features come
/// in drawing order: by layer, bottom first; places by rank, largest first; else in the order
/// they were stored (their row ids, given in import order by both stores).
package struct BaseAnswer {
    private let parts: [BoundingBox]
    private var found: [BaseFeature] = []
    /// Each found feature's place in drawing order: its layer's, its rank, its row id. Sorting
    /// these rather than the features spares copying each feature at every comparison.
    private var order: [(layer: Int, rank: Int, id: Int64)] = []
    private var ids: Set<Int64> = []

    package init(_ box: BoundingBox) { parts = box.unwrapped }

    /// The box's parts, none crossing the antimeridian, for the index searches.
    package var searched: [BoundingBox] { parts }

    /// Takes a candidate of row `id`, which becomes its `BaseFeature.id`.
    package mutating func add(_ id: Int64, _ feature: BaseFeature) {
        guard let extent = Extent(feature.geometry), parts.contains(where: { extent.meets($0) }) else { return }
        // One search finds a row once: only the parts of a box across the antimeridian may find it twice.
        if parts.count > 1 { guard ids.insert(id).inserted else { return } }
        order.append((Self.layers.firstIndex(of: feature.layer)!, feature.rank, id))
        var feature = feature
        feature.id = id
        found.append(feature)
    }

    private static let layers = BaseLayer.allCases

    package var features: [BaseFeature] {
        found.indices.sorted { a, b in
            let (x, y) = (order[a], order[b])
            return (x.layer, -x.rank, x.id) < (y.layer, -y.rank, y.id)
        }.map { found[$0] }
    }
}

/// A geometry's bounding box, in double precision.
private struct Extent {
    var minLon = Double.infinity, minLat = Double.infinity, maxLon = -Double.infinity, maxLat = -Double.infinity

    init?(_ geometry: Geometry) {
        // Line by line: `Geometry.coordinates` would copy them all into one array first.
        switch geometry {
        case let .point(c): add([c])
        case let .lineString(cs), let .multiPoint(cs): add(cs)
        case let .polygon(lines), let .multiLineString(lines): lines.forEach { add($0) }
        case let .multiPolygon(polygons): polygons.forEach { $0.forEach { add($0) } }
        }
        guard minLon <= maxLon else { return nil }
    }

    private mutating func add(_ coordinates: [Coordinate]) {
        for c in coordinates {
            (minLon, maxLon) = (min(minLon, c.lon), max(maxLon, c.lon))
            (minLat, maxLat) = (min(minLat, c.lat), max(maxLat, c.lat))
        }
    }

    func meets(_ box: BoundingBox) -> Bool {
        minLon <= box.maxLon && maxLon >= box.minLon && minLat <= box.maxLat && maxLat >= box.minLat
    }
}
