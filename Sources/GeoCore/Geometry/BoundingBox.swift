import Foundation

/// A longitude/latitude box. When `minLon > maxLon` the box crosses the antimeridian.
public struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    public var minLon: Double
    public var minLat: Double
    public var maxLon: Double
    public var maxLat: Double

    public init(minLon: Double, minLat: Double, maxLon: Double, maxLat: Double) {
        self.minLon = minLon
        self.minLat = minLat
        self.maxLon = maxLon
        self.maxLat = maxLat
    }

    /// The box of `coordinates` (not across the antimeridian); of none, the point 0, 0.
    public init(enclosing coordinates: [Coordinate]) {
        self.init(minLon: coordinates.map(\.lon).min() ?? 0, minLat: coordinates.map(\.lat).min() ?? 0,
                  maxLon: coordinates.map(\.lon).max() ?? 0, maxLat: coordinates.map(\.lat).max() ?? 0)
    }

    /// The box round `boxes` (none of them across the antimeridian); nil for none.
    public init?(enclosing boxes: [BoundingBox]) {
        guard !boxes.isEmpty else { return nil }
        self.init(minLon: boxes.map(\.minLon).min()!, minLat: boxes.map(\.minLat).min()!,
                  maxLon: boxes.map(\.maxLon).max()!, maxLat: boxes.map(\.maxLat).max()!)
    }

    /// Parses `MINLON,MINLAT,MAXLON,MAXLAT`; `field` names the parameter in errors.
    public init(parsing text: String, field: Field = .bbox) throws(GeoError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else {
            throw .invalid(field: field, reason: "expected MINLON,MINLAT,MAXLON,MAXLAT, got \(parts.count) value(s)")
        }
        var values: [Double] = []
        for (name, part) in zip(["minLon", "minLat", "maxLon", "maxLat"], parts) {
            guard let value = DecimalNumber.parse(part) else {
                throw .invalid(field: field, reason: "\(name) '\(part)' is not a finite number")
            }
            values.append(value)
        }
        try self.init(validatingMinLon: values[0], minLat: values[1], maxLon: values[2], maxLat: values[3], field: field)
    }

    public init(validatingMinLon minLon: Double, minLat: Double, maxLon: Double, maxLat: Double,
                field: Field = .bbox) throws(GeoError) {
        for (name, lon) in [("minLon", minLon), ("maxLon", maxLon)] where !(lon.isFinite && (-180...180).contains(lon)) {
            throw .invalid(field: field, reason: "\(name) \(lon) is outside -180…180")
        }
        for (name, lat) in [("minLat", minLat), ("maxLat", maxLat)] where !(lat.isFinite && (-90...90).contains(lat)) {
            throw .invalid(field: field, reason: "\(name) \(lat) is outside -90…90")
        }
        guard minLat <= maxLat else { throw .invalid(field: field, reason: "minLat \(minLat) is above maxLat \(maxLat)") }
        self.init(minLon: minLon, minLat: minLat, maxLon: maxLon, maxLat: maxLat)
    }

    public var crossesAntimeridian: Bool { minLon > maxLon }

    /// The box as one or two boxes that do not cross the antimeridian.
    public var unwrapped: [BoundingBox] {
        guard crossesAntimeridian else { return [self] }
        return [BoundingBox(minLon: minLon, minLat: minLat, maxLon: 180, maxLat: maxLat),
                BoundingBox(minLon: -180, minLat: minLat, maxLon: maxLon, maxLat: maxLat)]
    }

    public func contains(_ c: Coordinate) -> Bool {
        guard c.lat >= minLat, c.lat <= maxLat else { return false }
        return crossesAntimeridian ? (c.lon >= minLon || c.lon <= maxLon) : (c.lon >= minLon && c.lon <= maxLon)
    }

    public var description: String { "\(minLon),\(minLat),\(maxLon),\(maxLat)" }
}
