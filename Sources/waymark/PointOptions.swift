import ArgumentParser
import GeoCore

/// Latitude and longitude as people type them, negative numbers included.
struct PointOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Latitude in degrees (-90…90).", transform: decimal)
    var lat: Double

    @Option(parsing: .unconditional, help: "Longitude in degrees (-180…180).", transform: decimal)
    var lon: Double

    /// As typed: the engine checks the range.
    var coordinate: Coordinate { Coordinate(lat: lat, lon: lon) }
}
