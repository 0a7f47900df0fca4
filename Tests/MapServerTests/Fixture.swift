import Foundation
import GeoCore
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import MapServer

/// One database for every test of this target, in a temporary directory (never ~/.cache): random
/// places over the whole globe (poles and antimeridian included), a dense cluster in Helsinki for
/// maps and tiles, waters, and cinemas with a day's programme. The records are kept, so answers
/// can be checked against brute force over them.
final class Fixture: Sendable {
    static let shared = try! Fixture()

    let path: String
    let places: [PlaceRecord]
    let waters: [WaterRecord]
    let cinemas: [CinemaRecord]
    static let day = "2012-05-08"
    static let helsinki = Coordinate(lat: 60.1699, lon: 24.9384)

    private init() throws {
        var rng = SeededRandom(seed: 2024)
        let categories = ["do", "see", "stay", "eat", "route"]
        var places: [PlaceRecord] = (0..<2_500).map { i in
            let c: Coordinate = switch i % 10 {
            case 0: Coordinate(lat: .random(in: 88...90, using: &rng), lon: .random(in: -180...180, using: &rng))
            case 1: Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: 179...180, using: &rng))
            case 2: Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: -180 ... -179, using: &rng))
            default: Coordinate(lat: .random(in: -90...90, using: &rng), lon: .random(in: -180...180, using: &rng))
            }
            return PlaceRecord(category: categories[Int.random(in: 0..<5, using: &rng)], name: "P\(i)", location: c)
        }
        for i in 0..<300 {
            var p = PlaceRecord(category: categories[i % 5], name: "H\(i)",
                                location: Coordinate(lat: .random(in: 60.15...60.19, using: &rng), lon: .random(in: 24.90...24.98, using: &rng)))
            p.names = ["lv": "Helsinki \(i)"]
            places.append(p)
        }
        self.places = places
        waters = (0..<40).map { i in
            let c = Coordinate(lat: .random(in: -70...70, using: &rng), lon: .random(in: -179...179, using: &rng)), d = 0.2
            let g: Geometry = i % 2 == 0
                ? .polygon([[c, Coordinate(lat: c.lat, lon: c.lon + d), Coordinate(lat: c.lat + d, lon: c.lon + d), Coordinate(lat: c.lat + d, lon: c.lon), c]])
                : .lineString([c, Coordinate(lat: c.lat + d, lon: c.lon + d)])
            return WaterRecord(name: "W\(i)", waterKind: i % 2 == 0 ? "lake" : "river", geometry: g)
        }
        func at(_ local: String, _ zone: String) -> Date {
            let f = DateFormatter()
            f.dateFormat = "yyyy-MM-dd HH:mm"
            f.timeZone = TimeZone(identifier: zone)
            return f.date(from: local)!
        }
        var kino = CinemaRecord(name: "Kino Helsinki", timezone: "Europe/Helsinki", location: Self.helsinki)
        kino.screenings = [Screening(title: "Kummeli", start: at("2012-05-08 00:15", "Europe/Helsinki"), minutes: 90, rating: "MP-12"),
                           Screening(title: "Late show", start: at("2012-05-08 23:30", "Europe/Helsinki")),
                           Screening(title: "Midnight show", start: at("2012-05-09 00:30", "Europe/Helsinki"))]
        var plzen = CinemaRecord(name: "Cinema City Plzeň", timezone: "Europe/Prague", location: Coordinate(lat: 49.7475, lon: 13.3776))
        plzen.screenings = [Screening(title: "Muži v naději", start: at("2012-05-08 17:30", "Europe/Prague"), minutes: 118, rating: "MP-15", version: "ČT"),
                            Screening(title: "Kummeli", start: at("2012-05-08 20:00", "Europe/Prague"))]
        let empty = CinemaRecord(name: "Kino Tyhjä", timezone: "Europe/Helsinki", location: Coordinate(lat: 60.2, lon: 24.9))
        cinemas = [kino, plzen, empty]

        path = try temporaryDatabase(places.map { .place($0) } + waters.map { .water($0) } + cinemas.map { .cinema($0) })
    }

    /// Every located feature as (name, category, geometry), straight from the records.
    var rows: [(name: String, category: String, geometry: Geometry)] {
        places.map { ($0.name, $0.category, Geometry.point($0.location!)) } + waters.map { ($0.name!, "water", $0.geometry) }
            + cinemas.map { ($0.name, "cinema", Geometry.point($0.location!)) }
    }

    /// Brute force: every row's geodesic distance, nearest first.
    func nearest(_ center: Coordinate, categories: Set<String> = [], within radius: Double = .infinity) -> [(name: String, distance: Double)] {
        rows.filter { categories.isEmpty || categories.contains($0.category) }
            .map { ($0.name, Geodesic.distance(from: center, to: $0.geometry)) }
            .filter { $0.1 <= radius }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    func inBox(_ box: BoundingBox, categories: Set<String> = []) -> Set<String> {
        Set(rows.filter { row in
            (categories.isEmpty || categories.contains(row.category)) && box.unwrapped.contains { part in
                if case let .point(c) = row.geometry { return part.contains(c) }
                return PlanarGeometry.geometry(row.geometry, intersects: part)
            }
        }.map(\.name))
    }
}

/// A new database of `records` in a temporary directory (never ~/.cache); its path.
func temporaryDatabase(_ records: [ImportRecord]) throws -> String {
    var file = ParsedFile(file: "fixture")
    file.records = records.map { ("", $0) }
    return try temporaryDatabase(importing: [file])
}

/// A new SpatiaLite file in a folder of its own, holding `files`.
func temporaryDatabase(importing files: [ParsedFile], skipInvalid: Bool = false) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("fixture.sqlite").path
    _ = try SpatiaLiteStore(path: path).importFiles(files, skipInvalid: skipInvalid)
    return path
}
