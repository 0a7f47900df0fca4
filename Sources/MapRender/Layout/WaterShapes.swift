import GeoCore

/// Waters that a finished map shows by their own shape — a river's line, a lake wide enough to
/// see — carry no pin: one name along the line or inside the area says which water it is, where
/// a pin per stretch would name a river once for every way it was cut into. A water too small to
/// see keeps its pin.
enum WaterShapes {
    /// The least size on the image, on each side of its box, of a lake shown without a pin.
    static let minimumSide = 24.0

    static func isShownByShape(_ f: Feature, project: (Coordinate) -> (x: Double, y: Double)) -> Bool {
        guard f.id.kind == .water else { return false }
        switch f.geometry {
        case .lineString, .multiLineString: return true
        case .polygon, .multiPolygon:
            let points = f.geometry.coordinates.map(project)
            guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
                  let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return false }
            return maxX - minX >= minimumSide && maxY - minY >= minimumSide
        case .point, .multiPoint: return false
        }
    }

    /// The water as a base feature, for `BaseLabels` to name: a line as a river, an area as a lake.
    static func baseFeature(_ f: Feature) -> BaseFeature {
        let line: Bool = switch f.geometry {
        case .lineString, .multiLineString: true
        default: false
        }
        return BaseFeature(layer: line ? .waterway : .water, kind: line ? "river" : "lake", name: f.name, names: f.names, geometry: f.geometry)
    }
}
