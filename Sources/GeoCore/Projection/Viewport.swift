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

    /// The viewport a vector tile `tile` is drawn for: its area at twice the size, 512 pixels a
    /// side, which is the scale of zoom z+1. MapLibre GL draws every vector tile 512 pixels wide
    /// (and refuses another size), so a vector tile z holds what the 256-pixel tiles of z+1 show.
    public init(vectorTile tile: TileID) {
        let area = Viewport(tile: tile)
        self.init(center: area.center, zoom: area.zoom + 1, width: 2 * area.width, height: 2 * area.height)
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
    /// any projection, where a formula would hold for one. The pixel's two ends are measured by the
    /// ellipsoid's radii of curvature between them (within 10⁻⁴ at zoom 0, 10⁻⁶ from zoom 4), so
    /// that drawing a map needs no geodesic library; by the geodesic where those radii do not hold,
    /// across a pole or more than a degree of longitude (a polar projection's centre).
    public var metresPerPixel: Double {
        let west = coordinate(x: width / 2 - 0.5, y: height / 2), east = coordinate(x: width / 2 + 0.5, y: height / 2)
        let phi = (west.lat + east.lat) / 2 * .pi / 180, degree = Double.pi / 180
        var lon = (east.lon - west.lon).truncatingRemainder(dividingBy: 360)
        lon = lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon
        guard abs(lon) <= 1, max(abs(west.lat), abs(east.lat)) < 89 else { return Geodesic.distance(west, east) }
        let northward = Ellipsoid.meridianRadius(phi) * (east.lat - west.lat) * degree
        let eastward = Ellipsoid.axisDistance(phi) * lon * degree
        return (northward * northward + eastward * eastward).squareRoot()
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
