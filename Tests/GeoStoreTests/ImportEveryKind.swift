import Foundation
import GeoCore
@testable import GeoStore

/// An instant from a local wall-clock time "YYYY-MM-DD HH:MM" in an IANA zone, through Foundation's
/// calendar (not the importers' parser).
func instant(_ text: String, in zone: String) -> Date {
    let numbers = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar.date(from: DateComponents(year: numbers[0], month: numbers[1], day: numbers[2],
                                              hour: numbers[3], minute: numbers[4]))!
}

/// A closed square ring with its south-west corner at `corner`, `size` degrees on a side.
func square(_ corner: Coordinate, _ size: Double) -> [Coordinate] {
    [corner, Coordinate(lat: corner.lat, lon: corner.lon + size), Coordinate(lat: corner.lat + size, lon: corner.lon + size),
     Coordinate(lat: corner.lat + size, lon: corner.lon), corner]
}

/// A few rows of every kind: 3 places, a lake and a river, a cinema with 2 screenings, 2 trips
/// (one with a track) on the lake, 3 catches.
func importEveryKind(into store: any FeatureStore) throws {
    let riga = Coordinate(lat: 56.9496, lon: 24.1052)
    var places = ["Doma laukums", "Brīvības piemineklis", "Centrāltirgus"].enumerated().map { i, name in
        PlaceRecord(category: "see", name: name, location: Coordinate(lat: riga.lat + Double(i) * 0.01, lon: riga.lon))
    }
    places[1].alternateNames = ["Milda"]
    let lake = WaterRecord(name: "Ķīšezers", waterKind: "lake", geometry: .polygon([square(Coordinate(lat: 57.0, lon: 24.15), 0.05)]))
    var river = WaterRecord(name: "Daugava", waterKind: "river",
                            geometry: .lineString([Coordinate(lat: 56.90, lon: 24.00), Coordinate(lat: 56.95, lon: 24.08)]))
    river.alternateNames = ["Düna", "Väina"]
    var cinema = CinemaRecord(name: "Kino Splendid Palace", timezone: "Europe/Riga", location: Coordinate(lat: 56.9539, lon: 24.1170))
    cinema.alternateNames = ["Kinoteātris Rīga"] // its name in Soviet times
    cinema.screenings = [Screening(title: "Avengers", start: instant("2012-05-08 15:00", in: "GMT"), minutes: 137),
                         Screening(title: "Titanic 3D", start: instant("2012-05-08 18:00", in: "GMT"), minutes: 194)]
    var morning = TripRecord(name: "Morning on Ķīšezers")
    morning.waterName = "Ķīšezers"
    morning.start = instant("2013-06-01 04:00", in: "GMT")
    morning.track = [Coordinate(lat: 57.01, lon: 24.16), Coordinate(lat: 57.02, lon: 24.17), Coordinate(lat: 57.03, lon: 24.17)]
    var pike = CatchRecord(species: "Līdaka")
    pike.weightKg = 2.5
    var perch = CatchRecord(species: "Asaris")
    perch.weightKg = 0.25
    morning.catches = [pike, perch]
    var evening = TripRecord(name: "Evening on Ķīšezers")
    evening.waterName = "Ķīšezers"
    evening.spot = Coordinate(lat: 57.04, lon: 24.18)
    evening.catches = [CatchRecord(species: "Rauda")]
    _ = try store.importFiles([ParsedFile(file: "base", places.map(ImportRecord.place)
                                   + [.water(lake), .water(river), .cinema(cinema), .trip(morning), .trip(evening)])],
                              skipInvalid: false)
}
