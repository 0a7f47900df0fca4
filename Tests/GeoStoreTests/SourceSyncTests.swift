import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import PostGISStore
import Testing

/// A record's identity is its source and source id, whatever its file is called: files written
/// here, imported through `FileImport` into each store, and counted with the tests' own SQL.
@Suite struct SourceSyncTests {
    let files = TemporaryDatabase()

    private func write(_ name: String, _ text: String) throws -> String {
        let url = files.directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func load(_ store: any FeatureStore, _ name: String, _ text: String, source: String? = nil, kind: FeatureKind? = nil,
                      replacing: Set<String> = [], skipInvalid: Bool = false) throws -> ImportSummary {
        let parsed = try FileImport.parse(paths: [write(name, text)], kind: kind, source: source)
        #expect(parsed.flatMap(\.problems).isEmpty, "\(parsed.flatMap(\.problems))")
        return try store.importFiles(parsed, skipInvalid: skipInvalid, strictTimezones: false, replacingSources: replacing, allowShrink: false)
    }

    /// One day of Cinema City Plzeň's programme, marked `"kind": "cinema"` (not `category`), times local to Prague
    /// (a time with its date, "2012-05-11T00:05", is a screening after midnight), stating `days` when given.
    static func programme(_ day: String, _ titles: [(time: String, title: String)], days: [String]? = nil) -> String {
        let screenings = titles.map { s in
            #"{"title": "\#(s.title)", "start": "\#(s.time.contains("T") ? s.time : "\(day)T\(s.time)")", "minutes": 120}"#
        }
        return """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "cc-plzen-plaza", "geometry": {"type": "Point", "coordinates": [13.3706, 49.7437]},
           "properties": {"kind": "cinema", "name": "Cinema City Plzeň Plaza", "timezone": "Europe/Prague",\(days.map { #" "programme_days": ["\#($0.joined(separator: #"", ""#))"],"# } ?? "")
                          "screenings": [\(screenings.joined(separator: ", "))]}}]}
        """
    }

    @Test(arguments: StoreKind.available)
    func aProgrammeIsAddedAndReplacedADayAtATime(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let plzen = Coordinate(lat: 49.7437, lon: 13.3706)
        _ = try load(store, "plzen-2012-05-08.geojson", Self.programme("2012-05-08", [("17:00", "Muži v naději"), ("20:00", "Avengers")]),
                     source: "cinemacity")
        // The next day's file, under another name: the same cinema, and the 8th's programme stays.
        _ = try load(store, "plzen-2012-05-09.geojson", Self.programme("2012-05-09", [("18:30", "Titanic 3D")]), source: "cinemacity")
        #expect(try store.count("cinema") == 1)
        #expect(try store.count("poi") == 0, "the cinema is not a POI")
        func titles(_ day: String) throws -> [String] {
            try store.cinemas(near: plzen, day: day, film: nil, limit: 5).flatMap { $0.screenings.map(\.title) }
        }
        #expect(try titles("2012-05-08") == ["Muži v naději", "Avengers"])
        #expect(try titles("2012-05-09") == ["Titanic 3D"])
        // The 8th published again, changed: that day replaced, the 9th kept.
        _ = try load(store, "plzen-2012-05-08-v2.geojson", Self.programme("2012-05-08", [("21:15", "Avengers")]), source: "cinemacity")
        #expect(try titles("2012-05-08") == ["Avengers"])
        #expect(try titles("2012-05-09") == ["Titanic 3D"])
        #expect(try store.count("screening") == 2)
    }

    /// A day's file with a screening after midnight is about its own day only: it neither
    /// replaces the next day's programme nor loses that screening when the next day's file comes.
    @Test(arguments: StoreKind.available, [false, true])
    func aScreeningAfterMidnightStaysWithItsDay(_ kind: StoreKind, nextDayFirst: Bool) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let plzen = Coordinate(lat: 49.7437, lon: 13.3706)
        let files = [
            ("plzen-2012-05-10.geojson", Self.programme("2012-05-10", [("20:00", "Avengers"), ("2012-05-11T00:05", "Prometheus")])),
            ("plzen-2012-05-11.geojson", Self.programme("2012-05-11", [("17:30", "Muži v naději"), ("20:45", "Titanic 3D"),
                                                                          ("2012-05-12T00:10", "Temný stín")])),
        ]
        for (name, text) in nextDayFirst ? files.reversed() : files { _ = try load(store, name, text, source: "cinemacity") }
        func titles(_ day: String) throws -> [String] {
            try store.cinemas(near: plzen, day: day, film: nil, limit: 5).flatMap { $0.screenings.map(\.title) }
        }
        #expect(try titles("2012-05-10") == ["Avengers"])
        #expect(try titles("2012-05-11") == ["Prometheus", "Muži v naději", "Titanic 3D"])
        #expect(try titles("2012-05-12") == ["Temný stín"])
        // The 10th published again: its after-midnight screening replaced, the 11th's own kept.
        _ = try load(store, "plzen-2012-05-10-v2.geojson", Self.programme("2012-05-10", [("20:00", "Avengers"), ("2012-05-11T00:15", "Prometheus")]),
                     source: "cinemacity")
        #expect(try titles("2012-05-11") == ["Prometheus", "Muži v naději", "Titanic 3D"])
        #expect(try store.count("screening") == 5)
    }

