import Foundation
import GeoCore

extension PrintedMap {
    /// The map's viewport: the area framed in the map's rectangle, then zoomed out to the next
    /// round scale at its centre.
    func viewport(in mapRect: PixelRect, markerRadius: Double) throws -> (Viewport, scale: Double) {
        let fitted: Viewport
        switch area {
        case let .bbox(box):
            fitted = try MapRenderer.frame(MapRequest(features: [], projection: projection, framing: .bbox(box),
                                                      width: mapRect.width, height: mapRect.height, style: style), [])
        case let .around(center, radius):
            guard radius > 0, radius <= 2_000_000 else { throw RenderError(.radius, "\(radius) m is not between 0 and 2 000 km") }
            _ = try Coordinate(validatingLat: center.lat, lon: center.lon)
            // The circle's outline, so that the whole circle shows whatever the projection.
            let circle = stride(from: 0.0, to: 360, by: 5).map { (Geodesic.destination(from: center, azimuth: $0, distance: radius), PixelExtent.point) }
            guard let v = Viewport.fitting(circle, width: mapRect.width, height: mapRect.height, maxZoom: 24, projection: projection) else {
                throw RenderError(.radius, "\(radius) m does not fit on the map")
            }
            fitted = Viewport(center: center, zoom: v.zoom, width: v.width, height: v.height, projection: projection)
        case .fit:
            let r = markerRadius + 2
            let marks = features.compactMap { f in MapRenderer.pinPosition(f).map { ($0, PixelExtent(left: r, top: r, right: r, bottom: r)) } }
            guard !marks.isEmpty else {
                throw RenderError.nothingToFit(.area, "nothing to fit, no feature of \(categories.codes.sorted().joined(separator: ", ")) (give a bbox or a centre and radius to print an empty map)")
            }
            // Alone or all at one place, objects are shown at 1:1 000, the largest scale here.
            guard let v = Viewport.fitting(marks, width: mapRect.width, height: mapRect.height, maxZoom: 24, projection: projection) else {
                throw RenderError(.area, "the objects do not fit on one map")
            }
            fitted = v
        }
        var v = fitted
        guard v.origin.x.isFinite, v.origin.y.isFinite, v.metresPerPixel.isFinite, v.metresPerPixel > 0 else {
            throw RenderError(.crs, "\(projection.identifier) cannot draw this area")
        }
        // Metres per pixel halve with each zoom step: two steps of Newton's land on the scale.
        let target = max(PrintScale.roundUp(v.metresPerPixel / PrintScale.metresPerPoint), 1000)
        for _ in 0..<2 { v.zoom -= log2(target * PrintScale.metresPerPoint / v.metresPerPixel) }
        return (v, target)
    }
}
