/// A geometry as a map at one zoom needs it: lines and rings simplified to within a tolerance in
/// Web Mercator pixels at that zoom, and areas too small to see there left out.
public struct Generalisation: Sendable {
    /// Pixels per zoom-0 world pixel (2^zoom).
    public let scale: Double
    /// How far (pixels) a simplified line may stray from the original.
    public let tolerance: Double
    /// The smallest ring (pixels², its own area, holes not subtracted) kept; smaller outer rings
    /// drop their polygon, smaller holes are filled.
    public let minArea: Double

    public init(zoom: Double, tolerance: Double, minArea: Double) {
        (scale, self.tolerance, self.minArea) = (WebMercator.scale(zoom: zoom), tolerance, minArea)
    }

    /// The generalised geometry, nil when nothing of it is left to see. Points stay as they are.
    public func apply(_ geometry: Geometry) -> Geometry? {
        switch geometry {
        case .point, .multiPoint: geometry
        case let .lineString(line): self.line(line).map(Geometry.lineString)
        case let .multiLineString(lines):
            Optional(lines.compactMap(line)).flatMap { $0.isEmpty ? nil : .multiLineString($0) }
        case let .polygon(rings): polygon(rings).map(Geometry.polygon)
        case let .multiPolygon(polygons):
            Optional(polygons.compactMap(polygon)).flatMap { $0.isEmpty ? nil : .multiPolygon($0) }
        }
    }

    /// The area of a ring in pixels² at this zoom (positive whatever its orientation).
    public func area(_ ring: [Coordinate]) -> Double {
        let p = ring.map(pixel)
        var twice = 0.0
        for (a, b) in zip(p, p.dropFirst()) { twice += a.x * b.y - b.x * a.y }
        return abs(twice) / 2
    }

    private func pixel(_ c: Coordinate) -> (x: Double, y: Double) {
        let p = WebMercator.pixel(c)
        return (p.x * scale, p.y * scale)
    }

    private func simplified(_ points: [Coordinate]) -> [Coordinate] {
        let keep = Simplification.kept(points.map(pixel), tolerance: tolerance)
        return zip(points, keep).compactMap { $1 ? $0 : nil }
    }

    /// A line shorter than the tolerance end to end and all within it is a dot: left out.
    private func line(_ points: [Coordinate]) -> [Coordinate]? {
        let kept = simplified(points)
        guard kept.count >= 2 else { return nil }
        if kept.count == 2 {
            let a = pixel(kept[0]), b = pixel(kept[1])
            if (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) < tolerance * tolerance { return nil }
        }
        return kept
    }

    private func polygon(_ rings: [[Coordinate]]) -> [[Coordinate]]? {
        guard let outer = rings.first, area(outer) >= minArea else { return nil }
        let kept = ([outer] + rings.dropFirst().filter { area($0) >= minArea }).map(simplified)
        // A ring simplified below a triangle cannot be drawn; an outer ring of its size was
        // already large enough to keep, so keep it whole rather than lose it.
        return kept.enumerated().compactMap { index, ring in
            ring.count >= 4 ? ring : (index == 0 ? rings[0] : nil)
        }
    }
}