    /// A file that states its days replaces those, a day without screenings included, and refuses
    /// a screening on another day, naming it.
    @Test(arguments: StoreKind.available)
    func aProgrammeReplacesTheDaysItStates(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let plzen = Coordinate(lat: 49.7437, lon: 13.3706)
        func titles(_ day: String) throws -> [String] {
            try store.cinemas(near: plzen, day: day, film: nil, limit: 5).flatMap { $0.screenings.map(\.title) }
        }
        _ = try load(store, "plzen-2012-05-10.geojson", Self.programme("2012-05-10", [("20:00", "Avengers")]), source: "cinemacity")
        _ = try load(store, "plzen-2012-05-11.geojson", Self.programme("2012-05-11", [("20:45", "Titanic 3D")]), source: "cinemacity")
        // The 11th's programme withdrawn (the cinema closed), stated in the 10th's new file.
        _ = try load(store, "plzen-2012-05-10-11.geojson",
                     Self.programme("2012-05-10", [("21:00", "Avengers"), ("2012-05-11T00:30", "Prometheus")], days: ["2012-05-10", "2012-05-11"]),
                     source: "cinemacity")
        #expect(try titles("2012-05-10") == ["Avengers"])
        #expect(try titles("2012-05-11") == ["Prometheus"])

        let stray = try FileImport.parse(paths: [write("plzen-stray.geojson",
            Self.programme("2012-05-10", [("20:00", "Avengers"), ("2012-05-12T15:00", "Titanic 3D")], days: ["2012-05-10"]))], kind: nil, source: "cinemacity")
        let before = try store.contentSnapshot()
        let refusal = #expect(throws: ImportFailure.self) {
            try store.importFiles(stray, skipInvalid: false, strictTimezones: false, replacingSources: [], allowShrink: false)
        }
        #expect(refusal?.problems.map(\.reason) == ["screenings[1].start: 2012-05-12 is not one of programme_days (2012-05-10)"])
        #expect(try store.contentSnapshot() == before)
        let notADay = try FileImport.parse(paths: [write("plzen-bad.geojson", Self.programme("2012-05-10", [("20:00", "Avengers")], days: ["10.5.2012"]))],
                                           kind: nil, source: "cinemacity")
        #expect(notADay.flatMap(\.problems).map(\.description) == ["\(files.directory.path)/plzen-bad.geojson: feature 0: programme_days[0]: '10.5.2012' is not a date in the form YYYY-MM-DD"])
    }

    @Test(arguments: StoreKind.available)
    func rowsWithoutIdsAreNotDoubledAndARenamedOneIsReplaced(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let first = "name,category,lat,lon\nKafejnīca Jūra,eat,57.5068,22.8032\nRojas muzejs,see,57.5088,22.8081\n"
        _ = try load(store, "roja.csv", first)
        _ = try load(store, "roja.csv", first)
        #expect(try store.count("poi") == 2, "the same rows imported twice")

        // The museum renamed: without --replace-source both names stay, with it the old one goes.
        let renamed = "name,category,lat,lon\nKafejnīca Jūra,eat,57.5068,22.8032\nRojas Jūras zvejniecības muzejs,see,57.5088,22.8081\n"
        _ = try load(store, "roja.csv", renamed)
        #expect(try store.count("poi") == 3)
        let summary = try load(store, "roja.csv", renamed, replacing: ["roja.csv"])
        #expect(summary.deleted == [.poi: 1])
        #expect(Set(try store.texts("SELECT name FROM poi")) == ["Kafejnīca Jūra", "Rojas Jūras zvejniecības muzejs"])
        // Found by the index as well: no stale R*Tree entry for the deleted row.
        let found = try store.bbox(BoxQuery(box: BoundingBox(minLon: 22.7, minLat: 57.4, maxLon: 22.9, maxLat: 57.6))).features
        #expect(Set(found.compactMap(\.name)) == ["Kafejnīca Jūra", "Rojas Jūras zvejniecības muzejs"])
    }

    @Test(arguments: StoreKind.available)
    func replacingASourceLeavesOtherSourcesAlone(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        _ = try load(store, "a.csv", "name,category,lat,lon\nA1,eat,57.5,22.8\nA2,eat,57.6,22.8\n")
        _ = try load(store, "b.csv", "name,category,lat,lon\nB1,eat,57.5,22.9\n")
        _ = try load(store, "a-new.csv", "name,category,lat,lon\nA2,eat,57.6,22.8\n", source: "a.csv", replacing: ["a.csv"])
        #expect(Set(try store.texts("SELECT name FROM poi")) == ["A2", "B1"])
    }

    /// A record skipped as invalid is in no import plan: under --replace-source its stored row
    /// would go as if the file no longer held it. The import is refused and nothing changes.
    @Test(arguments: StoreKind.available)
    func replacingASourceRefusesSkippedRecords(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        _ = try load(store, "a.csv", "name,category,lat,lon\nA1,eat,57.5,22.8\nA2,eat,57.6,22.8\n")
        let before = try store.contentSnapshot()
        // A2's latitude is now out of range: skipped under --skip-invalid.
        let parsed = try FileImport.parse(paths: [write("a.csv", "name,category,lat,lon\nA1,eat,57.5,22.8\nA2,eat,97.6,22.8\n")], kind: nil, source: nil)
        #expect(parsed.flatMap(\.problems).count == 1)
        #expect {
            _ = try store.importFiles(parsed, skipInvalid: true, strictTimezones: false, replacingSources: ["a.csv"], allowShrink: false)
        } throws: { ($0 as? GeoError)?.field == .replaceSource }
        #expect(try store.contentSnapshot() == before)
        #expect(Set(try store.texts("SELECT name FROM poi")) == ["A1", "A2"])
    }

    /// A replacement that would delete more of its source's records than it stores (an empty
    /// file, one cut short) is refused with both counts, and changes nothing; one that keeps at
    /// least as many as it deletes is a new version of the file and goes through.
    @Test(arguments: StoreKind.available)
    func replacingASourceByFarFewerRecordsIsRefused(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let header = "name,category,lat,lon\n"
        _ = try load(store, "a.csv", header + "A1,eat,57.5,22.8\nA2,eat,57.6,22.8\nA3,eat,57.7,22.8\n")
        let before = try store.contentSnapshot()
        for (text, stored, removed) in [(header, 0, 3), (header + "A1,eat,57.5,22.8\n", 1, 2)] {
            let refused = #expect(throws: ShrinkRefused.self) { try load(store, "a-new.csv", text, source: "a.csv", replacing: ["a.csv"]) }
            #expect(refused?.stored == stored && refused?.removed == removed, "\(String(describing: refused))")
            #expect(try store.contentSnapshot() == before)
        }
        let shrunk = try load(store, "a-new.csv", header + "A1,eat,57.5,22.8\nA2,eat,57.6,22.8\n", source: "a.csv", replacing: ["a.csv"])
        #expect(shrunk.deleted == [.poi: 1])
    }

    static let places = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "k", "properties": {"name": "Kafe", "category": "eat"}, "geometry": {"type": "Point", "coordinates": [22.80, 57.50]}},
      {"type": "Feature", "id": "m", "properties": {"name": "Muzejs", "category": "see"}, "geometry": {"type": "Point", "coordinates": [22.81, 57.51]}},
      {"type": "Feature", "id": "f", "properties": {"name": "Far café", "category": "eat"}, "geometry": {"type": "Point", "coordinates": [24.0, 57.0]}},
      {"type": "Feature", "id": "c", "properties": {"kind": "cinema", "name": "Kino", "timezone": "Europe/Riga",
         "screenings": [{"title": "Film", "start": "2024-05-08T19:00"}]}, "geometry": {"type": "Point", "coordinates": [22.805, 57.505]}}
    ]}
    """

    @Test(arguments: StoreKind.available)
    func deleteByIdSourceAndQuery(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        _ = try load(store, "roja.geojson", Self.places)
        _ = try load(store, "other.csv", "name,category,lat,lon\nOther,do,57.505,22.805\n")
        let id = { (name: String) in FeatureID(kind: .poi, row: Int64(try store.texts("SELECT id FROM poi WHERE name = '\(name)'")[0])!) }

        // Nothing half-written: one unknown id refuses the whole deletion, an unknown source too.
        let before = try store.contentSnapshot()
        #expect(throws: GeoError.self) { try store.delete(.ids([try id("Kafe"), FeatureID(kind: .poi, row: 999)])) }
        #expect(throws: GeoError.self) { try store.delete(.sources(SourceFilter(["nothing.geojson"]))) }
        #expect(throws: GeoError.self) { try store.delete(.query(BoxQuery(box: BoundingBox(minLon: 22, minLat: 57, maxLon: 23, maxLat: 58),
                                                                            categories: CategoryFilter(["nosuchcategory"])))) }
        #expect(try store.contentSnapshot() == before)

        #expect(try store.delete(.ids([try id("Far café")])) == [.poi: 1])
        // The eat places and cinemas in the box round Roja: Kafe and Kino (with its screening), not Muzejs or Other.
        let box = BoundingBox(minLon: 22.79, minLat: 57.49, maxLon: 22.82, maxLat: 57.52)
        #expect(try store.delete(.query(BoxQuery(box: box, categories: CategoryFilter(["eat", "cinema"])))) == [.poi: 1, .cinema: 1])
        #expect(Set(try store.texts("SELECT name FROM poi")) == ["Muzejs", "Other"])
        #expect(try store.count("screening") == 0)
        #expect(Set(try store.bbox(BoxQuery(box: box)).features.compactMap(\.name)) == ["Muzejs", "Other"])
        #expect(try store.delete(.sources(SourceFilter(["roja.geojson"]))) == [.poi: 1])
        #expect(try store.texts("SELECT name FROM poi") == ["Other"])
    }

    /// Sources are checked by the engine as categories are, in every query and deletion and in
    /// both stores: an unknown one refuses the query naming `Field.source` and the known ones;
    /// the known ones follow imports and deletions; a deletion of several sources deletes each.
    @Test(arguments: StoreKind.available)
    func unknownSourcesAreRefusedByEveryQueryAndDeletion(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        #expect(try store.knownSources().isEmpty)
        _ = try load(store, "roja.geojson", Self.places)
        _ = try load(store, "other.csv", "name,category,lat,lon\nOther,do,57.505,22.805\n")
        _ = try load(store, "third.csv", "name,category,lat,lon\nThird,see,57.506,22.806\n")
        #expect(try store.knownSources() == ["roja.geojson", "other.csv", "third.csv"])
        let here = Coordinate(lat: 57.5, lon: 22.8), unknown = SourceFilter(["other.csv", "nosuch.csv"])
        let box = BoundingBox(minLon: 22, minLat: 57, maxLon: 23, maxLat: 58)
        let refusals: [() throws -> Void] = [
            { _ = try store.nearest(NearestQuery(center: here, sources: unknown)) },
            { _ = try store.nearest(NearestQuery(center: here, sources: unknown, maxDistance: 5_000)) },
            { _ = try store.bbox(BoxQuery(box: box, sources: unknown)) },
            { _ = try store.search(SearchQuery(text: "kafe", sources: unknown)) },
            { _ = try store.cinemas(NearestQuery(center: here, sources: unknown), day: "2024-05-08", film: nil) },
            { _ = try store.delete(.query(BoxQuery(box: box, sources: unknown))) },
            { _ = try store.delete(.sources(unknown)) },
            { _ = try store.delete(.sources(SourceFilter())) },
        ]
        let before = try store.contentSnapshot()
        for (i, refusal) in refusals.enumerated() {
            let error = #expect(throws: GeoError.self, "refusal \(i)") { try refusal() }
            #expect(error?.field == .source, "refusal \(i)")
        }
        let error = #expect(throws: GeoError.self) { try store.bbox(BoxQuery(box: box, sources: unknown)) }
        #expect(error?.reason.description == "no stored record comes from 'nosuch.csv'; the known sources are other.csv, roja.geojson, third.csv")
        #expect(try store.contentSnapshot() == before)
        #expect(try store.bbox(BoxQuery(box: box, sources: SourceFilter(["other.csv", "third.csv"]))).features.compactMap(\.name) == ["Other", "Third"])

        #expect(try store.delete(.sources(SourceFilter(["other.csv", "roja.geojson"]))) == [.poi: 4, .cinema: 1])
        #expect(try store.texts("SELECT name FROM poi") == ["Third"])
        #expect(try store.knownSources() == ["third.csv"])
    }

    static let waters = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "way/8880952", "properties": {"name": "Valira – brodění", "waterway": "river"},
       "geometry": {"type": "LineString", "coordinates": [[1.5200, 42.5000], [1.5300, 42.5000]]}},
      {"type": "Feature", "id": "way/8880953", "properties": {"name": "Valira – brodění", "waterway": "river"},
       "geometry": {"type": "LineString", "coordinates": [[1.5200, 42.4700], [1.5300, 42.4700]]}}
    ]}
    """

    /// A trip named by the water's name that two waters have: the one 3.4 km away comes first,
    /// the trip's spot is 111 m from the second (0.001° of latitude south of its line).
    static func trips(_ water: String, more: String = "") -> String {
        """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "t1", "geometry": {"type": "Point", "coordinates": [1.5250, 42.4690]},
           "properties": {"name": "Ráno u brodu", "start": "2024-01-01T00:10", "timezone": "Europe/Andorra", "water": "\(water)",
             "catches": [{"species": "Pstruh obecný", "time": "2024-01-01T00:30", "length_cm": 31},
                         {"species": "pstruh obecný", "time": "2024-01-01T00:40", "weight_kg": 0.4}]}}\(more)
        ]}
        """
    }

    /// A store holding `waters`, and the temporary database the caller keeps until it is done.
    private func storeWithWaters(_ kind: StoreKind) throws -> (TemporaryStore, any TestedStore) {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        _ = try load(store, "waters.geojson", Self.waters, kind: .water)
        return (temporary, store)
    }

    @Test(arguments: StoreKind.available)
    func aTripIsLinkedToTheNearestWaterOfItsNameOrToTheWaterItsIdNames(_ kind: StoreKind) throws {
        let (temporary, store) = try storeWithWaters(kind)
        _ = temporary
        let summary = try load(store, "diary.geojson", Self.trips("Valira – brodění"), kind: .trip)
        let second = try store.texts("SELECT id FROM water WHERE source_id = 'way/8880953'")[0]
        #expect(try store.texts("SELECT water_id FROM trip") == [second])
        #expect(summary.waterWarnings.count == 1)
        #expect(summary.waterWarnings.first?.reason.contains("linked to the nearest, water/\(second) at 111 m") == true,
                "\(summary.waterWarnings)")

        // By its id, the other one, without a warning.
        let byID = try load(store, "diary.geojson", Self.trips("way/8880952"), kind: .trip)
        let first = try store.texts("SELECT id FROM water WHERE source_id = 'way/8880952'")[0]
        #expect(try store.texts("SELECT water_id FROM trip") == [first])
        #expect(byID.waterWarnings.isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func everyTripWithAnUnknownWaterIsListedAndSkippedOnRequest(_ kind: StoreKind) throws {
        let (temporary, store) = try storeWithWaters(kind)
        _ = temporary
        let more = """
        ,
          {"type": "Feature", "id": "t2", "geometry": null, "properties": {"name": "Two", "water": "Nowhere"}},
          {"type": "Feature", "id": "t3", "geometry": null, "properties": {"name": "Three", "water": "Elsewhere"}}
        """
        let diary = Self.trips("way/8880952", more: more)
        do {
            _ = try load(store, "diary.geojson", diary, kind: .trip)
            Issue.record("an unknown water was accepted")
        } catch let failure as ImportFailure {
            #expect(failure.problems.map(\.record) == ["feature 1", "feature 2"])
            #expect(failure.problems.allSatisfy { $0.reason.hasPrefix("water: ") })
        }
        #expect(try store.count("trip") == 0)
        let summary = try load(store, "diary.geojson", diary, kind: .trip, skipInvalid: true)
        #expect(summary.skipped.map(\.record) == ["feature 1", "feature 2"])
        #expect(summary.inserted == [.trip: 1])
        #expect(try store.texts("SELECT name FROM trip") == ["Ráno u brodu"])
    }

    /// Andorra is UTC+1 in winter: 00:30 on 1 January 2024 there is 23:30 on 31 December 2023 in UTC.
    @Test(arguments: StoreKind.available)
    func catchStatisticsFoldSpeciesCountWeighedCatchesAndUseLocalYears(_ kind: StoreKind) throws {
        let (temporary, store) = try storeWithWaters(kind)
        _ = temporary
        _ = try load(store, "diary.geojson", Self.trips("way/8880952"), kind: .trip)
        #expect(try store.texts("SELECT time_utc FROM catch ORDER BY time_utc") == ["2023-12-31T23:30:00Z", "2023-12-31T23:40:00Z"])
        let stats = try store.catchStatistics(by: [.species, .year])
        #expect(stats == [CatchStatistic(group: ["Pstruh obecný", "2024"], count: 2, weighed: 1, totalWeightKg: 0.4, maxWeightKg: 0.4, maxLengthCm: 31,
                                         trips: 1, daysOut: 1, blankTrips: 0)])
        let json = try #require(try JSONSerialization.jsonObject(with: CatchStatistic.json(stats, by: [.species, .year])) as? [String: Any])
        let entry = try #require((json["catches"] as? [[String: Any]])?.first)
        #expect(entry["year"] as? String == "2024" && entry["weighed"] as? Int == 1 && entry["unweighed"] as? Int == 1)
    }

    @Test(arguments: StoreKind.available)
    func aTripsAnswerCarriesItsCatches(_ kind: StoreKind) throws {
        let (temporary, store) = try storeWithWaters(kind)
        _ = temporary
        _ = try load(store, "diary.geojson", Self.trips("way/8880952"), kind: .trip)
        let page = try store.withDetails(try store.nearest(NearestQuery(center: Coordinate(lat: 42.469, lon: 1.525), limit: 1,
                                                                         categories: CategoryFilter(["trip"]))))
        let json = try #require(try JSONSerialization.jsonObject(with: GeoJSONOutput.featureCollection(page)) as? [String: Any])
        let properties = try #require((json["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        let catches = try #require(properties["catches"] as? [[String: Any]])
        try #require(catches.count == 2, "\(catches)")
        #expect(catches.map { $0["species"] as? String } == ["Pstruh obecný", "pstruh obecný"])
        // In the trip's zone, as the diary wrote them.
        #expect(catches.map { $0["time"] as? String } == ["2024-01-01T00:30:00+01:00", "2024-01-01T00:40:00+01:00"])
        #expect(catches[1]["weight_kg"] as? Double == 0.4 && catches[0]["length_cm"] as? Double == 31)
        #expect(properties["timezone"] as? String == "Europe/Andorra")
    }

    // MARK: Databases of schema version 4

    /// A CSV imported twice by a Waymark of version 4 (doubled, without ids), and one row imported once.
    static let oldRows = [("eat", "Kafejnīca Jūra", 22.8032, 57.5068), ("eat", "Kafejnīca Jūra", 22.8032, 57.5068), ("see", "Rojas muzejs", 22.8081, 57.5088)]
    static let oldCSV = "name,category,lat,lon\nKafejnīca Jūra,eat,57.5068,22.8032\nRojas muzejs,see,57.5088,22.8081\n"

    /// After the migration: the first of the doubled rows and the single one have the ids a new
    /// import gives them (written here by hand), so importing the CSV again doubles nothing more;
    /// `--replace-source` then removes the old double.
    private func checkMigrated(_ store: any TestedStore) throws {
        #expect(try store.texts("SELECT coalesce(source_id, 'NULL') FROM poi ORDER BY id")
            == ["Kafejnīca Jūra@57.5068,22.8032", "NULL", "Rojas muzejs@57.5088,22.8081"])
        _ = try load(store, "roja.csv", Self.oldCSV)
        #expect(try store.count("poi") == 3)
        _ = try load(store, "roja.csv", Self.oldCSV, replacing: ["roja.csv"])
        #expect(try store.texts("SELECT id || ' ' || name FROM poi ORDER BY id") == ["1 Kafejnīca Jūra", "3 Rojas muzejs"])
    }

    @Test func aSpatiaLiteDatabaseOfVersion4GetsContentIds() throws {
        let database = TemporaryDatabase()
        do {
            let db = try oldSpatiaLiteDatabase(database.path, version: 4)
            for (category, name, lon, lat) in Self.oldRows {
                try db.execute("INSERT INTO poi (category, name, source, geom) VALUES ('\(category)', '\(name)', 'roja.csv', MakePoint(\(lon), \(lat), 4326))")
            }
        }
        let store = try SpatiaLiteStore(path: database.path)
        #expect(store.schemaVersion == Schema.version)
        try checkMigrated(store)
    }

    /// A cinema with two screenings stored before screenings kept their day, in either database's
    /// SQL given its point: 20:00 on 10 May and 00:05 on the 11th, Prague time.
    static func legacyProgramme(_ point: String) -> [String] {
        ["""
         INSERT INTO cinema (id, name, timezone, source, source_id, geom)
         VALUES (1, 'Cinema City Plzeň Plaza', 'Europe/Prague', 'cinemacity', 'cc-plzen-plaza', \(point))
         """,
         """
         INSERT INTO screening (cinema_id, title, start_utc, timezone) VALUES
         (1, 'Avengers', '2012-05-10T18:00:00Z', 'Europe/Prague'), (1, 'Prometheus', '2012-05-10T22:05:00Z', 'Europe/Prague')
         """]
    }

    /// Screenings stored without their day are of their own local day: a day's file replaces those
    /// that start on it, and keeps the one after its midnight.
    private func checkLegacyProgramme(_ store: any TestedStore) throws {
        _ = try load(store, "plzen-2012-05-10.geojson", Self.programme("2012-05-10", [("21:00", "Titanic 3D")]), source: "cinemacity")
        #expect(try store.texts("SELECT title || ' ' || coalesce(day, 'NULL') FROM screening ORDER BY start_utc")
            == ["Titanic 3D 2012-05-10", "Prometheus NULL"])
    }

    @Test func screeningsStoredWithoutTheirDayInSpatiaLiteAreOfTheirOwnLocalDay() throws {
        let database = TemporaryDatabase()
        do {
            let db = try oldSpatiaLiteDatabase(database.path, version: 5)
            for statement in Self.legacyProgramme("MakePoint(13.3706, 49.7437, 4326)") { try db.execute(statement) }
        }
        try checkLegacyProgramme(try SpatiaLiteStore(path: database.path))
    }

    @Test(.enabled(if: StoreKind.postgresURL != nil, "WAYMARK_TEST_POSTGRES is unset: PostGIS's migration was not checked"))
    func screeningsStoredWithoutTheirDayInPostGISAreOfTheirOwnLocalDay() throws {
        let temporary = TemporaryStore(.postGIS)
        do {
            let old = try oldPostGISSchema(temporary, version: 5)
            for statement in Self.legacyProgramme("'SRID=4326;POINT(13.3706 49.7437)'") { try old.execute(statement) }
        }
        try checkLegacyProgramme(try temporary.open())
    }

    @Test(.enabled(if: StoreKind.postgresURL != nil, "WAYMARK_TEST_POSTGRES is unset: PostGIS's migration was not checked"))
    func aPostGISDatabaseOfVersion4GetsContentIds() throws {
        let temporary = TemporaryStore(.postGIS)
        do {
            let old = try oldPostGISSchema(temporary, version: 4)
            for (i, (category, name, lon, lat)) in Self.oldRows.enumerated() {
                try old.execute("""
                    INSERT INTO poi (id, category, name, source, geom) VALUES (\(i + 1), '\(category)', '\(name)', 'roja.csv', 'SRID=4326;POINT(\(lon) \(lat))')
                    """)
            }
        }
        let store = try temporary.open()
        #expect((store as? PostGISStore)?.schemaVersion == PostGISSchema.migrations.count)
        try checkMigrated(store)
    }
}
