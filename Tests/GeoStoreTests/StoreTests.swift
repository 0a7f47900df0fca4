import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
import PostGISStore
import Testing
import TestSupport

// The store end to end: imports through the real parsers, then what the database holds and
// what the queries return, each compared with values worked out by hand or by brute force.

private let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data").standardized

private func utc(_ text: String) -> Date { instant(text, in: "GMT") }

/// Files with exactly one invalid record each, read by the real parsers.
enum InvalidFile: String, CaseIterable, Sendable {
    case latitudeOutOfRange, notANumber, emptyPolygon

    var name: String {
        switch self {
        case .latitudeOutOfRange: "north.geojson"
        case .notANumber: "nan.csv"
        case .emptyPolygon: "empty.geojson"
        }
    }

    func parsed() throws -> ParsedFile {
        switch self {
        case .latitudeOutOfRange:
            return try GeoJSONParser.parse(Data(#"""
                {"type": "FeatureCollection", "features": [
                  {"type": "Feature", "properties": {"name": "Valid A", "category": "see"}, "geometry": {"type": "Point", "coordinates": [24.1, 56.95]}},
                  {"type": "Feature", "properties": {"name": "Beyond the pole", "category": "see"}, "geometry": {"type": "Point", "coordinates": [24.1, 95]}},
                  {"type": "Feature", "properties": {"name": "Valid B", "category": "eat"}, "geometry": {"type": "Point", "coordinates": [24.2, 56.96]}}
                ]}
                """#.utf8), file: name, kind: nil)
        case .notANumber:
            return try CSVParser.parse(Data("name,lat,lon\nValid C,56.9,24.1\nNot a number,nan,24.2\nValid D,57.0,24.3\n".utf8),
                                       file: name, kind: nil)
        case .emptyPolygon:
            return try GeoJSONParser.parse(Data(#"""
                {"type": "FeatureCollection", "features": [
                  {"type": "Feature", "properties": {"name": "Valid lake", "category": "water"},
                   "geometry": {"type": "Polygon", "coordinates": [[[24.0, 57.0], [24.1, 57.0], [24.1, 57.1], [24.0, 57.0]]]}},
                  {"type": "Feature", "properties": {"name": "Empty lake", "category": "water"}, "geometry": {"type": "Polygon", "coordinates": []}},
                  {"type": "Feature", "properties": {"name": "Valid E", "category": "do"}, "geometry": {"type": "Point", "coordinates": [24.3, 57.2]}}
                ]}
                """#.utf8), file: name, kind: nil)
        }
    }

    /// The invalid record, and words its reason must contain.
    var expectedProblem: (record: String, reasonContains: [String]) {
        switch self {
        case .latitudeOutOfRange: ("feature 1", ["lat", "95", "outside"])
        case .notANumber: ("line 3", ["lat", "'nan'", "is not a number"])
        case .emptyPolygon: ("feature 1", ["geometry", "Polygon is empty"])
        }
    }

    /// Names of the valid records, as (places, waters).
    var validNames: (places: [String], waters: [String]) {
        switch self {
        case .latitudeOutOfRange: (["Valid A", "Valid B"], [])
        case .notANumber: (["Valid C", "Valid D"], [])
        case .emptyPolygon: (["Valid E"], ["Valid lake"])
        }
    }
}

/// The Plzeň Cinema City programme of 8 May 2012 (seed facts): title | rating | version | minutes | local start times.
private let plzenProgramme = """
    Avengers 3D | MP-12 | DAB | 137 | 11:00 13:40 16:20 19:00 21:50
    Avengers | MP-12 | DAB | 137 | 12:20 18:00
    Avengers | MP-12 | ČT | 137 | 15:10 20:50
    Báječný hotel Marigold | MP | ČT | 123 | 18:05
    Bitevní loď | MP-12 | ČT | 129 | 16:50 19:30 22:00
    Havran | MP-15 | ČT | 111 | 19:20 21:40
    Hněv Titánů 3D | MP-12 | ČT | 99 | 18:20
    Hurá do Afriky! | MP | DAB | 93 | 12:20 14:30
    Knoflíková válka | MP | DAB | 100 | 11:30 13:30
    Lov lososů v Jemenu | MP | ČT | 111 | 12:00 14:20 16:40 19:10 21:20
    Můj vysvětlenej deník | MP-12 | — | 102 | 12:40 17:10 21:30
    Okresní přebor – Poslední zápas Pepika Hnátky | MP | — | 104 | 14:50 17:30 19:40 21:50
    Piráti! 3D | MP | DAB | 88 | 11:00 12:50 14:40 16:30
    Piráti! | MP | DAB | 88 | 11:50 13:50 15:40
    Prci, prci prcičky: Školní sraz | MP-15 | ČT | 113 | 13:50 18:40 21:00
    Probudím se včera | MP | — | 120 | 11:20 16:10
    Slečna nebezpečná | MP-12 | ČT | 91 | 13:00
    Sněhurka | MP | DAB | 106 | 15:50
    Talisman | MP | ČT | 101 | 15:00 19:20
    Titanic 3D | MP | DAB | 194 | 20:20
    Vrásky z lásky | MP | — | 101 | 17:10
    Vrtěti ženou | MP-15 | ČT | 100 | 20:40
    """

/// The conformance suite: every test that is about what a store stores and answers runs against
/// each store (`StoreKind.available`); those about SpatiaLite's file come last.
@Suite struct StoreTests {

    // MARK: 1. Transactional import

    @Test(arguments: StoreKind.available, InvalidFile.allCases)
    func anInvalidRecordRefusesTheWholeImportAndChangesNothing(_ kind: StoreKind, _ file: InvalidFile) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        try importEveryKind(into: store)
        let before = try store.contentSnapshot()
        #expect(before["poi"]?.count == 3 && before["water"]?.count == 2 && before["catch"]?.count == 3)

        let parsed = try file.parsed()
        let failure = #expect(throws: ImportFailure.self) { try store.importFiles([parsed], skipInvalid: false) }
        let expected = file.expectedProblem
        #expect(failure?.problems.count == 1)
        let problem = try #require(failure?.problems.first)
        #expect(problem.file == file.name)
        #expect(problem.record == expected.record)
        for word in expected.reasonContains { #expect(problem.reason.contains(word), "\(problem.reason) names \(word)") }
        let message = failure?.description ?? ""
        #expect(message.contains(file.name) && message.contains(expected.record) && message.contains(problem.reason))
        #expect(try store.contentSnapshot() == before)
    }

    @Test(arguments: StoreKind.available, InvalidFile.allCases)
    func skipInvalidStoresTheValidRecordsAndListsTheInvalidOnes(_ kind: StoreKind, _ file: InvalidFile) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        try importEveryKind(into: store)
        let placesBefore = try store.texts("SELECT name FROM poi ORDER BY id")
        let watersBefore = try store.texts("SELECT name FROM water ORDER BY id")

        let summary = try store.importFiles([try file.parsed()], skipInvalid: true)
        let expected = file.expectedProblem
        #expect(summary.skipped.map(\.file) == [file.name])
        #expect(summary.skipped.map(\.record) == [expected.record])
        let valid = file.validNames
        #expect(summary.inserted[.poi, default: 0] == valid.places.count)
        #expect(summary.inserted[.water, default: 0] == valid.waters.count)
        // New rows come after the old ones (in the import's own, spatial, order).
        let places = try store.texts("SELECT name FROM poi ORDER BY id"), waters = try store.texts("SELECT name FROM water ORDER BY id")
        #expect(Array(places.prefix(placesBefore.count)) == placesBefore && places.dropFirst(placesBefore.count).sorted() == valid.places.sorted())
        #expect(Array(waters.prefix(watersBefore.count)) == watersBefore && waters.dropFirst(watersBefore.count).sorted() == valid.waters.sorted())
        if let sqlite = store as? SpatiaLiteStore {
            #expect(try sqlite.db.count("idx_poi_geom") == placesBefore.count + valid.places.count)
        }
    }

    @Test(arguments: StoreKind.available)
    func aTripOnAnUnknownWaterMakesTheDatabaseRefuseTheWholeImport(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        try importEveryKind(into: store)
        let before = try store.contentSnapshot()

        var trip = TripRecord(name: "Somewhere else")
        trip.waterName = "Nonexistent pond"
        trip.spot = Coordinate(lat: 57.1, lon: 24.2)
        trip.catches = [CatchRecord(species: "Karpa")]
        let files = [
            ParsedFile(file: "more.geojson", [.place(PlaceRecord(category: "eat", name: "Kafejnīca", location: Coordinate(lat: 57, lon: 24)))]),
            ParsedFile(file: "diary", [.water(WaterRecord(name: "New lake", waterKind: "lake", geometry: .polygon([square(Coordinate(lat: 57.2, lon: 24.3), 0.01)]))),
                                       .trip(trip)]),
        ]
        // Every record is valid as parsed; the trip's water is found missing in the import's
        // transaction, which then stores nothing.
        let failure = #expect(throws: ImportFailure.self) { try store.importFiles(files, skipInvalid: false) }
        #expect(failure?.problems.map(\.file) == ["diary"])
        #expect(failure?.problems.map(\.record) == ["feature 1"])
        #expect(failure?.problems.first?.reason.contains("Nonexistent pond") == true)
        #expect(try store.contentSnapshot() == before)
        // With --skip-invalid the trip is an invalid record like any other: left out and listed.
        let summary = try store.importFiles(files, skipInvalid: true)
        #expect(summary.skipped.map(\.record) == ["feature 1"] && summary.inserted == [.poi: 1, .water: 1])
    }

    @Test(arguments: StoreKind.available)
    func aTripMayNameAWaterThatComesLaterInTheSameImport(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        var trip = TripRecord(name: "First cast")
        trip.waterName = "Later lake"
        trip.spot = Coordinate(lat: 57.205, lon: 24.305)
        let lake = WaterRecord(name: "Later lake", waterKind: "lake", geometry: .polygon([square(Coordinate(lat: 57.2, lon: 24.3), 0.01)]))
        _ = try store.importFiles([ParsedFile(file: "trips", [.trip(trip)]), ParsedFile(file: "waters", [.water(lake)])], skipInvalid: false)
        #expect(try store.texts("SELECT w.name FROM trip AS t JOIN water AS w ON w.id = t.water_id") == ["Later lake"])
    }

    // MARK: 2. A large file

    @Test(arguments: StoreKind.available)
    func hundredThousandPointsFromAGeoJSONFileAndNearestAgainstBruteForce(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        var rng = SeededRandom(seed: 2012)
        let points = (0..<100_000).map { _ in
            Coordinate(lat: .random(in: 55.7...58.1, using: &rng), lon: .random(in: 20.9...28.2, using: &rng))
        }
        let features = points.enumerated().map { i, c in
            #"{"type":"Feature","id":"\#(i)","properties":{"name":"L\#(i)","category":"\#(testCategories[i % 5])"},"#
                + #""geometry":{"type":"Point","coordinates":[\#(c.lon),\#(c.lat)]}}"#
        }
        let path = database.files.directory.appendingPathComponent("latvia.geojson").path
        try Data((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}").utf8)
            .write(to: URL(fileURLWithPath: path))

        let store = try database.open()
        let summary = try store.importFiles(try FileImport.parse(paths: [path]), skipInvalid: false)
        #expect(summary.inserted == [.poi: 100_000] && summary.skipped.isEmpty)
        #expect(try store.count("poi") == 100_000)
        if let sqlite = store as? SpatiaLiteStore { #expect(try sqlite.db.count("idx_poi_geom") == 100_000) }

        let queries = [Coordinate(lat: 56.9496, lon: 24.1052), Coordinate(lat: 59.4370, lon: 24.7536)] // Riga; Tallinn, north of all points
            + (0..<3).map { _ in Coordinate(lat: .random(in: 55.7...58.1, using: &rng), lon: .random(in: 20.9...28.2, using: &rng)) }
        for center in queries {
            let oracle = points.enumerated().map { (distance: Geodesic.distance(center, $0.element), name: "L\($0.offset)") }
                .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(5)
            let result = try store.nearest(NearestQuery(center: center, limit: 5)).features
            #expect(result.map(\.name) == oracle.map(\.name), "nearest to \(center)")
            for (feature, expected) in zip(result, oracle) {
                #expect(abs(feature.distance! - expected.distance) < 1e-6)
            }
        }
    }

    // MARK: 3. Re-import

    private static func reimportGeoJSON(millName: String, mill: Coordinate) -> String {
        #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "mill", "properties": {"name": "\#(millName)", "category": "see"},
           "geometry": {"type": "Point", "coordinates": [\#(mill.lon), \#(mill.lat)]}},
          {"type": "Feature", "id": "bakery", "properties": {"name": "Maiznīca", "category": "eat"},
           "geometry": {"type": "Point", "coordinates": [24.12, 56.95]}},
          {"type": "Feature", "id": "pond", "properties": {"name": "Dīķis", "category": "water", "water": "pond"},
           "geometry": {"type": "Polygon", "coordinates": [[[24.0, 57.0], [24.01, 57.0], [24.01, 57.01], [24.0, 57.0]]]}},
          {"type": "Feature", "id": "kino", "properties": {"name": "Kino Rīga", "category": "cinema", "timezone": "Europe/Riga",
            "screenings": [{"title": "Avengers", "start": "2012-05-08T19:00"}, {"title": "Havran", "start": "2012-05-08T21:00"}]},
           "geometry": {"type": "Point", "coordinates": [24.11, 56.955]}}
        ]}
        """#
    }

    private static let reimportGPX = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test"><trk><name>Walk</name><trkseg>
        <trkpt lat="56.95" lon="24.10"><time>2013-06-01T08:00:00Z</time></trkpt>
        <trkpt lat="56.96" lon="24.12"><time>2013-06-01T09:00:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    @Test(arguments: StoreKind.available)
    func importingTheSameFilesAgainUpdatesRowsInPlace(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let geojson = database.files.directory.appendingPathComponent("places.geojson")
        let gpx = database.files.directory.appendingPathComponent("walk.gpx")
        try Data(Self.reimportGPX.utf8).write(to: gpx)
        let store = try database.open()
        // SpatiaLite's R*Trees are tables of their own; PostGIS's GiST indexes are not.
        let tables = ["poi", "water", "cinema", "screening", "trip"]
            + (kind == .spatiaLite ? ["idx_poi_geom", "idx_water_geom", "idx_cinema_geom", "idx_trip_spot"] : [])

        let oldMill = Coordinate(lat: 56.90, lon: 24.00), newMill = Coordinate(lat: 56.80, lon: 24.50)
        try Data(Self.reimportGeoJSON(millName: "Dzirnavas", mill: oldMill).utf8).write(to: geojson)
        _ = try store.importFiles(try FileImport.parse(paths: [geojson.path, gpx.path]), skipInvalid: false)
        let counts = try tables.map { try store.count($0) }
        #expect(counts == Array([2, 1, 1, 2, 1, 2, 1, 1, 1].prefix(tables.count)))

        // The same records, one renamed and moved.
        try Data(Self.reimportGeoJSON(millName: "Dzirnavu muzejs", mill: newMill).utf8).write(to: geojson)
        _ = try store.importFiles(try FileImport.parse(paths: [geojson.path, gpx.path]), skipInvalid: false)
        #expect(try tables.map { try store.count($0) } == counts)
        #expect(try store.texts("SELECT name FROM poi ORDER BY name") == ["Dzirnavu muzejs", "Maiznīca"])

        // The spatial index follows the move.
        let atNewPlace = try store.nearest(NearestQuery(center: newMill, limit: 1)).features
        #expect(atNewPlace.map(\.name) == ["Dzirnavu muzejs"] && atNewPlace.first?.distance == 0)
        let aroundOldPlace = BoundingBox(minLon: oldMill.lon - 0.01, minLat: oldMill.lat - 0.01, maxLon: oldMill.lon + 0.01, maxLat: oldMill.lat + 0.01)
        #expect(try store.bbox(BoxQuery(box: aroundOldPlace)).features.isEmpty)
    }

    // MARK: 4. The travel guide feed

    private var travelGuidePaths: [String] {
        ["objekti.xml", "objekti-eng.xml"].map { dataDirectory.appendingPathComponent("travel-guide/\($0)").path }
    }

    @Test(arguments: StoreKind.available)
    func travelGuideFeedStoresRojaBeachInBothLanguages(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        _ = try store.importFiles(try FileImport.parse(paths: travelGuidePaths), skipInvalid: false)

        let roja = Coordinate(lat: 57.50935, lon: 22.80612)
        let nearest = try #require(try store.nearest(NearestQuery(center: roja, limit: 1)).features.first)
        #expect(nearest.name == "Rojas pludmale un moli")
        #expect(nearest.names == ["lv": "Rojas pludmale un moli", "en": "Roja beach and piers"])
        #expect(nearest.category == "do")
        #expect(nearest.geometry == .point(roja))
        #expect(nearest.distance == 0)
    }

    @Test(arguments: StoreKind.available)
    func travelGuidePlacesToStayAreListedLastAndNeverInABoxOrARadius(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        _ = try store.importFiles(try FileImport.parse(paths: travelGuidePaths), skipInvalid: false)

        // The beach is the one located: its point is the category's box.
        let beach = BoundingBox(minLon: 22.80612, minLat: 57.50935, maxLon: 22.80612, maxLat: 57.50935)
        #expect(try store.categories() == [CategoryCount(category: "do", kind: .poi, count: 1, located: 1, bounds: beach),
                                           CategoryCount(category: "stay", kind: .poi, count: 13, located: 0)])
        let placesToStay = [
            "Sporta un atpūtas komplekss \"Dzintarkrasts\"", "Brīvdienu māja \"Vinkalni\"", "Telts vietas Rojā",
            "Hotel \"Rādeni\"", "Telts vietas Ģipkā", "Kempings \"Tāti\"", "Kempings \"Pļaucaki\"", "Brīvdienu māja \"Vimbas\"",
            "Brīvdienu māja \"Brājtīrumi\"", "Brīvdienu māja \"Vecmuižas\"", "Viesu nams \"Lēveni\"", "Lauku māja \"Klētņieki\"",
            "Viesu nams \"Zivtīpi\"",
        ]
        #expect(try store.texts("SELECT name FROM poi WHERE category = 'stay' ORDER BY id") == placesToStay)
        let world = try store.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), limit: 1000))
        #expect(world.features.map(\.name) == ["Rojas pludmale un moli"])
        let within = try store.nearest(NearestQuery(center: Coordinate(lat: 57.5, lon: 22.8), limit: 100, maxDistance: 20_000_000))
        #expect(within.features.map(\.name) == ["Rojas pludmale un moli"])
        // Nearest lists the guide's every object, as the guide does: those without a position last, by id, without a distance.
        let nearest = try store.nearest(NearestQuery(center: Coordinate(lat: 57.5, lon: 22.8), limit: 100))
        #expect(nearest.features.map(\.name) == ["Rojas pludmale un moli"] + placesToStay)
        #expect(nearest.features.dropFirst().allSatisfy { $0.distance == nil && $0.geometry == Feature.unlocated })
        // Page by page, the cursor passing from the located to the others.
        var names: [String?] = [], after: Cursor?
        repeat {
            let page = try store.nearest(NearestQuery(center: Coordinate(lat: 57.5, lon: 22.8), limit: 4, after: after))
            names += page.features.map(\.name)
            after = page.next
        } while after != nil && names.count < 50
        #expect(names == nearest.features.map(\.name))

        // Deleting a category without a box takes its records without a position too.
        #expect(try store.delete(.categories(CategoryFilter(["stay"]))) == [.poi: 13])
        #expect(try store.categories() == [CategoryCount(category: "do", kind: .poi, count: 1, located: 1, bounds: beach)])
    }

    @Test(arguments: StoreKind.available)
    func importingTheTravelGuideAgainKeepsOneRowPerObject(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        for _ in 0..<2 { _ = try store.importFiles(try FileImport.parse(paths: travelGuidePaths), skipInvalid: false) }
        #expect(try store.count("poi") == 14)
    }

    // MARK: 5. Cinemas by local day

    /// Cinema City Plzeň with the whole programme of 8 May 2012 (51 screenings), and a Helsinki
    /// cinema with shows just after midnight and just before it, local time.
    private static func cinemas() -> (plzen: CinemaRecord, helsinki: CinemaRecord) {
        // A fixture location near Plzeň: the source gave no coordinates for any cinema.
        var plzen = CinemaRecord(name: "Cinema City Plzeň", timezone: "Europe/Prague", location: Coordinate(lat: 49.7475, lon: 13.3776))
        for line in plzenProgramme.split(separator: "\n") {
            let f = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            for time in f[4].split(separator: " ") {
                plzen.screenings.append(Screening(title: f[0], start: instant("2012-05-08 \(time)", in: "Europe/Prague"),
                                                  minutes: Int(f[3]), rating: f[1], version: f[2] == "—" ? nil : f[2]))
            }
        }
        // A fixture cinema in central Helsinki.
        var helsinki = CinemaRecord(name: "Kino Helsinki", timezone: "Europe/Helsinki", location: Coordinate(lat: 60.1699, lon: 24.9384))
        helsinki.screenings = [
            Screening(title: "Kummeli", start: instant("2012-05-08 00:15", in: "Europe/Helsinki")), // 7 May 21:15 UTC
            Screening(title: "Late show", start: instant("2012-05-08 23:30", in: "Europe/Helsinki")), // 8 May 20:30 UTC
            Screening(title: "Midnight show", start: instant("2012-05-09 00:30", in: "Europe/Helsinki")), // 8 May 21:30 UTC
        ]
        return (plzen, helsinki)
    }

    @Test func theCalendarOracleUsesSummerTime() {
        // CEST is UTC+2 and EEST UTC+3 in May: the fixtures' local times are these instants.
        #expect(instant("2012-05-08 11:00", in: "Europe/Prague") == utc("2012-05-08 09:00"))
        #expect(instant("2012-05-08 23:30", in: "Europe/Helsinki") == utc("2012-05-08 20:30"))
        #expect(instant("2012-05-09 00:30", in: "Europe/Helsinki") == utc("2012-05-08 21:30"))
        #expect(instant("2012-05-08 00:15", in: "Europe/Helsinki") == utc("2012-05-07 21:15"))
    }

    @Test(arguments: StoreKind.available)
    func cinemasShowTheScreeningsOfTheirOwnLocalDayNearestFirst(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        let (plzen, helsinki) = Self.cinemas()
        #expect(plzen.screenings.count == 51)
        _ = try store.importFiles([ParsedFile(file: "cinemas", [.cinema(plzen), .cinema(helsinki)])], skipInvalid: false)

        let fromHelsinki = try store.cinemas(near: helsinki.location!, day: "2012-05-08", film: nil, limit: 10)
        #expect(fromHelsinki.map(\.cinema.name) == ["Kino Helsinki", "Cinema City Plzeň"])
        #expect(fromHelsinki.map(\.timezone) == ["Europe/Helsinki", "Europe/Prague"])
        #expect(fromHelsinki.first?.cinema.distance == 0)
        #expect(fromHelsinki.first?.screenings.map(\.title) == ["Kummeli", "Late show"])
        #expect(fromHelsinki.last?.screenings.count == 51)
        #expect(fromHelsinki.last?.cinema.distance == Geodesic.distance(helsinki.location!, plzen.location!))

        let fromPlzen = try store.cinemas(near: plzen.location!, day: "2012-05-08", film: nil, limit: 10)
        #expect(fromPlzen.map(\.cinema.name) == ["Cinema City Plzeň", "Kino Helsinki"])
        let nearestOnly = try store.cinemas(near: plzen.location!, day: "2012-05-08", film: nil, limit: 1)
        #expect(nearestOnly.map(\.cinema.name) == ["Cinema City Plzeň"])
    }

    @Test(arguments: StoreKind.available)
    func aShowAfterLocalMidnightBelongsToTheNextLocalDay(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        let (plzen, helsinki) = Self.cinemas()
        _ = try store.importFiles([ParsedFile(file: "cinemas", [.cinema(plzen), .cinema(helsinki)])], skipInvalid: false)

        // Nothing in Plzeň on the 9th; in Helsinki only the show at 00:30 local (21:30 UTC on the 8th).
        let ninth = try store.cinemas(near: plzen.location!, day: "2012-05-09", film: nil, limit: 10)
        #expect(ninth.map(\.cinema.name) == ["Kino Helsinki"])
        #expect(ninth.first?.screenings.map(\.title) == ["Midnight show"])
        #expect(ninth.first?.screenings.map(\.start) == [utc("2012-05-08 21:30")])
        // The 00:15 show is on 7 May in UTC but on the 8th in Helsinki.
        #expect(try store.cinemas(near: plzen.location!, day: "2012-05-07", film: nil, limit: 10).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func aFilmIsMatchedIgnoringCaseAndDiacritics(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        let (plzen, helsinki) = Self.cinemas()
        _ = try store.importFiles([ParsedFile(file: "cinemas", [.cinema(plzen), .cinema(helsinki)])], skipInvalid: false)

        let avengers = try store.cinemas(near: helsinki.location!, day: "2012-05-08", film: "avengers", limit: 10)
        #expect(avengers.map(\.cinema.name) == ["Cinema City Plzeň"])
        // 5 (3D) + 2 (DAB) + 2 (ČT), by start time, local Prague times.
        let expected: [(String, String, String)] = [
            ("11:00", "Avengers 3D", "DAB"), ("12:20", "Avengers", "DAB"), ("13:40", "Avengers 3D", "DAB"),
            ("15:10", "Avengers", "ČT"), ("16:20", "Avengers 3D", "DAB"), ("18:00", "Avengers", "DAB"),
            ("19:00", "Avengers 3D", "DAB"), ("20:50", "Avengers", "ČT"), ("21:50", "Avengers 3D", "DAB"),
        ]
        #expect(avengers.first?.screenings == expected.map { time, title, version in
            Screening(title: title, start: instant("2012-05-08 \(time)", in: "Europe/Prague"), minutes: 137, rating: "MP-12", version: version)
        })

        let titans = try store.cinemas(near: plzen.location!, day: "2012-05-08", film: "TITÁN", limit: 10)
        #expect(titans.first?.screenings.map(\.title) == ["Hněv Titánů 3D", "Titanic 3D"])
        #expect(titans.first?.screenings.map(\.start) == [utc("2012-05-08 16:20"), utc("2012-05-08 18:20")])
    }

    /// SpatiaLite's read transaction (`reading`); PostGIS runs each query on its own.
    @Test func aReadTransactionSeesOneStateWhileAnImportCommits() throws {
        let database = TemporaryStore(.spatiaLite)
        let writer = try database.open()
        let (plzen, helsinki) = Self.cinemas()
        _ = try writer.importFiles([ParsedFile(file: "cinemas", [.cinema(plzen)])], skipInvalid: false)
        let reader = try SpatiaLiteStore(path: database.location, readOnly: true, memory: .lean)
        let count = { try reader.categories().first { $0.category == "cinema" }?.count }
        let (inside, insideAgain) = try reader.reading {
            let first = try count()
            _ = try writer.importFiles([ParsedFile(file: "more", [.cinema(helsinki)])], skipInvalid: false)
            return (first, try count())
        }
        #expect(inside == 1 && insideAgain == 1)
        #expect(try count() == 2)
    }

    @Test func theDayAnInstantFallsOnIsTheZonesOwn() throws {
        // 21:30 UTC on 8 May 2012 is already the 9th in Helsinki (+3), still the 8th in Prague (+2)
        // and New York (−4); 10:30 UTC is the 9th in Kiritimati (+14) and the 7th in Pago Pago (−11).
        let day = { (text: String, zone: String) in LocalDay(containing: utc(text), in: TimeZone(identifier: zone)!) }
        #expect(day("2012-05-08 21:30", "Europe/Helsinki") == (try LocalDay("2012-05-09")))
        #expect(day("2012-05-08 21:30", "Europe/Prague") == (try LocalDay("2012-05-08")))
        #expect(day("2012-05-08 21:30", "America/New_York") == (try LocalDay("2012-05-08")))
        #expect(day("2012-05-08 10:30", "Pacific/Kiritimati") == (try LocalDay("2012-05-09")))
        #expect(day("2012-05-08 10:30", "Pacific/Pago_Pago") == (try LocalDay("2012-05-07")))
        // The day's own interval contains the instant.
        let (start, end) = day("2012-05-08 21:30", "Europe/Helsinki").interval(in: TimeZone(identifier: "Europe/Helsinki")!)
        #expect(start <= utc("2012-05-08 21:30") && utc("2012-05-08 21:30") < end)
    }

    @Test(arguments: StoreKind.available)
    func anImpossibleDayIsAnErrorNamingTheDate(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        for day in ["2012-13-01", "2012-02-30", "8.5.2012", "2012-5-8"] {
            let error = #expect(throws: GeoError.self) {
                try store.cinemas(near: Coordinate(lat: 49.7475, lon: 13.3776), day: day, film: nil, limit: 5)
            }
            guard case let .invalid(field, reason)? = error else { continue }
            #expect(field == .date)
            #expect(reason.description.contains(day))
        }
    }

    // MARK: 6. Catch statistics

    @Test(arguments: StoreKind.available)
    func catchStatisticsAgreeWithHandTotals(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        let lipno = WaterRecord(name: "Lipno", waterKind: "reservoir", geometry: .polygon([square(Coordinate(lat: 48.6, lon: 14.1), 0.1)]))
        let vltava = WaterRecord(name: "Vltava", waterKind: "river",
                                 geometry: .lineString([Coordinate(lat: 49.9, lon: 14.4), Coordinate(lat: 50.1, lon: 14.4)]))
        func fish(_ species: String, kg: Double?, cm: Double, at time: String?) -> CatchRecord {
            var c = CatchRecord(species: species)
            c.weightKg = kg
            c.lengthCm = cm
            c.time = time.map(utc)
            return c
        }
        func trip(_ name: String, on water: String?, start: String, _ catches: [CatchRecord]) -> ImportRecord {
            var t = TripRecord(name: name)
            t.waterName = water
            t.start = utc(start)
            t.spot = Coordinate(lat: 49, lon: 14)
            t.catches = catches
            return .trip(t)
        }
        let trips = [
            trip("Lipno, spring 2012", on: "Lipno", start: "2012-05-12 05:00", [
                fish("Kapr", kg: 4.5, cm: 62, at: "2012-05-12 06:10"), fish("Kapr", kg: 2.25, cm: 48, at: "2012-05-12 07:00"),
                fish("Štika", kg: 3.0, cm: 75, at: nil), // the trip's year
            ]),
            trip("Lipno, nothing", on: "Lipno", start: "2012-06-01 05:00", []),
            trip("Lipno 2013", on: "Lipno", start: "2013-06-01 04:00", [
                fish("Kapr", kg: 6.0, cm: 70, at: "2013-06-01 05:00"), fish("Candát", kg: nil, cm: 55, at: "2013-06-01 06:00"),
            ]),
            trip("Vltava 2012", on: "Vltava", start: "2012-08-20 16:00", [
                fish("Štika", kg: 1.5, cm: 58, at: "2012-08-20 17:00"), fish("Okoun", kg: 0.25, cm: 22, at: "2012-08-20 17:30"),
            ]),
            // Started in 2012, caught in 2013: the catch's own year counts.
            trip("Vltava, New Year's Eve", on: "Vltava", start: "2012-12-31 21:00", [fish("Candát", kg: 2.0, cm: 60, at: "2013-01-01 01:00")]),
            trip("Vltava 2013", on: "Vltava", start: "2013-09-14 15:00", [
                fish("Štika", kg: 5.25, cm: 88, at: "2013-09-14 16:00"), fish("Štika", kg: 2.75, cm: 66, at: "2013-09-14 17:00"),
            ]),
            trip("A pond I forgot", on: nil, start: "2013-07-01 05:00", [fish("Kapr", kg: 1.0, cm: 40, at: "2013-07-01 06:00")]),
        ]
        _ = try store.importFiles([ParsedFile(file: "diary", trips), ParsedFile(file: "waters", [.water(lipno), .water(vltava)])],
                                  skipInvalid: false)

        // Every catch weighed but the one Candát of 2013 (its group's total is no total at all).
        // Attendance by hand: trips, days out (in the group's year when grouped by year), blank.
        func stat(_ group: [String], _ count: Int, _ total: Double, _ maxKg: Double?, _ maxCm: Double?, weighed: Int? = nil,
                  _ trips: Int, _ days: Int, blank: Int = 0) -> CatchStatistic {
            let weighed = weighed ?? count
            return CatchStatistic(group: group, count: count, weighed: weighed, totalWeightKg: weighed == 0 ? nil : total,
                                  maxWeightKg: maxKg, maxLengthCm: maxCm, trips: trips, daysOut: days, blankTrips: blank)
        }
        let lipnoNothing = stat(["Lipno", "(no catch)", "2012"], 0, 0, nil, nil, 1, 1, blank: 1)
        #expect(Set(try store.catchStatistics(by: [.water, .species, .year])) == [
            stat(["Lipno", "Kapr", "2012"], 2, 6.75, 4.5, 62, 1, 1),
            stat(["Lipno", "Štika", "2012"], 1, 3.0, 3.0, 75, 1, 1),
            stat(["Lipno", "Kapr", "2013"], 1, 6.0, 6.0, 70, 1, 1),
            stat(["Lipno", "Candát", "2013"], 1, 0, nil, 55, weighed: 0, 1, 1),
            stat(["Vltava", "Štika", "2012"], 1, 1.5, 1.5, 58, 1, 1),
            stat(["Vltava", "Okoun", "2012"], 1, 0.25, 0.25, 22, 1, 1),
            // New Year's Eve's trip was out on 31 December too, a day of 2012.
            stat(["Vltava", "Candát", "2013"], 1, 2.0, 2.0, 60, 1, 1),
            stat(["Vltava", "Štika", "2013"], 2, 8.0, 5.25, 88, 1, 1),
            stat(["(no water)", "Kapr", "2013"], 1, 1.0, 1.0, 40, 1, 1),
            lipnoNothing,
        ])
        #expect(Set(try store.catchStatistics(by: [.species])) == [
            stat(["Kapr"], 4, 13.75, 6.0, 70, 3, 3),
            stat(["Štika"], 4, 12.5, 5.25, 88, 3, 3),
            // Two trips, three days: New Year's Eve's trip was out on two.
            stat(["Candát"], 2, 2.0, 2.0, 60, weighed: 1, 2, 3),
            stat(["Okoun"], 1, 0.25, 0.25, 22, 1, 1),
            stat(["(no catch)"], 0, 0, nil, nil, 1, 1, blank: 1),
        ])
        #expect(Set(try store.catchStatistics(by: [.year])) == [
            stat(["2012"], 5, 11.5, 4.5, 75, 3, 3, blank: 1), stat(["2013"], 6, 17.0, 6.0, 88, weighed: 5, 4, 4),
        ])
        #expect(try store.catchStatistics(by: []) == [stat([], 11, 28.5, 6.0, 88, weighed: 10, 7, 8, blank: 1)])

        // A filter keeps the groups that grouping by its field gives for its value.
        func filter(year: String? = nil, water: String? = nil, species: String? = nil) throws -> CatchFilter {
            try CatchFilter(year: year, water: water, species: species)
        }
        #expect(Set(try store.catchStatistics(by: [.water], filter: filter(year: "2012"))) == [
            stat(["Lipno"], 3, 9.75, 4.5, 75, 2, 2, blank: 1), stat(["Vltava"], 2, 1.75, 1.5, 58, 1, 1),
        ])
        #expect(try store.catchStatistics(by: [.year], filter: filter(water: "vltava")) == [
            stat(["2012"], 2, 1.75, 1.5, 58, 1, 1), stat(["2013"], 3, 10.0, 5.25, 88, 2, 2),
        ])
        #expect(try store.catchStatistics(by: [.water, .year], filter: filter(species: "ŠTIKA")) == [
            stat(["Lipno", "2012"], 1, 3.0, 3.0, 75, 1, 1), stat(["Vltava", "2012"], 1, 1.5, 1.5, 58, 1, 1),
            stat(["Vltava", "2013"], 2, 8.0, 5.25, 88, 1, 1),
        ])
        #expect(try store.catchStatistics(by: [], filter: filter(year: "2012", water: "Lipno")) == [stat([], 3, 9.75, 4.5, 75, 2, 2, blank: 1)])
        #expect(try store.catchStatistics(by: [], filter: filter(year: "2014")) == [])
        #expect(throws: GeoError.invalid(field: .year, reason: "'20x2' is not a year (a whole number from 1 to 9999)")) { try filter(year: "20x2") }
        #expect(throws: GeoError.invalid(field: .water, reason: "is empty; give a name or leave it out")) { try filter(water: " ") }
    }

    // MARK: 7. Connections

    /// Also the categories a store checks filters against, which it keeps between checks (PostGIS
    /// finds them by reading every row): a category another connection brings is known at the next check.
    @Test(arguments: StoreKind.available)
    func aStoreSeesRowsAnotherConnectionStoredAfterItsLastQuery(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let writer = try database.open()
        try importEveryKind(into: writer)
        let reader = try database.open(readOnly: true)
        let world = BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90)
        // No eat place yet: a query of them is refused, as the engine refuses any unknown category.
        #expect(throws: GeoError.self) { try reader.bbox(BoxQuery(box: world, categories: CategoryFilter(["eat"]))) }
        _ = try reader.nearest(NearestQuery(center: Coordinate(lat: 56.95, lon: 24.1), limit: 1))
        #expect(throws: GeoError.self) { try reader.validate(categories: CategoryFilter(["eat"])) }
        try reader.validate(categories: CategoryFilter(["see"]))

        _ = try writer.importFiles([ParsedFile(file: "new", [.place(PlaceRecord(category: "eat", name: "Rozengrāls",
                                                                                  location: Coordinate(lat: 56.948, lon: 24.107)))])],
                                   skipInvalid: false)
        #expect(try reader.bbox(BoxQuery(box: world, categories: CategoryFilter(["eat"]))).features.map(\.name) == ["Rozengrāls"])
        #expect(try reader.nearest(NearestQuery(center: Coordinate(lat: 56.948, lon: 24.107), limit: 1)).features.map(\.name) == ["Rozengrāls"])
        try reader.validate(categories: CategoryFilter(["eat", "see"]))
        #expect(try reader.knownCategories().isSuperset(of: ["eat", "see"]))
    }

    /// A kind that had no rows at a store's last query (SpatiaLite skips such kinds' walks) is
    /// found once rows arrive, imported by another connection or by the store itself.
    @Test(arguments: StoreKind.available)
    func nearestFindsAKindThatHadNoRowsAtItsLastQuery(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let writer = try database.open()
        let dome = PlaceRecord(category: "see", name: "Doma laukums", location: Coordinate(lat: 56.9496, lon: 24.1052))
        _ = try writer.importFiles([ParsedFile(file: "places", [.place(dome)])], skipInvalid: false)
        let reader = try database.open(readOnly: true)
        let here = Coordinate(lat: 56.95, lon: 24.11)
        func names(_ store: any FeatureStore) throws -> [String?] { try store.nearest(NearestQuery(center: here, limit: 5)).features.map(\.name) }
        #expect(try names(reader) == ["Doma laukums"] && names(writer) == ["Doma laukums"])

        let cinema = CinemaRecord(name: "Kino Splendid Palace", timezone: "Europe/Riga", location: Coordinate(lat: 56.9501, lon: 24.1101))
        _ = try writer.importFiles([ParsedFile(file: "cinemas", [.cinema(cinema)])], skipInvalid: false)
        #expect(try names(reader) == ["Kino Splendid Palace", "Doma laukums"])
        #expect(try names(writer) == ["Kino Splendid Palace", "Doma laukums"])
    }

    @Test(arguments: StoreKind.available)
    func aStoreCanImportAfterAnotherConnectionWroteSinceItsLastQuery(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let first = try database.open()
        try importEveryKind(into: first)
        _ = try first.nearest(NearestQuery(center: Coordinate(lat: 56.95, lon: 24.1), limit: 1))
        let second = try database.open()
        let cafe = PlaceRecord(category: "eat", name: "Kafejnīca", location: Coordinate(lat: 56.95, lon: 24.11))
        _ = try second.importFiles([ParsedFile(file: "second", [.place(cafe)])], skipInvalid: false)

        let bar = PlaceRecord(category: "eat", name: "Bārs", location: Coordinate(lat: 56.96, lon: 24.12))
        _ = try first.importFiles([ParsedFile(file: "first", [.place(bar)])], skipInvalid: false)
        #expect(try first.texts("SELECT name FROM poi WHERE category = 'eat' ORDER BY id") == ["Kafejnīca", "Bārs"])
    }

    // MARK: 8. Distances to waters

    /// Length of the WGS84 meridian arc from the equator to `latitude` (degrees), by Simpson's rule
    /// on M(φ) = ∫ a(1 − e²) / (1 − e² sin² t)^{3/2} dt — independent of PROJ.
    private static func meridianArc(toLatitude latitude: Double) -> Double {
        let a = 6_378_137.0, f = 1 / 298.257223563, e2 = f * (2 - f)
        let phi = abs(latitude) * .pi / 180, n = 2_000, h = phi / Double(n)
        func m(_ t: Double) -> Double { a * (1 - e2) / pow(1 - e2 * sin(t) * sin(t), 1.5) }
        var sum = m(0) + m(phi)
        for i in 1..<n { sum += m(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }

    @Test(arguments: StoreKind.available)
    func distanceToALakeIsZeroInsideAndToTheShoreOutside(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        // A square lake whose south shore runs along the equator (a geodesic), 0.1° on a side.
        let lake = WaterRecord(name: "Equator lake", waterKind: "lake", geometry: .polygon([square(Coordinate(lat: 0, lon: 10), 0.1)]))
        _ = try store.importFiles([ParsedFile(file: "waters", [.water(lake)])], skipInvalid: false)
        func distance(from p: Coordinate) throws -> Double? {
            try store.nearest(NearestQuery(center: p, limit: 1, categories: CategoryFilter(["water"]))).features.first?.distance
        }

        #expect(try distance(from: Coordinate(lat: 0.05, lon: 10.05)) == 0)
        #expect(try distance(from: Coordinate(lat: 0.0, lon: 10.02)) == 0) // on the shore
        // Due south of the south shore: the nearest shore point is on the equator at the same longitude,
        // 0.02° of meridian away (the other shores are more than 0.05° away).
        let south = Coordinate(lat: -0.02, lon: 10.05)
        let expected = Self.meridianArc(toLatitude: 0.02)
        #expect(abs(expected - 2_211.5) < 1) // 0.02° of meridian at the equator: about 2.2 km
        let measured = try #require(try distance(from: south))
        #expect(abs(measured - expected) < 1e-3)
        #expect(abs(measured - Geodesic.distance(south, Coordinate(lat: 0, lon: 10.05))) < 1e-3)

        let within = try store.nearest(NearestQuery(center: south, limit: 10, maxDistance: expected + 1))
        #expect(within.features.map(\.name) == ["Equator lake"])
        #expect(try store.nearest(NearestQuery(center: south, limit: 10, maxDistance: expected - 1)).features.isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func distanceToARiverIsToItsNearestStretch(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        // A river along the equator, then bending north-east.
        let river = WaterRecord(name: "Equator river", waterKind: "river", geometry: .lineString([
            Coordinate(lat: 0, lon: 30.0), Coordinate(lat: 0, lon: 30.2), Coordinate(lat: 0.1, lon: 30.3),
        ]))
        _ = try store.importFiles([ParsedFile(file: "waters", [.water(river)])], skipInvalid: false)
        func distance(from p: Coordinate) throws -> Double? {
            try store.nearest(NearestQuery(center: p, limit: 1)).features.first?.distance
        }

        #expect(try distance(from: Coordinate(lat: 0, lon: 30.1)) == 0)
        // North of the first stretch: the foot of the meridian lies on the equator.
        let north = Coordinate(lat: 0.03, lon: 30.1)
        let measured = try #require(try distance(from: north))
        #expect(abs(measured - Self.meridianArc(toLatitude: 0.03)) < 1e-3)
        // West of the source, on the equator: the distance to the source along the equator, a·Δλ.
        let west = try #require(try distance(from: Coordinate(lat: 0, lon: 29.9)))
        #expect(abs(west - 6_378_137.0 * 0.1 * .pi / 180) < 1e-3)
    }

    // MARK: 9. Schema (SpatiaLite's file)

    let database = TemporaryDatabase()

    func openStore() throws -> SpatiaLiteStore { try SpatiaLiteStore(path: database.path) }


    @Test func aNewDatabaseHasTheSchemaSpatialColumnsAndWAL() throws {
        let store = try openStore()
        #expect(store.schemaVersion == Schema.version)
        #expect(try store.db.scalar("PRAGMA user_version") as Int64? == Int64(Schema.version))
        #expect(try store.db.texts("PRAGMA journal_mode") == ["wal"])
        // SpatiaLite 4+ codes geometry_type: 0 GEOMETRY, 1 POINT, 2 LINESTRING (XY, coord_dimension 2).
        let columns = try store.db.texts("""
            SELECT f_table_name || '.' || f_geometry_column || ' ' || geometry_type || ' ' || coord_dimension || ' '
                   || srid || ' ' || spatial_index_enabled FROM geometry_columns ORDER BY f_table_name, f_geometry_column
            """)
        // 3 POLYGON.
        #expect(columns == ["base.geom 0 2 4326 1", "catch.geom 1 2 4326 1", "cinema.geom 1 2 4326 1", "poi.geom 1 2 4326 1",
                            "time_zone.geom 3 2 4326 1", "trip.spot 1 2 4326 1", "trip.track 2 2 4326 1", "water.geom 0 2 4326 1"])
        #expect(try store.db.texts("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%USING rtree%' ORDER BY name")
            == ["idx_base_geom", "idx_catch_geom", "idx_cinema_geom", "idx_poi_geom", "idx_time_zone_geom", "idx_trip_spot", "idx_trip_track",
                "idx_water_geom"])
    }

    @Test func reopeningADatabaseKeepsItsDataAndSchema() throws {
        var before: [String: [String]] = [:]
        do {
            let store = try openStore()
            try importEveryKind(into: store)
            before = try store.db.contentSnapshot()
        }
        let reopened = try openStore()
        #expect(reopened.schemaVersion == Schema.version)
        #expect(try reopened.db.contentSnapshot() == before)
        #expect(try reopened.db.count("poi") == 3)
    }

    @Test func aDatabaseFromANewerWaymarkIsRefused() throws {
        do {
            let store = try openStore()
            try importEveryKind(into: store)
            try store.db.execute("PRAGMA user_version = \(Schema.version + 1)")
        }
        let error = #expect(throws: DatabaseError.self) { try openStore() }
        let message = error?.description ?? ""
        #expect(message.contains(database.path))
        #expect(message.contains("schema version \(Schema.version + 1)"))
        #expect(message.contains("newer"))
    }

    @Test func aDatabaseFromANewerWaymarkIsRefusedReadOnlyToo() throws {
        do {
            let store = try openStore()
            try store.db.execute("PRAGMA user_version = \(Schema.version + 1)")
        }
        let error = #expect(throws: DatabaseError.self) { try SpatiaLiteStore(path: database.path, readOnly: true) }
        #expect(error?.description.contains("newer") == true)
    }

    // MARK: 10. Other tools read the database

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ogrinfo"), "GDAL's ogrinfo is not installed"))
    func ogrinfoListsEveryLayerWithItsFeatureCount() async throws {
        do {
            // Closed at the end of this scope, which checkpoints the WAL into the database file.
            let store = try openStore()
            try importEveryKind(into: store)
        }
        let text = try await ChildProcess.output(of: "ogrinfo", ["-so", "-al", database.path])

        // Each layer's summary: "Layer name: X", its geometry line(s), then "Feature Count: N".
        var layers: [String: (geometry: [String], count: Int?)] = [:]
        var current: String?
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("Layer name: ") {
                current = String(line.dropFirst("Layer name: ".count))
                layers[current!] = ([], nil)
            } else if let layer = current, line.hasPrefix("Geometry"), line.contains(": "), !line.hasPrefix("Geometry Column") {
                layers[layer]?.geometry.append(line)
            } else if let layer = current, line.hasPrefix("Feature Count: ") {
                layers[layer]?.count = Int(line.dropFirst("Feature Count: ".count))
            }
        }
        #expect(Set(layers.keys) == ["poi", "water", "cinema", "trip", "catch", "base", "time_zone"], "\(text)")
        #expect(layers["base"]?.count == 0 && layers["time_zone"]?.count == 0)
        #expect(layers["poi"]?.count == 3)
        #expect(layers["water"]?.count == 2)
        #expect(layers["cinema"]?.count == 1)
        #expect(layers["trip"]?.count == 2)
        #expect(layers["catch"]?.count == 3)
        #expect(layers["poi"]?.geometry == ["Geometry: Point"])
        #expect(layers["water"]?.geometry == ["Geometry: Unknown (any)"])
        // One layer for the trip table, with both geometry columns.
        #expect(layers["trip"]?.geometry == ["Geometry (spot): Point", "Geometry (track): Line String"])
        #expect(text.contains("Geometry Column 1 = spot") && text.contains("Geometry Column 2 = track"))
    }
}
