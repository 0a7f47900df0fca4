/// An XYZ tile: zoom z, column x from the west, row y from the north.
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    public static let maxZoom = 22
    public let z: Int, x: Int, y: Int

    public init(z: Int, x: Int, y: Int) throws(GeoError) {
        guard (0...Self.maxZoom).contains(z) else { throw .invalid(field: .tileZ, reason: "\(z) is outside 0…\(Self.maxZoom)") }
        let n = 1 << z
        guard (0..<n).contains(x) else { throw .invalid(field: .tileX, reason: "\(x) is outside 0…\(n - 1) at zoom \(z)") }
        guard (0..<n).contains(y) else { throw .invalid(field: .tileY, reason: "\(y) is outside 0…\(n - 1) at zoom \(z)") }
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
