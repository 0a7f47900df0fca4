import Foundation
import GeoCore

/// How a map is framed: an explicit box, a centre and zoom, or zoom-to-fit of its features.
public enum Framing: Sendable {
    case bbox(BoundingBox)
    case center(Coordinate, zoom: Double)
    /// The highest zoom (up to `maxZoom`) at which every pin and its label fit, `padding` pixels in.
    case fit(padding: Double, maxZoom: Double)
}

extension MapRenderer {
    /// The viewport the request asks for; zoom-to-fit frames the marks as they are drawn.
    /// Checks the request first: callers frame before they fetch, and fetch before they render.
    public static func frame(_ request: MapRequest, _ drawn: [Feature], cancellation: Cancellation = .never) throws -> Viewport {
        try request.validate()
        let viewport = try unchecked(request, drawn, cancellation: cancellation)
        // Outside a projected CRS's reach PROJ gives no number: say so rather than draw "nan m".
        guard viewport.origin.x.isFinite, viewport.origin.y.isFinite, viewport.metresPerPixel.isFinite else {
            throw RenderError(.crs, "\(request.projection.identifier) cannot draw this area (the map's features lie outside its reach)")
        }
        return viewport
    }

    private static func unchecked(_ request: MapRequest, _ drawn: [Feature], cancellation: Cancellation) throws -> Viewport {
        switch request.framing {
        case let .center(c, zoom):
            return Viewport(center: c, zoom: zoom, width: request.width, height: request.height, projection: request.projection)
        case let .bbox(box):
            // The box's edges, sampled: in Web Mercator the corners tell; in other projections
            // parallels and meridians curve, so the edges are walked finely.
            let east = box.crossesAntimeridian ? box.maxLon + 360 : box.maxLon, steps = request.projection is WebMercator ? 1 : 256
            let edges = (0...steps).flatMap { i -> [Coordinate] in
                let t = Double(i) / Double(steps), lon = box.minLon + t * (east - box.minLon), lat = box.minLat + t * (box.maxLat - box.minLat)
                return [Coordinate(lat: box.minLat, lon: lon), Coordinate(lat: box.maxLat, lon: lon),
                        Coordinate(lat: lat, lon: box.minLon), Coordinate(lat: lat, lon: east)]
            }
            guard let v = Viewport.fitting(edges.map { ($0, .point) }, width: request.width, height: request.height,
                                           maxZoom: Double(TileID.maxZoom), projection: request.projection) else {
                throw RenderError(.bbox, "\(box) does not fit in \(Int(request.width))×\(Int(request.height)) px")
            }
            return v
        case let .fit(padding, maxZoom):
            let (w, h, p) = (request.width, request.height, request.projection)
            let room = (width: max(w - 2 * padding, 1), height: max(h - 2 * padding, 1))
            // The places with room for the largest mark each may get: a pin standing on it, or a
            // dot or ring inside the cell that holds it; the shapes and tracks point by point.
            let pin = MarkForms.pinReach(request.style), cell = request.style.clusters.largestSpan
            let extent = PixelExtent(left: max(pin.left, cell), top: max(pin.top, cell), right: max(pin.right, cell), bottom: max(pin.bottom, cell))
            var marks: [(Coordinate, PixelExtent)] = [], points: [Coordinate] = []
            for f in drawn {
                try cancellation.check()
                if !f.geometry.isPoint { points += f.geometry.coordinates }
                if let c = pinPosition(f) { marks.append((c, extent)) }
                points += request.layers == .complete ? f.track?.coordinates ?? [] : []
            }
            guard !marks.isEmpty || !points.isEmpty else {
                throw RenderError.nothingToFit(.category, "no selected feature has a position; give \(Field.bbox), or \(Field.center) and \(Field.zoom)")
            }
            // When not even zoom 0 holds them (a world-wide selection on a small image), show
            // the whole world at zoom 0.
            guard let roomy = Viewport.fitting(marks + points.map { ($0, .point) }, width: w, height: h, padding: padding,
                                               maxZoom: maxZoom, projection: p) else {
                return Viewport(center: Coordinate(lat: 0, lon: 0), zoom: 0, width: w, height: h, projection: p)
            }
            // That always holds the marks as drawn; a closer zoom may too (most marks do not
            // reach their cell's far side): the closest found by bisection, centred on the ink.
            func drawnBox(atZoom zoom: Double) throws -> PixelRect? {
                try cancellation.check()
                var v = roomy
                v.zoom = zoom
                let box = try AnnotationLayout.markInk(pinned(drawn, request: request, viewport: v).pinned, viewport: v, style: request.style,
                                                       cancellation: cancellation)
                let all = points.reduce(box) { box, c in
                    let q = v.worldPixel(c)
                    return box?.including(q) ?? PixelRect(x: q.x, y: q.y, width: 0, height: 0)
                }
                return all.flatMap { $0.width <= room.width && $0.height <= room.height ? $0 : nil }
            }
            var (low, high) = (roomy.zoom, maxZoom)
            guard var best = try drawnBox(atZoom: low) else { return roomy }
            if let top = try drawnBox(atZoom: high) {
                (low, best) = (high, top)
            } else {
                for _ in 0..<12 where high - low > 1e-3 {
                    let mid = (low + high) / 2
                    if let box = try drawnBox(atZoom: mid) { (low, best) = (mid, box) } else { high = mid }
                }
            }
            var fitted = roomy
            fitted.zoom = low
            fitted.center = p.coordinate(x: best.midX / pow(2, low), y: best.midY / pow(2, low))
            return fitted
        }
    }
}
