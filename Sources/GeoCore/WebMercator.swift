import Foundation

/// Web Mercator (EPSG:3857) as map tiles use it: the world is a square of 256·2^zoom pixels,
/// x growing east from the antimeridian, y growing south from 85.0511° N.
public enum WebMercator {
    /// The latitude where the square world ends (its top and bottom edges).
    public static let maxLatitude = 85.05112877980659
    public static let tileSize = 256.0

    /// The position in world pixels at zoom 0 (0…256 on each axis); latitudes beyond
    /// ±`maxLatitude` are clamped to the edges.
    public static func pixel(_ c: Coordinate) -> (x: Double, y: Double) {
        let lat = min(max(c.lat, -maxLatitude), maxLatitude) * .pi / 180
        let x = (c.lon + 180) / 360 * tileSize
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * tileSize
        return (x, y)
    }

    /// The coordinate at world pixel (x, y) at zoom 0.
    public static func coordinate(x: Double, y: Double) -> Coordinate {
        let lon = x / tileSize * 360 - 180
        let n = Double.pi * (1 - 2 * y / tileSize)
        return Coordinate(lat: atan(sinh(n)) * 180 / .pi, lon: lon)
    }

    /// Pixels per zoom-0 pixel at `zoom` (fractional zooms allowed).
    public static func scale(zoom: Double) -> Double { pow(2, zoom) }

    /// Ground metres per pixel at `lat` and `zoom` (on the WGS84 equatorial radius).
    public static func metresPerPixel(lat: Double, zoom: Double) -> Double {
        let lat = min(max(lat, -maxLatitude), maxLatitude) // as the map itself does
        return 2 * Double.pi * Geodesic.equatorialRadius * cos(lat * .pi / 180) / (tileSize * scale(zoom: zoom))
    }
}

/// An XYZ tile: zoom z, column x from the west, row y from the north.
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    public static let maxZoom = 22
    public let z: Int, x: Int, y: Int

    public init(z: Int, x: Int, y: Int) throws(GeoError) {
        guard (0...Self.maxZoom).contains(z) else { throw .invalid(field: "z", reason: "\(z) is outside 0…\(Self.maxZoom)") }
        let n = 1 << z
        guard (0..<n).contains(x) else { throw .invalid(field: "x", reason: "\(x) is outside 0…\(n - 1) at zoom \(z)") }
        guard (0..<n).contains(y) else { throw .invalid(field: "y", reason: "\(y) is outside 0…\(n - 1) at zoom \(z)") }
        (self.z, self.x, self.y) = (z, x, y)
    }

    /// The tile at zoom `z` that contains `c`.
    public init(containing c: Coordinate, zoom z: Int) throws(GeoError) {
        let p = WebMercator.pixel(c), n = Double(1 << z)
        let x = min(Int(p.x / WebMercator.tileSize * n), (1 << z) - 1)
        let y = min(Int(p.y / WebMercator.tileSize * n), (1 << z) - 1)
        try self.init(z: z, x: x, y: y)
    }

    /// The tile's area: west, south, east, north edges.
    public var bounds: BoundingBox {
        let n = Double(1 << z), size = WebMercator.tileSize / n
        let nw = WebMercator.coordinate(x: Double(x) * size, y: Double(y) * size)
        let se = WebMercator.coordinate(x: Double(x + 1) * size, y: Double(y + 1) * size)
        return BoundingBox(minLon: nw.lon, minLat: se.lat, maxLon: se.lon, maxLat: nw.lat)
    }

    public var description: String { "\(z)/\(x)/\(y)" }
}

/// What a map image shows: a centre, a (fractional) zoom and a size in pixels. Projects
/// coordinates to pixels of the image, top-left origin.
public struct Viewport: Hashable, Sendable {
    public var center: Coordinate
    public var zoom: Double
    public var width: Double, height: Double

    public init(center: Coordinate, zoom: Double, width: Double, height: Double) {
        self.center = center
        self.zoom = zoom
        self.width = width
        self.height = height
    }

    /// The pixel of the image where `c` lies (it may be outside the image).
    public func pixel(_ c: Coordinate) -> (x: Double, y: Double) {
        let s = WebMercator.scale(zoom: zoom), p = WebMercator.pixel(c), o = WebMercator.pixel(center)
        return ((p.x - o.x) * s + width / 2, (p.y - o.y) * s + height / 2)
    }

    /// The coordinate at pixel (x, y) of the image.
    public func coordinate(x: Double, y: Double) -> Coordinate {
        let s = WebMercator.scale(zoom: zoom), o = WebMercator.pixel(center)
        return WebMercator.coordinate(x: o.x + (x - width / 2) / s, y: o.y + (y - height / 2) / s)
    }

    /// The area the image shows, as a valid box: longitudes brought into ±180 (so it may cross
    /// the antimeridian), the whole width of the world when the image spans it all.
    public var bounds: BoundingBox { bounds(margin: 0) }

    /// The area the image shows with `margin` pixels more on every side: where marks that reach
    /// into the image (a pin whose tip lies below its bottom edge) may stand.
    public func bounds(margin: Double) -> BoundingBox {
        let nw = coordinate(x: -margin, y: -margin), se = coordinate(x: width + margin, y: height + margin)
        guard se.lon - nw.lon < 360 else { return BoundingBox(minLon: -180, minLat: se.lat, maxLon: 180, maxLat: nw.lat) }
        func wrapped(_ lon: Double) -> Double { lon > 180 ? lon - 360 : (lon < -180 ? lon + 360 : lon) }
        return BoundingBox(minLon: wrapped(nw.lon), minLat: se.lat, maxLon: wrapped(se.lon), maxLat: nw.lat)
    }
}

/// How far a drawn mark reaches from its anchor, in pixels: a pin reaches up from its tip, a
/// label to the side. Zoom-to-fit keeps every mark whole inside the image.
public struct PixelExtent: Hashable, Sendable {
    public var left, top, right, bottom: Double

    public init(left: Double, top: Double, right: Double, bottom: Double) {
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
    }

    public static let point = PixelExtent(left: 0, top: 0, right: 0, bottom: 0)
}

extension Viewport {
    /// The viewport of the given size at the highest zoom (up to `maxZoom`) at which every mark,
    /// anchored at its coordinate and reaching as far as its extent, lies inside the image less
    /// `padding` on each side, centred on the marks. A single mark, or marks at one place, get
    /// `maxZoom`. Nil when not even zoom 0 leaves room for the marks.
    public static func fitting(_ marks: [(Coordinate, PixelExtent)], width: Double, height: Double,
                               padding: Double = 0, maxZoom: Double = 16) -> Viewport? {
        guard !marks.isEmpty else { return nil }
        let world = marks.map { (WebMercator.pixel($0.0), $0.1) }
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
        let center = WebMercator.coordinate(x: (b.x.0 + b.x.1) / 2 / s, y: (b.y.0 + b.y.1) / 2 / s)
        return Viewport(center: center, zoom: zoom, width: width, height: height)
    }
}
