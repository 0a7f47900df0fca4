import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
import Testing

/// The angler's diary end to end: a water and trips with catches, written as GeoJSON files,
/// imported through `FileImport` into a fresh store, then counted and found.
@Suite struct DiaryImportTests {
    let database = TemporaryDatabase()

    static let waters = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "hracholusky",
       "geometry": {"type": "Polygon", "coordinates": [[[13.10, 49.77], [13.20, 49.77], [13.20, 49.81], [13.10, 49.81], [13.10, 49.77]]]},
       "properties": {"name": "Hracholusky", "water": "reservoir", "organisation": "ČRS Plzeň"}}
    ]}
    """

    static let dawnSpot = Coordinate(lat: 49.7902, lon: 13.1495)

    /// Three trips on Hracholusky over two years: carp in 2023, pike in 2023 (no time of its own:
    /// its trip's year), carp in 2024 (on a track, with neither trip nor file id).
    static let trips = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "2023-05-20", "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
       "properties": {"name": "Dawn by the dam", "timezone": "Europe/Prague", "start": "2023-05-20T05:30", "end": "2023-05-20T10:00",
                      "water": "Hracholusky", "weather": "mist",
                      "catches": [{"species": "carp", "length_cm": 62, "weight_kg": 4.5, "time": "2023-05-20T06:40", "bait": "boilie",
                                   "lat": 49.7903, "lon": 13.1497}]}},
      {"type": "Feature", "id": "2023-09-02", "geometry": {"type": "Point", "coordinates": [13.17, 49.78]},
       "properties": {"name": "September evening", "start": "2023-09-02T16:00Z", "water": "Hracholusky",
                      "catches": [{"species": "pike", "length_cm": 71, "weight_kg": 3.1, "bait": "spinner"}]}},
      {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[13.12, 49.79], [13.14, 49.80], [13.16, 49.80]]},
       "properties": {"name": "Rowing the bay", "start": "2024-06-15T04:45+02:00", "water": "Hracholusky",
                      "catches": [{"species": "carp", "length_cm": 70, "weight_kg": 6.25, "time": "2024-06-15T07:05+02:00"}]}}
    ]}
    """

    private func write(_ text: String, _ name: String) throws -> String {
        let url = database.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func importDiary(into store: any FeatureStore) throws -> ImportSummary {
        let files = try FileImport.parse(paths: [write(Self.waters, "waters.geojson")], kind: .water)
            + FileImport.parse(paths: [write(Self.trips, "diary.geojson")], kind: .trip)
        #expect(files.flatMap(\.problems).isEmpty, "\(files.flatMap(\.problems))")
        return try store.importFiles(files, skipInvalid: false)
    }

    /// Each trip was out one day and caught something.
    private func stat(_ group: [String], _ count: Int, _ totalKg: Double, _ maxKg: Double?, _ maxCm: Double?, trips: Int = 1) -> CatchStatistic {
        CatchStatistic(group: group, count: count, weighed: count, totalWeightKg: totalKg, maxWeightKg: maxKg, maxLengthCm: maxCm,
                       trips: trips, daysOut: trips, blankTrips: 0)
    }

    @Test(arguments: StoreKind.available)
    func catchesAreCountedByWaterSpeciesAndYear(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let summary = try importDiary(into: store)
        #expect(summary.inserted == [.water: 1, .trip: 3])

        // By hand: carp 4.5 kg / 62 cm (2023) and 6.25 kg / 70 cm (2024); pike 3.1 kg / 71 cm (2023).
        let byWaterSpeciesYear = [
            stat(["Hracholusky", "carp", "2023"], 1, 4.5, 4.5, 62),
            stat(["Hracholusky", "carp", "2024"], 1, 6.25, 6.25, 70),
            stat(["Hracholusky", "pike", "2023"], 1, 3.1, 3.1, 71),
        ]
        let bySpecies = [
            stat(["carp"], 2, 4.5 + 6.25, 6.25, 70, trips: 2),
            stat(["pike"], 1, 3.1, 3.1, 71),
        ]
        #expect(try store.catchStatistics(by: [.water, .species, .year]) == byWaterSpeciesYear)
        #expect(try store.catchStatistics(by: [.species]) == bySpecies)

        // Importing the diary again updates the same trips (by id, or by name and start) and
        // replaces their catches: nothing is counted twice.
        _ = try importDiary(into: store)
        #expect(try store.count("trip") == 3 && store.count("catch") == 3 && store.count("water") == 1)
        #expect(try store.catchStatistics(by: [.water, .species, .year]) == byWaterSpeciesYear)
        #expect(try store.catchStatistics(by: [.species]) == bySpecies)
    }

    @Test(arguments: StoreKind.available)
    func aTripIsFoundAtItsSpot(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        _ = try importDiary(into: store)
        let nearest = try store.nearest(NearestQuery(center: Self.dawnSpot, limit: 1, categories: CategoryFilter(["trip"]))).features
        let trip = try #require(nearest.first)
        #expect(nearest.count == 1)
        #expect(trip.id.kind == .trip && trip.name == "Dawn by the dam")
        #expect(trip.distance == 0)
        #expect(trip.geometry == .point(Self.dawnSpot))
    }
}
