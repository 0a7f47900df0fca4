import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
import Testing

// Time zones from polygons, on both stores: the zone of a point, the zones an import gives its
// records, and the given zones it reports. Expected answers are known ones (where a city is, the
// offset of a zone at a date), or worked out from timezonefinder (scripts/timezone-oracle.py).

/// The world's zone polygons of Data/, read once.
let worldZones: ZoneFile = {
    let path = DefaultDataset.dataDirectory()!.appendingPathComponent("timezones/tz_world_simpl001.geojson").path
    return try! ZoneFileParser.parse(path: path)
}()

private func place(_ name: String, _ lat: Double, _ lon: Double, zone: String? = nil) -> ImportRecord {
    var p = PlaceRecord(category: "city", name: name, location: Coordinate(lat: lat, lon: lon))
    p.timezone = zone
    p.source = "test"
    p.sourceID = name
    return .place(p)
}

private func utc(_ text: String) -> Date { ISOTime.date(text, localTo: ISOTime.utc)! }

/// A store of `kind` holding the world's zones.
private func storeWithZones(_ kind: StoreKind) throws -> (TemporaryStore, any TestedStore) {
    let database = TemporaryStore(kind)
    let store = try database.open()
    _ = try store.importZones(worldZones)
    return (database, store)
}

@Suite struct TimeZoneTests {
    static let prague = Coordinate(lat: 50.0755, lon: 14.4378)
    /// In the Gulf of Riga, outside every land zone's polygon (timezonefinder: Etc/GMT-2), about
    /// 9.2 km from Riga's polygon and 32 km from Tallinn's (measured on a local projection).
    static let gulfOfRiga = Coordinate(lat: 57.35, lon: 23.7)
    static let midPacific = Coordinate(lat: 0, lon: -150)
    /// At sea, just outside Riga's polygon (which ends some 22 km off the coast).
    static let offLiepaja = Coordinate(lat: 56.5, lon: 20.61)

    @Test func theZoneFileIsReadWithoutItsOceanZones() {
        // timezonefinder-data's world: 444 features, 25 of them Etc/GMT±N ocean strips and one
        // (Europe/Vatican) without a geometry (counted in Python); Etc/UTC is a part of Antarctica.
        #expect(worldZones.problems.isEmpty)
        #expect(worldZones.oceanFeatures == 25 && worldZones.featuresWithoutGeometry == 1)
        #expect(Set(worldZones.polygons.map(\.zone)).count == 444 - 25 - 1)
        #expect(!worldZones.polygons.contains { $0.zone.hasPrefix("Etc/GMT") })
    }

    @Test func nauticalZonesHaveThePOSIXSign() throws {
        let cases: [(Double, String, Int)] = [
            (0, "Etc/GMT", 0), (7.4, "Etc/GMT", 0), (7.6, "Etc/GMT-1", 1), (-7.6, "Etc/GMT+1", -1), (30, "Etc/GMT-2", 2),
            (-150, "Etc/GMT+10", -10), (172.4, "Etc/GMT-11", 11), (172.6, "Etc/GMT-12", 12), (180, "Etc/GMT-12", 12),
            (-180, "Etc/GMT+12", -12),
        ]
        for (lon, zone, hours) in cases {
            #expect(ZoneAnswer.nautical(longitude: lon) == zone, "\(lon)")
            // The system's own zone of that name is `hours` east of UTC.
            #expect(try #require(TimeZone(identifier: zone)).secondsFromGMT() == hours * 3600, "\(zone)")
        }
    }

    @Test(arguments: StoreKind.available)
    func aPointOnLandAtSeaAndMidOcean(_ kind: StoreKind) throws {
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        #expect(try store.timezone(at: Self.prague) == ZoneAnswer(zone: "Europe/Prague", method: .contains))
        // The polygons reach 12 nautical miles out: the middle of the Gulf of Riga, and 34 km off
        // Liepāja (10.7 km past Riga's polygon), are beyond them, in the nautical zones of their
        // longitudes (23.7° E: UTC+2; 20.45° E: UTC+1); 480 m past the polygon off Liepāja is within
        // the polygons' precision, in Riga's waters.
        #expect(try store.timezone(at: Self.gulfOfRiga) == ZoneAnswer(zone: "Etc/GMT-2", method: .longitude))
        #expect(try store.timezone(at: Coordinate(lat: 56.5, lon: 20.45)) == ZoneAnswer(zone: "Etc/GMT-1", method: .longitude))
        let offLiepaja = try #require(try store.timezone(at: Self.offLiepaja))
        #expect(offLiepaja.zone == "Europe/Riga" && offLiepaja.method == .territorialWaters)
        #expect((300...700).contains(offLiepaja.distance ?? 0), "\(offLiepaja)")
        #expect(try store.timezone(at: Self.midPacific) == ZoneAnswer(zone: "Etc/GMT+10", method: .longitude))
        #expect(try store.timezone(at: Coordinate(lat: -30, lon: 80)) == ZoneAnswer(zone: "Etc/GMT-5", method: .longitude))
        // Across the antimeridian from Fiji's zone: a point on 180° itself finds the polygons on both sides.
        #expect(try store.timezone(at: Coordinate(lat: -16.8, lon: 179.99))?.zone == "Pacific/Fiji")
        // The offset now: Riga is two or three hours east of UTC, the Pacific point ten hours west.
        let now = Date()
        #expect([7_200, 10_800].contains(offLiepaja.clock(at: now)?.offset ?? 0))
        #expect(ZoneAnswer(zone: "Etc/GMT+10", method: .longitude).clock(at: now)?.offset == -36_000)
    }

