extension Viewport {
    /// The viewport of the given size at the highest zoom (up to `maxZoom`) at which every mark,
    /// anchored at its coordinate and reaching as far as its extent, lies inside the image less
    /// `padding` on each side, centred on the marks. A single mark, or marks at one place, get
    /// `maxZoom`. Nil when not even zoom 0 leaves room for the marks.
    public static func fitting(_ marks: [(Coordinate, PixelExtent)], width: Double, height: Double,
                               padding: Double = 0, maxZoom: Double = 16,
                               projection: any MapProjection = WebMercator()) -> Viewport? {
        let world = marks.map { (projection.pixel($0.0), $0.1) }.filter { $0.0.x.isFinite && $0.0.y.isFinite }
        guard !world.isEmpty else { return nil }
        // At scale s the marks span, on each axis, max(p·s + reach) − min(p·s − reach): convex and
        // growing in s, so the largest s that fits is found by bisection on the zoom.
        func span(_ s: Double) -> (x: (Double, Double), y: (Double, Double)) {
            var xl = Double.infinity, xh = -Double.infinity, yl = Double.infinity, yh = -Double.infinity
            for (p, e) in world {
                xl = min(xl, p.x * s - e.left); xh = max(xh, p.x * s + e.right)
                yl = min(yl, p.y * s - e.top); yh = max(yh, p.y * s + e.bottom)
            }
            return ((xl, xh), (yl, yh))
        }
        func fits(_ zoom: Double) -> Bool {
            let b = span(WebMercator.scale(zoom: zoom))
            return b.x.1 - b.x.0 <= width - 2 * padding && b.y.1 - b.y.0 <= height - 2 * padding
        }
        guard fits(0) else { return nil }
        var zoom = maxZoom
        if !fits(maxZoom) {
            var (low, high) = (0.0, maxZoom)
            while high - low > 1e-9 {
                let mid = (low + high) / 2
                if fits(mid) { low = mid } else { high = mid }
            }
            zoom = low
        }
        // Centre the marks' whole extent: its middle, in world pixels, is the image centre.
        let s = WebMercator.scale(zoom: zoom), b = span(s)
        let center = projection.coordinate(x: (b.x.0 + b.x.1) / 2 / s, y: (b.y.0 + b.y.1) / 2 / s)
        return Viewport(center: center, zoom: zoom, width: width, height: height, projection: projection)
    }
}
