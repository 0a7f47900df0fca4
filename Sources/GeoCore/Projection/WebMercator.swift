import Foundation

/// How a map lays the world flat: coordinates to "world pixels at zoom 0", x growing east and y
/// growing south, on a scale where 256 pixels are the equator's length (as in Web Mercator), so
/// that a zoom means the same detail in every projection. A map at zoom z multiplies by 2^z.
public protocol MapProjection: Sendable {
    /// Tells projections apart (e.g. "EPSG:3857").
    var identifier: String { get }
    /// The world pixel of `c` at zoom 0; not finite where the projection does not reach.
    func pixel(_ c: Coordinate) -> (x: Double, y: Double)
    func coordinate(x: Double, y: Double) -> Coordinate
}

/// Web Mercator (EPSG:3857) as map tiles use it: the world is a square of 256·2^zoom pixels,
/// x growing east from the antimeridian, y growing south from 85.0511° N.
public struct WebMercator: MapProjection {
    public init() {}
    public var identifier: String { "EPSG:3857" }
    public func pixel(_ c: Coordinate) -> (x: Double, y: Double) { Self.pixel(c) }
    public func coordinate(x: Double, y: Double) -> Coordinate { Self.coordinate(x: x, y: y) }

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

/// What a map image shows: a projection, a centre, a (fractional) zoom and a size in pixels.
/// Projects coordinates to pixels of the image, top-left origin.
public struct Viewport: Sendable {
    public var projection: any MapProjection { didSet { placeOrigin() } }
    public var center: Coordinate { didSet { placeOrigin() } }
    public var zoom: Double { didSet { scale = WebMercator.scale(zoom: zoom); placeOrigin() } }
    public var width: Double { didSet { placeOrigin() } }
    public var height: Double { didSet { placeOrigin() } }
    /// 2^zoom, kept: layout projects thousands of marks per image.
    private var scale: Double
    /// The world pixel at the image's top-left corner, kept: `pixel` needs it for every point.
    public private(set) var origin = (x: 0.0, y: 0.0)

    public init(center: Coordinate, zoom: Double, width: Double, height: Double, projection: any MapProjection = WebMercator()) {
        self.projection = projection
        self.center = center
        self.zoom = zoom
        self.scale = WebMercator.scale(zoom: zoom)
        self.width = width
        self.height = height
        placeOrigin()
    }

    private mutating func placeOrigin() {
        let c = worldPixel(center)
        origin = (c.x - width / 2, c.y - height / 2)
    }

    /// The viewport that shows exactly the XYZ tile `tile` (256 pixels a side; draw it at a
    /// larger scale for HiDPI tiles).
    public init(tile: TileID) {
        let n = Double(1 << tile.z), world = WebMercator.tileSize / n
        let center = WebMercator.coordinate(x: (Double(tile.x) + 0.5) * world, y: (Double(tile.y) + 0.5) * world)
        self.init(center: center, zoom: Double(tile.z), width: WebMercator.tileSize, height: WebMercator.tileSize)
    }

    /// `c` in world pixels at this zoom: the plane on which layout is done, fixed to the world,
    /// so that every image and tile at one zoom sees the same positions.
    public func worldPixel(_ c: Coordinate) -> (x: Double, y: Double) {
        let p = projection.pixel(c)
        return (p.x * scale, p.y * scale)
    }

    /// The pixel of the image where `c` lies (it may be outside the image).
    public func pixel(_ c: Coordinate) -> (x: Double, y: Double) {
        let p = worldPixel(c), o = origin
        return (p.x - o.x, p.y - o.y)
    }

    /// The coordinate at pixel (x, y) of the image.
    public func coordinate(x: Double, y: Double) -> Coordinate {
        let o = origin
        return projection.coordinate(x: (o.x + x) / scale, y: (o.y + y) / scale)
    }

    /// Ground metres per pixel across the image's centre, measured on the ellipsoid: right for
    /// any projection, where a formula would hold for one.
    public var metresPerPixel: Double {
        let west = coordinate(x: width / 2 - 0.5, y: height / 2), east = coordinate(x: width / 2 + 0.5, y: height / 2)
        return Geodesic.distance(west, east)
    }

    /// The area the image shows, as a valid box: longitudes brought into ±180 (so it may cross
    /// the antimeridian), the whole width of the world when the image spans it all.
    public var bounds: BoundingBox { bounds(margin: 0) }

    /// The area the image shows with `margin` pixels more on every side: where marks that reach
    /// into the image (a pin whose tip lies below its bottom edge) may stand. In Web Mercator the
    /// edges are parallels and meridians, so the corners tell; in another projection they curve
    /// (a transverse Mercator's top edge bulges north across its central meridian), so they are
    /// walked a pixel at a time.
    public func bounds(margin: Double) -> BoundingBox { bounds(margin: (margin, margin)) }

    /// As `bounds(margin:)`, with a margin of its own for each axis.
    public func bounds(margin: (x: Double, y: Double)) -> BoundingBox {
        let steps = projection is WebMercator ? 1 : Int(max(width + 2 * margin.x, height + 2 * margin.y).rounded(.up))
        var edge: [Coordinate] = []
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let x = -margin.x + t * (width + 2 * margin.x), y = -margin.y + t * (height + 2 * margin.y)
            edge += [coordinate(x: x, y: -margin.y), coordinate(x: x, y: height + margin.y),
                     coordinate(x: -margin.x, y: y), coordinate(x: width + margin.x, y: y)]
        }
        edge = edge.filter { $0.lat.isFinite && $0.lon.isFinite }
        let west = edge.map(\.lon).min() ?? -180, east = edge.map(\.lon).max() ?? 180
        let south = max(edge.map(\.lat).min() ?? -90, -90), north = min(edge.map(\.lat).max() ?? 90, 90)
        guard east - west < 360 else { return BoundingBox(minLon: -180, minLat: south, maxLon: 180, maxLat: north) }
        func wrapped(_ lon: Double) -> Double { lon > 180 ? lon - 360 : (lon < -180 ? lon + 360 : lon) }
        return BoundingBox(minLon: wrapped(west), minLat: south, maxLon: wrapped(east), maxLat: north)
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