    @Test(arguments: StoreKind.available)
    func aPointOutsideTheWorldIsRefusedNamingTheField(_ kind: StoreKind) throws {
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        for (point, field) in [(Coordinate(lat: 91, lon: 0), Field.lat), (Coordinate(lat: 0, lon: -180.5), .lon),
                               (Coordinate(lat: .nan, lon: 0), .lat)] {
            #expect { try store.timezone(at: point) } throws: { ($0 as? GeoError)?.field == field }
        }
    }

    @Test(arguments: StoreKind.available)
    func withoutZonePolygonsThereIsNoAnswerAndImportsAreAsBefore(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        #expect(try store.timezone(at: Self.prague) == nil)
        var cinema = CinemaRecord(name: "Kino Splendid Palace", timezone: nil, location: Coordinate(lat: 56.9501, lon: 24.1101))
        cinema.screenings = [Screening(title: "Lāčplēsis", start: utc("2024-05-08T19:00"))]
        cinema.localTimes.items = [0]
        let summary = try store.importFiles([ParsedFile(file: "f", [place("Praha", 50.0755, 14.4378), .cinema(cinema)])], skipInvalid: false)
        #expect(summary.zonesAssigned == 0 && summary.zoneWarnings.isEmpty)
        #expect(try store.texts("SELECT timezone FROM poi") == ["NULL"])
        #expect(try store.texts("SELECT timezone FROM cinema") == ["UTC"])
        #expect(try store.texts("SELECT start_utc FROM screening") == ["2024-05-08T19:00:00Z"])
    }

