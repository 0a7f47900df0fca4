import Foundation
import GeoCore

public struct CatchRecord: Hashable, Sendable {
    public var species: String
    public var lengthCm: Double?
    public var weightKg: Double?
    public var time: Date?
    public var bait: String?
    public var location: Coordinate?

    public init(species: String) { self.species = species }
}

extension CatchRecord {
    /// The SQL both stores read a trip's catches with (`QueryEngine.catches(ofTrip:)`), the trip
    /// bound at `placeholder`, the point read by the columns `position` (PostGIS: latitude and
    /// longitude; SpatiaLite: the point's BLOB, which it reads without SpatiaLite's functions).
    package static func sql(placeholder: String, position: String) -> String {
        """
        SELECT species, length_cm, weight_kg, time_utc, bait, \(position) FROM catch
        WHERE trip_id = \(placeholder) ORDER BY time_utc IS NULL, time_utc, id
        """
    }

    /// As answers write it: `species`, and each of `length_cm`, `weight_kg`, `time` (ISO 8601 in
    /// the trip's zone, with its offset), `bait`, `lat`, `lon` that it has.
    func members(zone: TimeZone) -> [(key: String, value: GeoJSONOutput.Value)] {
        var members: [(key: String, value: GeoJSONOutput.Value)] = [("species", .text(species))]
        if let lengthCm { members.append(("length_cm", .number(lengthCm))) }
        if let weightKg { members.append(("weight_kg", .number(weightKg))) }
        if let time { members.append(("time", .text(UTC.local(time, in: zone)))) }
        if let bait { members.append(("bait", .text(bait))) }
        if let location { members += [("lat", .number(location.lat)), ("lon", .number(location.lon))] }
        return members.sorted { $0.key < $1.key }
    }
}

extension CatchRecord {
    /// A catch as `sql` reads it.
    package init(species: String, lengthCm: Double?, weightKg: Double?, time: String?, bait: String?, lat: Double?, lon: Double?) {
        self.init(species: species)
        (self.lengthCm, self.weightKg, self.time, self.bait) = (lengthCm, weightKg, time.flatMap(UTC.parse), bait)
        if let lat, let lon { location = Coordinate(lat: lat, lon: lon) }
    }
}
