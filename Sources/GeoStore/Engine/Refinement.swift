import GeoCore

/// The exact side of every distance query: the geodesic distance of a row's geometry (edges are
/// geodesics, 0 inside a polygon), and whether its (distance, id) key lies past the page cursor.
package struct DistanceRefinement {
    package let center: Coordinate
    package let after: (Double, FeatureID)?

    package init(_ query: NearestQuery) {
        center = query.center
        after = query.after.map { ($0.distance ?? -.infinity, $0.id) }
    }

    package func key(_ geometry: Geometry, _ id: FeatureID) -> (distance: Double, id: FeatureID) {
        (Geodesic.distance(from: center, to: geometry), id)
    }

    /// Whether a row with this key belongs after the cursor (on this page or a later one).
    package func isPastCursor(_ key: (distance: Double, id: FeatureID)) -> Bool {
        after.map { key > $0 } ?? true
    }
}

extension BoundingBox {
    /// The exact test of a row against a (non-crossing) box: indexes hold approximate boxes.
    package func meets(_ geometry: Geometry) -> Bool {
        if case let .point(c) = geometry { return contains(c) }
        return PlanarGeometry.geometry(geometry, intersects: self)
    }
}
