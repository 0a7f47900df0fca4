/// A position on WGS84 in degrees. Latitude first in Swift, longitude first on the wire (GeoJSON).
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    public var lat: Double
    public var lon: Double

    public init(lat: Double, lon: Double) {
        self.lat = lat
        self.lon = lon
    }

    /// A validated coordinate: finite, latitude within ±90, longitude within ±180.
    public init(validatingLat lat: Double, lon: Double) throws(GeoError) {
        guard lat.isFinite else { throw .invalid(field: .lat, reason: "\(lat) is not a finite number") }
        guard lon.isFinite else { throw .invalid(field: .lon, reason: "\(lon) is not a finite number") }
        guard (-90...90).contains(lat) else { throw .invalid(field: .lat, reason: "\(lat) is outside -90…90") }
        guard (-180...180).contains(lon) else { throw .invalid(field: .lon, reason: "\(lon) is outside -180…180") }
        self.init(lat: lat, lon: lon)
    }

    /// `LAT,LON` in degrees, as typed in a command line or a query string; errors name `field`.
    public init(parsing text: String, field: Field) throws(GeoError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.parse($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1] else {
            throw .invalid(field: field, reason: "'\(text)' is not LAT,LON in degrees")
        }
        do { try self.init(validatingLat: lat, lon: lon) } catch let .invalid(_, reason) { throw .invalid(field: field, reason: reason) }
    }

    public var description: String { "\(lat),\(lon)" }
}