    /// Three overlapping zones drawn by hand: the smallest polygon that holds a point decides,
    /// whatever their order in the file.
    @Test(arguments: StoreKind.available, [false, true])
    func theSmallestOfOverlappingPolygonsHoldsThePoint(_ kind: StoreKind, reversed: Bool) throws {
        func square(_ zone: String, _ west: Double, _ south: Double, _ size: Double) -> String {
            let ring = [[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]
            return #"{"type": "Feature", "properties": {"tzid": "\#(zone)"}, "geometry": {"type": "Polygon", "coordinates": [\#(ring)]}}"#
        }
        var features = [square("Europe/Berlin", 8, 47, 2), square("Europe/Zurich", 7.5, 46.5, 1.5), square("Europe/Busingen", 8.6, 47.6, 0.2)]
        if reversed { features.reverse() }
        let file = try ZoneFileParser.parse(Data(#"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#.utf8), file: "squares")
        let database = TemporaryStore(kind)
        let store = try database.open()
        #expect(try store.importZones(file).polygons == 3)
        let cases: [(Double, Double, String)] = [(47.7, 8.7, "Europe/Busingen"), (47.9, 8.7, "Europe/Zurich"), (48.5, 9.5, "Europe/Berlin"),
                                                 (46.7, 7.7, "Europe/Zurich")]
        for (lat, lon, zone) in cases {
            #expect(try store.timezone(at: Coordinate(lat: lat, lon: lon)) == ZoneAnswer(zone: zone, method: .contains), "\(lat),\(lon)")
        }
        // Importing zones again replaces them.
        let again = try store.importZones(file)
        #expect(try again.replaced == 3 && store.count("time_zone") == 3)
    }

    /// A zone file that holds fewer polygons than are stored (an empty FeatureCollection, a part of
    /// the world) replaces nothing: every zone stays, and the store says both counts.
    @Test(arguments: StoreKind.available)
    func aSmallerZoneFileReplacesNothing(_ kind: StoreKind) throws {
        func file(_ features: [String]) throws -> ZoneFile {
            try ZoneFileParser.parse(Data(#"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#.utf8), file: "zones.geojson")
        }
        func square(_ zone: String, _ west: Double) -> String {
            let ring = [[west, 47], [west + 1, 47], [west + 1, 48], [west, 48], [west, 47]]
            return #"{"type": "Feature", "properties": {"tzid": "\#(zone)"}, "geometry": {"type": "Polygon", "coordinates": [\#(ring)]}}"#
        }
        let database = TemporaryStore(kind)
        let store = try database.open()
        _ = try store.importZones(try file([square("Europe/Zurich", 7), square("Europe/Berlin", 9), square("Europe/Vienna", 14)]))
        for smaller in [try file([]), try file([square("Europe/Berlin", 9)])] {
            let error = try #require(throws: (any Error).self) { try store.importZones(smaller) }
            #expect("\(error)".contains("3") && "\(error)".contains("\(smaller.polygons.count)") && "\(error)".contains("allow_shrink"), "\(error)")
            #expect(try store.count("time_zone") == 3)
            #expect(try store.timezone(at: Coordinate(lat: 47.5, lon: 14.5)) == ZoneAnswer(zone: "Europe/Vienna", method: .contains))
        }
    }

    @Test(arguments: StoreKind.available)
    func anImportGivesEveryRecordWithoutAZoneTheZoneOfItsPosition(_ kind: StoreKind) throws {
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        // A cinema in Riga that names no zone: its local screening time is Riga's (UTC+3 in May),
        // the one with an offset stays as written.
        var cinema = CinemaRecord(name: "Kino Splendid Palace", timezone: nil, location: Coordinate(lat: 56.9501, lon: 24.1101))
        cinema.screenings = [Screening(title: "Local", start: utc("2024-05-08T19:00")), Screening(title: "Offset", start: utc("2024-05-08T19:00Z"))]
        cinema.localTimes.items = [0]
        // A trip by New York that names no zone: local times of New Year's Eve (UTC−5), so its
        // catch falls in 2012 there and in 2013 in UTC.
        var trip = TripRecord(name: "Hudson, New Year's Eve")
        trip.spot = Coordinate(lat: 40.7, lon: -74.02)
        trip.start = utc("2012-12-31T20:00")
        var fish = CatchRecord(species: "striped bass")
        (fish.time, fish.weightKg, fish.lengthCm) = (utc("2012-12-31T21:30"), 4, 70)
        trip.catches = [fish]
        trip.localTimes = LocalTimes(start: true, end: false, items: [0])
        let lake = WaterRecord(name: "Hracholusky", waterKind: "reservoir", geometry: .polygon([
            [Coordinate(lat: 49.77, lon: 13.10), Coordinate(lat: 49.77, lon: 13.20), Coordinate(lat: 49.81, lon: 13.20),
             Coordinate(lat: 49.81, lon: 13.10), Coordinate(lat: 49.77, lon: 13.10)]]))
        var unlocated = PlaceRecord(category: "stay", name: "Somewhere", location: nil)
        unlocated.source = "test"
        let records: [ImportRecord] = [place("Praha", 50.0755, 14.4378), place("Gulf", 57.35, 23.7), place("Pacific", 0, -150),
                                       place("Riga", 56.9496, 24.1052, zone: "Europe/Riga"), .place(unlocated),
                                       .cinema(cinema), .trip(trip), .water(lake)]
        let summary = try store.importFiles([ParsedFile(file: "f", records)], skipInvalid: false)
        #expect(summary.zonesAssigned == 6 && summary.zoneWarnings.isEmpty, "\(summary.zoneWarnings)")
        #expect(try store.texts("SELECT name || ' ' || coalesce(timezone, '-') FROM poi ORDER BY name")
                == ["Gulf Etc/GMT-2", "Pacific Etc/GMT+10", "Praha Europe/Prague", "Riga Europe/Riga", "Somewhere -"])
        #expect(try store.texts("SELECT timezone FROM cinema") == ["Europe/Riga"])
        #expect(try store.texts("SELECT start_utc FROM screening ORDER BY title") == ["2024-05-08T16:00:00Z", "2024-05-08T19:00:00Z"])
        #expect(try store.texts("SELECT timezone || ' ' || start_utc FROM trip") == ["America/New_York 2013-01-01T01:00:00Z"])
        #expect(try store.texts("SELECT time_utc FROM catch") == ["2013-01-01T02:30:00Z"])
        #expect(try store.texts("SELECT timezone FROM water") == ["Europe/Prague"])
        // The catch's year is New York's; the cinema's day is Riga's.
        #expect(try store.catchStatistics(by: [.year]).map(\.group) == [["2012"]])
        let programme = try store.cinemas(near: Coordinate(lat: 56.95, lon: 24.11), day: "2024-05-08", film: nil, limit: 1)
        #expect(programme.map(\.timezone) == ["Europe/Riga"] && programme.first?.screenings.count == 2)
        // Every feature's zone is shown with its details.
        let nearest = try store.withDetails(try store.nearest(NearestQuery(center: Self.prague, limit: 20)))
        #expect(Set(nearest.features.map { "\($0.name ?? "") \($0.properties["timezone"] ?? "-")" }).isSuperset(of: [
            "Hracholusky Europe/Prague", "Kino Splendid Palace Europe/Riga", "Hudson, New Year's Eve America/New_York", "Praha Europe/Prague",
        ]))
    }

    /// Natural Earth gives Prague the zone of Prague, Oklahoma; a place 2 km inside Czechia given
    /// its German neighbour's zone is within the simplified polygons' tolerance; Kyiv's old name
    /// is a link to its new one.
    static let givenZones = """
        name,latitude,longitude,timezone
        Prague,50.085283,14.464034,America/Chicago
        Hřensko border,50.87,14.26,Europe/Berlin
        Kiev,50.45,30.52,Europe/Kiev
        Plzeň,49.7475,13.3776,Europe/Prague
        """

    @Test(arguments: StoreKind.available)
    func aGivenZoneThatDoesNotHoldThePositionIsAWarning(_ kind: StoreKind) throws {
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        let parsed = try CSVParser.parse(Data(Self.givenZones.utf8), file: "places.csv", kind: nil)
        let summary = try store.importFiles([parsed], skipInvalid: false)
        #expect(summary.inserted[.poi] == 4 && summary.zonesAssigned == 0)
        let warning = try #require(summary.zoneWarnings.first)
        #expect(summary.zoneWarnings.count == 1)
        #expect(warning.file == "places.csv" && warning.record == "line 2")
        #expect(warning.reason.hasPrefix("timezone: 'America/Chicago' does not contain the position of Prague at 50.085283,14.464034"))
        #expect(warning.reason.hasSuffix("which is in Europe/Prague"))
        // Imported as given.
        #expect(try store.texts("SELECT timezone FROM poi WHERE name = 'Prague'") == ["America/Chicago"])
    }

    @Test(arguments: StoreKind.available)
    func strictTimezonesRefuseTheRecordNamingTheField(_ kind: StoreKind) throws {
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        let parsed = try CSVParser.parse(Data(Self.givenZones.utf8), file: "places.csv", kind: nil)
        #expect {
            try store.importFiles([parsed], skipInvalid: false, strictTimezones: true)
        } throws: { error in
            guard let failure = error as? ImportFailure, failure.problems.count == 1, let problem = failure.problems.first else { return false }
            return problem.record == "line 2" && problem.reason.hasPrefix("timezone: 'America/Chicago' does not contain")
        }
        #expect(try store.count("poi") == 0)
        let skipping = try store.importFiles([parsed], skipInvalid: true, strictTimezones: true)
        #expect(skipping.inserted[.poi] == 3 && skipping.skipped.map(\.record) == ["line 2"] && skipping.zoneWarnings.isEmpty)
    }

