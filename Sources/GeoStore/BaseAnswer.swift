import GeoCore

/// A base-map answer as both stores give it. Their spatial indexes find candidates by boxes of
/// single precision, rounded outward each its own way; a candidate is kept when its exact
/// bounding box meets the box, once however many of the box's parts found it. The features come
/// in drawing order: by layer, bottom first; places by rank, largest first; else in the order
/// they were stored (their row ids, given in import order by both stores).
package struct BaseAnswer {
    private let parts: [BoundingBox]
    private var found: [Int64: BaseFeature] = [:]

    package init(_ box: BoundingBox) { parts = box.unwrapped }

    /// The box's parts, none crossing the antimeridian, for the index searches.
    package var searched: [BoundingBox] { parts }

    /// Takes a candidate of row `id`.
    package mutating func add(_ id: Int64, _ feature: BaseFeature) {
        guard found[id] == nil, let extent = Extent(feature.geometry),
              parts.contains(where: { extent.meets($0) }) else { return }
        found[id] = feature
    }

    package var features: [BaseFeature] {
        found.sorted { ($0.value.layer, -$0.value.rank, $0.key) < ($1.value.layer, -$1.value.rank, $1.key) }.map(\.value)
    }
}

/// A geometry's bounding box, in double precision.
private struct Extent {
    var minLon = Double.infinity, minLat = Double.infinity, maxLon = -Double.infinity, maxLat = -Double.infinity

    init?(_ geometry: Geometry) {
        for c in geometry.coordinates {
            (minLon, maxLon) = (min(minLon, c.lon), max(maxLon, c.lon))
            (minLat, maxLat) = (min(minLat, c.lat), max(maxLat, c.lat))
        }
        guard minLon <= maxLon else { return nil }
    }

    func meets(_ box: BoundingBox) -> Bool {
        minLon <= box.maxLon && maxLon >= box.minLon && minLat <= box.maxLat && maxLat >= box.minLat
    }
}
