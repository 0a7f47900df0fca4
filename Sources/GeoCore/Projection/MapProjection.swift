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