    /// Natural Earth's populated places of Czechia, as the shared data has them: Prague among
    /// them with America/Chicago.
    @Test(arguments: StoreKind.available)
    func naturalEarthsPragueIsReported(_ kind: StoreKind) throws {
        let path = "../shared/data/naturalearth/ne_10m_populated_places_slim.csv"
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../" + path).standardized
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            print("naturalEarthsPragueIsReported: skipped, \(path) is absent")
            return
        }
        let lines = text.split(whereSeparator: \.isNewline)
        let czech = [lines[0]] + lines.filter { $0.contains(",Czech Republic,") }
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        let summary = try store.importFiles([try CSVParser.parse(Data(czech.joined(separator: "\n").utf8), file: "ne.csv", kind: nil)],
                                            skipInvalid: true)
        #expect(summary.zoneWarnings.contains { $0.reason.contains("'America/Chicago' does not contain the position of Prague") && $0.reason.hasSuffix("Europe/Prague") },
                "\(summary.zoneWarnings)")
    }

    @Test(arguments: StoreKind.available)
    func aCopyCarriesTheZones(_ kind: StoreKind) throws {
        let source = TemporaryStore(.spatiaLite)
        let from = try source.open()
        _ = try from.importZones(worldZones)
        _ = try from.importFiles([ParsedFile(file: "f", [place("Praha", 50.0755, 14.4378)])], skipInvalid: false)
        let target = TemporaryStore(kind)
        let to = try target.open()
        _ = try from.copy(to: to)
        #expect(try to.count("time_zone") == from.count("time_zone"))
        #expect(try to.texts("SELECT timezone FROM poi") == ["Europe/Prague"])
        for point in [Self.prague, Self.gulfOfRiga, Self.offLiepaja, Self.midPacific] { #expect(try to.timezone(at: point) == from.timezone(at: point)) }
    }
}
