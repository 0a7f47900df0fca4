import Foundation

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
