import Foundation
import GeoCore
@testable import GeoStore
import Testing

extension ParsedFile {
    var placesByRecord: [String: PlaceRecord] {
        Dictionary(uniqueKeysWithValues: records.compactMap { r in
            if case let .place(p) = r.value { (r.record, p) } else { nil }
        })
    }
    var watersByRecord: [String: WaterRecord] {
        Dictionary(uniqueKeysWithValues: records.compactMap { r in
            if case let .water(w) = r.value { (r.record, w) } else { nil }
        })
    }
    var cinemasByRecord: [String: CinemaRecord] {
        Dictionary(uniqueKeysWithValues: records.compactMap { r in
            if case let .cinema(c) = r.value { (r.record, c) } else { nil }
        })
    }
    var tripsByRecord: [String: TripRecord] {
        Dictionary(uniqueKeysWithValues: records.compactMap { r in
            if case let .trip(t) = r.value { (r.record, t) } else { nil }
        })
    }
    /// Problem reasons by record label.
    var reasons: [String: String] { Dictionary(uniqueKeysWithValues: problems.map { ($0.record, $0.reason) }) }
}

private func utc(_ text: String) -> Date { ISOTime.date(text, localTo: ISOTime.utc)! }

private let sharedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/data").standardized
private let helsinkiPOIsPath = sharedData.appendingPathComponent("osm_derived/helsinki_pois.geojson").path
private let cerknicaGPXPath = sharedData.appendingPathComponent("gpx/cerknicko-jezero.gpx").path

@Suite struct ImportParsingTests {
    // MARK: format and categories

    /// Lines as GeoNames' dump writes them (19 tab-separated fields, its readme's order): a city,
    /// a lake, a destroyed town, a line with a field too few and one with a latitude out of range;
    /// a file of other lines is refused whole.
    @Test func readsAGeoNamesDump() throws {
        let lines = [
            ["456172", "Riga", "Riga", "Gorad Ryga,RIX,Riga,Rigae,Ryga,Rīga,Рига", "56.946", "24.10589", "P", "PPLC", "LV", "", "25", "", "", "",
             "742572", "", "9", "Europe/Riga", "2019-09-05"],
            ["459279", "Ķīšezers", "Kisezers", "Kisezers,Ķīšezers", "57.0", "24.16", "H", "LK", "LV", "", "25", "", "", "", "0", "", "1",
             "Europe/Riga", "2012-01-17"],
            ["3", "Old town\u{2028}ruins", "", "", "57.1", "24.2", "P", "PPLW", "LV", "", "", "", "", "", "120", "", "1", "Europe/Riga", "2012-01-17"],
            ["1", "Short", "Short", "", "57.0", "24.0", "P", "PPL", "LV", "", "", "", "", "", "0", "", "1", "Europe/Riga"],
            ["2", "North of the pole", "", "", "91.0", "24.0", "P", "PPL", "LV", "", "", "", "", "", "0", "", "1", "Europe/Riga", "2012-01-17"],
        ]
        let text = lines.map { $0.joined(separator: "\t") }.joined(separator: "\r\n") + "\r\n"
        let parsed = try GeoNamesParser.parse(Data(text.utf8), file: "/tmp/LV.txt", kind: nil)
        let places = parsed.records.compactMap { record -> PlaceRecord? in if case let .place(p) = record.value { p } else { nil } }
        #expect(places.map(\.name) == ["Riga", "Ķīšezers", "Old town\u{2028}ruins"])
        let riga = try #require(places.first)
        #expect(riga.category == "city" && riga.population == 742_572 && riga.timezone == "Europe/Riga")
        #expect(riga.location == Coordinate(lat: 56.946, lon: 24.10589))
        #expect(riga.alternateNames == ["Gorad Ryga", "RIX", "Rigae", "Ryga", "Rīga", "Рига"])
        #expect(riga.source == "geonames" && riga.sourceID == "456172")
        #expect(places[1].category == "other" && places[1].alternateNames == ["Kisezers"] && places[1].population == nil)
        #expect(places[2].category == "other" && places[2].population == 120)
        #expect(parsed.problems.map(\.description) == [
            "/tmp/LV.txt: line 4: fields: 18 tab-separated value(s); a GeoNames line has 19",
            "/tmp/LV.txt: line 5: latitude: 91.0 is outside -90…90",
        ])
        // GeoNames' postal codes (12 fields) are no place dump.
        let postal = "LV\tLV-1050\tRīga\tRīga\t25\t\t\t\t\t56.946\t24.106\t4\n"
        let refusal = #expect(throws: ImportProblem.self) { try GeoNamesParser.parse(Data(postal.utf8), file: "LV.txt", kind: nil) }
        #expect(refusal?.description == "LV.txt: file: not a GeoNames place dump: line 1 has 12 tab-separated field(s), GeoNames' places have 19")
    }

    @Test func detectsFormatByExtension() {
        #expect(ImportFormat.detect(path: "a/b.geojson") == .geojson)
        #expect(ImportFormat.detect(path: "b.JSON") == .geojson)
        #expect(ImportFormat.detect(path: "cities.csv") == .csv)
        #expect(ImportFormat.detect(path: "track.gpx") == .gpx)
        #expect(ImportFormat.detect(path: "objekti-eng.xml") == .travelGuide)
        #expect(ImportFormat.detect(path: "cities15000.txt") == .geonames)
        #expect(ImportFormat.detect(path: "notes.doc") == nil)
        #expect(ImportFormat.detect(path: "noextension") == nil)
    }

    @Test(arguments: [
        (["amenity": "restaurant"], "eat"),
        (["amenity": "biergarten"], "eat"),
        (["tourism": "guest_house"], "stay"),
        (["tourism": "museum"], "see"),
        (["historic": "memorial"], "see"),
        (["historic": "yes"], "see"),
        (["amenity": "place_of_worship"], "see"),
        // OpenStreetMap's leisure is not the guide's "Ko darīt" (do).
        (["leisure": "park"], "leisure"),
        (["leisure": "marina"], "leisure"),
        (["sport": "swimming"], "leisure"),
        (["amenity": "casino"], "do"),
        (["amenity": "cinema"], "cinema"),
        (["natural": "water"], "water"),
        (["waterway": "stream"], "water"),
        (["water": "pond"], "water"),
        (["place": "hamlet"], "city"),
        // A semicolon list tries its values in order.
        (["amenity": "nightclub;restaurant"], "do"),
        (["amenity": "post_office; cafe"], "eat"),
        // Keys in table order: amenity before tourism, historic before leisure.
        (["amenity": "restaurant", "tourism": "hotel"], "eat"),
        (["leisure": "park", "historic": "castle"], "see"),
        (["amenity": "post_office", "historic": "yes"], "see"),
    ] as [([String: String], String)])
    func osmTagsMapToCategories(tags: [String: String], category: String) {
        #expect(OSMCategoryMapping.category(for: tags) == category)
    }

    @Test func unmappedOSMTagsGiveNil() {
        #expect(OSMCategoryMapping.category(for: ["amenity": "post_office"]) == nil)
        #expect(OSMCategoryMapping.category(for: ["place": "isolated_dwelling"]) == nil)
        #expect(OSMCategoryMapping.category(for: ["natural": "wood", "name": "Mežs"]) == nil)
        #expect(OSMCategoryMapping.category(for: [:]) == nil)
    }

    @Test func isoTimes() {
        let prague = TimeZone(identifier: "Europe/Prague")!
        #expect(ISOTime.date("2012-05-08T11:00", localTo: prague) == utc("2012-05-08T09:00:00Z"))
        #expect(ISOTime.date("2012-05-08T13:40+02:00", localTo: ISOTime.utc) == utc("2012-05-08T11:40Z"))
        #expect(ISOTime.date("2012-05-08 13:40:30-0130", localTo: ISOTime.utc) == utc("2012-05-08T15:10:30Z"))
        let fractional = ISOTime.date("1901-12-13T20:45:52.2073437Z", localTo: ISOTime.utc)!
        #expect(abs(fractional.timeIntervalSince(utc("1901-12-13T20:45:52Z")) - 0.2073437) < 1e-6)
        for bad in ["", "tomorrow", "2012-13-01T00:00Z", "2012-02-30T10:00", "2012-05-08T11", "2012-05-08T11:00:00.Z", "2012-05-08T11:00Zulu"] {
            #expect(ISOTime.date(bad, localTo: prague) == nil, "\(bad)")
        }
    }

    // MARK: GeoJSON

    static let collection = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9462642, 60.1711318]},
       "properties": {"osm_type": "node", "osm_id": 1, "name": "Ravintola", "name:en": "Restaurant", "amenity": "restaurant",
                      "addr:street": "Kaisaniemenkatu", "addr:housenumber": "2", "addr:postcode": "00100", "addr:city": "Helsinki",
                      "contact:phone": "+358 1", "website": "https://example.fi", "opening_hours": "Mo-Fr 10:00-20:00"}},
      {"type": "Feature", "id": "abc", "geometry": {"type": "Point", "coordinates": [22.80612, 57.50935, 3.5]},
       "properties": {"name": "Rojas pludmale", "category": "see", "description": "Beach", "description:lv": "Pludmale",
                      "timezone": "Europe/Riga", "address": "Roja"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9385433, 60.1716419]},
       "properties": {"name": "Pääposti", "amenity": "post_office", "category": "amenity=post_office"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.3776, 49.7475]},
       "properties": {"name": "Cinema City Plzeň", "category": "amenity=cinema", "timezone": "Europe/Prague",
                      "screenings": [{"title": "Avengers 3D", "start": "2012-05-08T11:00", "minutes": 137, "rating": "MP-12", "version": "DAB"},
                                     {"title": "Avengers", "start": "2012-05-08T15:10+02:00", "minutes": 137, "rating": "MP-12", "version": "ČT"}]}},
      {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[14.3, 45.7], [14.4, 45.7], [14.4, 45.8], [14.3, 45.7]]]},
       "properties": {"name": "Cerkniško jezero", "natural": "water", "water": "lake", "operator": "RD Cerknica"}},
      {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[14.1, 45.1], [14.2, 45.2]]},
       "properties": {"waterway": "river"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.0, 95.0]}, "properties": {"name": "North of north", "category": "see"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-181.0, 45.0]}, "properties": {"name": "West of west", "category": "see"}},
      {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": []}, "properties": {"natural": "water"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {"amenity": "cafe"}},
      {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[14.3, 45.7], [14.4, 45.7], [14.4, 45.8], [14.3, 45.9]]]},
       "properties": {"natural": "water"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14.3, 45.7]}, "properties": {"name": "Pond", "natural": "water"}},
      {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[14.3, 45.7], [14.4, 45.7], [14.4, 45.8], [14.3, 45.7]]]},
       "properties": {"name": "Big restaurant", "amenity": "restaurant"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.37, 49.74]},
       "properties": {"name": "Kino", "amenity": "cinema", "screenings": [{"title": "Havran", "start": "2012-05-08T19:20"},
                                                                          {"title": "Titanic 3D", "start": "tomorrow"}]}},
      {"type": "Feature", "geometry": null, "properties": {"name": "Somewhere", "category": "Do"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.1, 56.9]}, "properties": {"name": "Clock", "category": "city", "timezone": "Mars/Olympus"}},
      {"type": "Feature", "geometry": {"type": "GeometryCollection", "geometries": []}, "properties": {"name": "Bag", "category": "see"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": ["24", 56]}, "properties": {"name": "Strings", "category": "see"}},
      {"type": "Thing"}
    ]}
    """

    @Test func geoJSONRecordsAndProblems() throws {
        let parsed = try GeoJSONParser.parse(Data(Self.collection.utf8), file: "mixed.geojson", kind: nil)
        #expect(parsed.records.count + parsed.problems.count == 19)
        #expect(parsed.problems.allSatisfy { $0.file == "mixed.geojson" })

        let places = parsed.placesByRecord
        let restaurant = try #require(places["feature 0"])
        #expect(restaurant.category == "eat")
        #expect(restaurant.name == "Ravintola")
        #expect(restaurant.names == ["en": "Restaurant"])
        #expect(restaurant.address == "Kaisaniemenkatu 2, 00100 Helsinki")
        #expect(restaurant.phone == "+358 1")
        #expect(restaurant.website == "https://example.fi")
        #expect(restaurant.source == "osm" && restaurant.sourceID == "node/1")
        #expect(restaurant.location == Coordinate(lat: 60.1711318, lon: 24.9462642))

        let beach = try #require(places["feature 1"])
        #expect(beach.category == "see")
        #expect(beach.description == "Beach" && beach.descriptions == ["lv": "Pludmale"])
        #expect(beach.timezone == "Europe/Riga" && beach.address == "Roja")
        #expect(beach.source == "mixed.geojson" && beach.sourceID == "abc")
        #expect(beach.location == Coordinate(lat: 57.50935, lon: 22.80612))

        #expect(places["feature 2"]?.category == "other")
        let unlocated = try #require(places["feature 14"])
        #expect(unlocated.location == nil && unlocated.category == "do")

        let cinema = try #require(parsed.cinemasByRecord["feature 3"])
        #expect(cinema.timezone == "Europe/Prague")
        #expect(cinema.screenings.map(\.start) == [utc("2012-05-08T09:00Z"), utc("2012-05-08T13:10Z")])
        #expect(cinema.screenings.first == Screening(title: "Avengers 3D", start: utc("2012-05-08T09:00Z"), minutes: 137, rating: "MP-12", version: "DAB"))

        let lake = try #require(parsed.watersByRecord["feature 4"])
        #expect(lake.name == "Cerkniško jezero" && lake.waterKind == "lake" && lake.organisation == "RD Cerknica")
        #expect(lake.geometry.typeName == "Polygon")
        let river = try #require(parsed.watersByRecord["feature 5"])
        #expect(river.name == nil && river.waterKind == "river")

        #expect(parsed.reasons == [
            "feature 6": "lat: 95.0 is outside -90…90",
            "feature 7": "lon: -181.0 is outside -180…180",
            "feature 8": "geometry: the Polygon is empty",
            "feature 9": "name: missing",
            "feature 10": "geometry: a polygon ring is not closed",
            "feature 11": "geometry: a water needs a line or an area, got a Point",
            "feature 12": "geometry: a place needs a Point, got a Polygon",
            "feature 13": "screenings[1].start: 'tomorrow' is not an ISO 8601 date-time",
            "feature 15": "timezone: 'Mars/Olympus' is not an IANA time zone",
            "feature 16": "geometry: type 'GeometryCollection' is not supported",
            "feature 17": "geometry: a position must be [lon, lat]",
            "feature 18": "type: not a GeoJSON Feature",
        ])
    }

    @Test func geoJSONForcedKindAndSingleFeature() throws {
        let feature = #"{"type": "Feature", "geometry": {"type": "MultiPolygon", "coordinates": [[[[24.94, 60.17], [24.95, 60.17], [24.95, 60.18], [24.94, 60.17]]]]}, "properties": {"osm_type": "way", "osm_id": 122872077, "kind": "water_area"}}"#
        let detected = try GeoJSONParser.parse(Data(feature.utf8), file: "w.geojson", kind: nil)
        let water = try #require(detected.watersByRecord["feature 0"])
        #expect(water.waterKind == "water" && water.sourceID == "way/122872077")

        let point = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {"name": "Bio Rex", "category": "eat"}}]}"#
        let forced = try GeoJSONParser.parse(Data(point.utf8), file: "c.geojson", kind: .cinema)
        // No zone named: the import finds it (`ImportPlan.assignZones`).
        #expect(forced.cinemasByRecord["feature 0"]?.timezone == nil)
        let asWater = try GeoJSONParser.parse(Data(point.utf8), file: "c.geojson", kind: .water)
        #expect(asWater.records.isEmpty && asWater.reasons["feature 0"] == "geometry: a water needs a line or an area, got a Point")
    }

    @Test(arguments: [
        "{\"type\": \"FeatureCollection\", \"features\": [",
        "not json at all",
        "[1, 2, 3]",
        "{\"type\": \"Point\", \"coordinates\": [1, 2]}",
        "{\"type\": \"FeatureCollection\"}",
        "",
    ])
    func unreadableGeoJSONThrowsForTheFile(text: String) {
        let problem = #expect(throws: ImportProblem.self) {
            try GeoJSONParser.parse(Data(text.utf8), file: "broken.geojson", kind: nil)
        }
        #expect(problem?.record == "file")
        #expect(problem?.file == "broken.geojson")
    }

    @Test(arguments: [
        // Forced by --kind poi: OSM cinemas and waters, and a code that names a kind.
        (#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {"name": "Bio Rex", "amenity": "cinema"}}"#, "cinema"),
        (#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {"name": "Pond", "natural": "water"}}"#, "water"),
        (#"{"type": "Feature", "geometry": null, "properties": {"name": "Outing", "category": "Trip"}}"#, "trip"),
    ])
    func geoJSONPlacesMayNotHaveAKindsCode(feature: String, code: String) throws {
        let parsed = try GeoJSONParser.parse(Data(feature.utf8), file: "p.geojson", kind: .poi)
        #expect(parsed.records.isEmpty)
        #expect(parsed.reasons == ["feature 0": "category: '\(code)' names a kind, not a POI category; import the file with kind \(code)"])
    }

    // MARK: GeoJSON trips (the angler's diary)

    static let diary = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "may-1", "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
       "properties": {"kind": "trip", "name": "Hracholusky, May morning", "timezone": "Europe/Prague",
                      "start": "2024-05-18T05:30", "end": "2024-05-18T11:00+02:00", "water": "Hracholusky",
                      "weather": "overcast", "notes": "By the dam",
                      "catches": [{"species": "carp", "length_cm": 64, "weight_kg": 5.2, "time": "2024-05-18T06:40",
                                   "bait": "boilie", "lat": 49.7903, "lon": 13.1497},
                                  {"species": " pike ", "time": "2024-05-18T09:15Z", "bait": "", "lat": null}]}},
      {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[13.15, 49.79], [13.16, 49.80]]},
       "properties": {"category": "trip", "name": "Evening row", "start": "2023-09-02T16:00", "catches": []}},
      {"type": "Feature", "geometry": null, "properties": {"kind": "Trip", "name": "Somewhere", "description": "Forgot the GPS"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.2, 49.8]}, "properties": {"kind": "trip", "name": "Quick look", "id": 7}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.3, 49.7]}, "properties": {"kind": "trip", "name": "No date"}}
    ]}
    """

    @Test func geoJSONTrips() throws {
        let parsed = try GeoJSONParser.parse(Data(Self.diary.utf8), file: "/home/me/diary.geojson", kind: nil)
        #expect(parsed.problems.isEmpty, "\(parsed.problems)")
        let trips = parsed.tripsByRecord
        #expect(trips.count == 5)

        let may = try #require(trips["feature 0"])
        #expect(may.name == "Hracholusky, May morning")
        #expect(may.spot == Coordinate(lat: 49.7902, lon: 13.1495) && may.track == nil)
        #expect(may.start == utc("2024-05-18T03:30Z") && may.end == utc("2024-05-18T09:00Z")) // local to Europe/Prague (CEST)
        #expect(may.waterName == "Hracholusky" && may.weather == "overcast" && may.notes == "By the dam")
        #expect(may.source == "diary.geojson" && may.sourceID == "may-1")
        var carp = CatchRecord(species: "carp")
        carp.lengthCm = 64
        carp.weightKg = 5.2
        carp.time = utc("2024-05-18T04:40Z")
        carp.bait = "boilie"
        carp.location = Coordinate(lat: 49.7903, lon: 13.1497)
        var pike = CatchRecord(species: "pike")
        pike.time = utc("2024-05-18T09:15Z")
        #expect(may.catches == [carp, pike])

        let row = try #require(trips["feature 1"])
        #expect(row.track == [Coordinate(lat: 49.79, lon: 13.15), Coordinate(lat: 49.80, lon: 13.16)])
        #expect(row.spot == row.track?.first)
        #expect(row.start == utc("2023-09-02T16:00Z") && row.end == nil) // no timezone: UTC
        #expect(row.catches.isEmpty && row.waterName == nil)
        // Without an id, the trip's content identifies it.
        #expect(row.sourceID == "Evening row@2023-09-02T16:00:00Z")

        let unlocated = try #require(trips["feature 2"])
        #expect(unlocated.spot == nil && unlocated.track == nil && unlocated.notes == "Forgot the GPS")
        #expect(unlocated.sourceID == "Somewhere@")
        #expect(trips["feature 3"]?.sourceID == "7")
        #expect(trips["feature 4"]?.sourceID == "No date@49.7,13.3")
    }

    @Test func geoJSONForcedTripKind() throws {
        // A `water` property alone would make the feature a water (OSM's water=*); forced, it names the trip's water.
        let feature = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.15, 49.79]}, "properties": {"name": "Dawn", "water": "Hracholusky"}}"#
        let detected = try GeoJSONParser.parse(Data(feature.utf8), file: "d.geojson", kind: nil)
        #expect(detected.tripsByRecord.isEmpty)
        let forced = try GeoJSONParser.parse(Data(feature.utf8), file: "d.geojson", kind: .trip)
        #expect(forced.tripsByRecord["feature 0"]?.waterName == "Hracholusky")
        // Marked as a trip, it is one without forcing.
        let marked = feature.replacingOccurrences(of: #""name": "Dawn""#, with: #""name": "Dawn", "kind": "trip""#)
        #expect(try GeoJSONParser.parse(Data(marked.utf8), file: "d.geojson", kind: nil).tripsByRecord["feature 0"]?.waterName == "Hracholusky")
    }

    @Test(arguments: [
        (#""catches": []"#, "name: missing"),
        (#""name": "T", "start": "dawn""#, "start: 'dawn' is not an ISO 8601 date-time"),
        (#""name": "T", "start": "2024-05-18T06:00", "end": "2024-05-18T05:00""#, "end: '2024-05-18T05:00' is before start '2024-05-18T06:00'"),
        (#""name": "T", "timezone": "Mars/Olympus""#, "timezone: 'Mars/Olympus' is not an IANA time zone"),
        (#""name": "T", "catches": {"species": "carp"}"#, "catches: must be an array"),
        (#""name": "T", "catches": ["carp"]"#, "catches[0]: must be an object"),
        (#""name": "T", "catches": [{"species": "carp"}, {"length_cm": 50}]"#, "catches[1].species: missing"),
        (#""name": "T", "catches": [{"species": " "}]"#, "catches[0].species: missing"),
        (#""name": "T", "catches": [{"species": "carp"}, {"species": "pike", "length_cm": -3}]"#, "catches[1].length_cm: '-3' is not a positive number"),
        (#""name": "T", "catches": [{"species": "carp", "weight_kg": "heavy"}]"#, "catches[0].weight_kg: 'heavy' is not a positive number"),
        (#""name": "T", "catches": [{"species": "carp", "weight_kg": 0}]"#, "catches[0].weight_kg: '0' is not a positive number"),
        (#""name": "T", "catches": [{"species": "carp", "time": "at dawn"}]"#, "catches[0].time: 'at dawn' is not an ISO 8601 date-time"),
        (#""name": "T", "catches": [{"species": "carp", "time": 5}]"#, "catches[0].time: '5' is not an ISO 8601 date-time"),
        (#""name": "T", "catches": [{"species": "carp", "lat": 49.79}]"#, "catches[0].lon: missing while catches[0].lat is given"),
        (#""name": "T", "catches": [{"species": "carp", "lon": 13.1}]"#, "catches[0].lat: missing while catches[0].lon is given"),
        (#""name": "T", "catches": [{"species": "carp", "lat": 95, "lon": 13.1}]"#, "catches[0].lat: 95.0 is outside -90…90"),
        (#""name": "T", "catches": [{"species": "carp", "lat": 49.79, "lon": "13.1"}]"#, "catches[0].lon: '13.1' is not a number"),
    ])
    func invalidGeoJSONTripsAreProblems(properties: String, reason: String) throws {
        let feature = #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.15, 49.79]}, "properties": {"# + properties + "}}"
        let parsed = try GeoJSONParser.parse(Data(feature.utf8), file: "t.geojson", kind: .trip)
        #expect(parsed.records.isEmpty)
        #expect(parsed.reasons == ["feature 0": reason])
    }

    @Test func geoJSONTripsNeedAPointOrALine() throws {
        let feature = #"{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[13.1, 49.7], [13.2, 49.7], [13.2, 49.8], [13.1, 49.7]]]}, "properties": {"name": "T"}}"#
        let parsed = try GeoJSONParser.parse(Data(feature.utf8), file: "t.geojson", kind: .trip)
        #expect(parsed.reasons == ["feature 0": "geometry: a trip needs a Point (its spot) or a LineString (its track), got a Polygon"])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: helsinkiPOIsPath),
                   "needs ../shared/data/osm_derived/helsinki_pois.geojson, absent on this machine"))
    func helsinkiPOIs() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: helsinkiPOIsPath))
        let parsed = try GeoJSONParser.parse(data, file: "helsinki_pois.geojson", kind: nil)
        #expect(parsed.problems.isEmpty, "\(parsed.problems.prefix(5))")
        #expect(parsed.records.count == 745)
        let places = parsed.placesByRecord.values
        #expect(places.filter { $0.category == "eat" }.count > 300)
        #expect(parsed.cinemasByRecord.count == 4)
        #expect(places.allSatisfy { $0.source == "osm" && $0.sourceID?.contains("/") == true })
        #expect(places.contains { $0.name == "Hilton Helsinki Strand" && $0.category == "stay"
            && $0.address == "John Stenbergin ranta 4, 00530 Helsinki" })
    }

    // MARK: CSV

    @Test func csvRecordsAndProblems() throws {
        let csv = """
        name,lat,lon,category,description,name:en
        "Café ""Central"", Riga",56.95,24.11,eat,"two
        lines",Central
        Nowhere,,,see,,
        Bad lat,abc,24,eat,,
        Half,56.9,,eat,,
        Not a number,NaN,24,eat,,
        Infinite,56,inf,eat,,
        Too far north,95,24,eat,,
        Too far west,56,-181,eat,,
        Roja,57.5,22.8,,,

        Short,1
        Shop,57,22,shop=bakery,,
        ,57,22,eat,,
        Quote,57,22,eat,"never closed
        """
        let parsed = try CSVParser.parse(Data(csv.utf8), file: "places.csv", kind: nil)
        let places = parsed.placesByRecord
        let cafe = try #require(places["line 2"])
        #expect(cafe.name == "Café \"Central\", Riga")
        #expect(cafe.description == "two\nlines")
        #expect(cafe.names == ["en": "Central"])
        #expect(cafe.category == "eat" && cafe.source == "places.csv")
        #expect(cafe.location == Coordinate(lat: 56.95, lon: 24.11))
        #expect(places["line 4"]?.location == nil)
        #expect(places["line 4"]?.category == "see")
        #expect(places["line 11"]?.category == "other")
        #expect(places["line 14"]?.category == "other")
        #expect(parsed.records.map(\.record) == ["line 2", "line 4", "line 11", "line 14"])
        #expect(parsed.reasons == [
            "line 5": "lat: 'abc' is not a number",
            "line 6": "lon: missing while lat is given",
            "line 7": "lat: 'NaN' is not a number",
            "line 8": "lon: 'inf' is not a number",
            "line 9": "lat: 95.0 is outside -90…90",
            "line 10": "lon: -181.0 is outside -180…180",
            "line 13": "fields: 2 value(s), the header has 6",
            "line 15": "name: missing",
            "line 16": "quotes: a quoted field is not closed before the end of the file",
        ])
    }

    @Test func csvGeoNamesFileGivesCities() throws {
        let csv = "\u{FEFF}geonameid,name,latitude,longitude,countrycode,admin1code,population,timezone\r\n"
            + "456172,Riga,56.946,24.10589,LV,25,742572,Europe/Riga\r\n"
            + "3068160,Pilsen,49.74747,13.37759,CZ,87,169033,Europe/Prague\r\n"
            + "1,Nowhere,abc,13,CZ,87,1,Europe/Prague\r\n"
        let parsed = try CSVParser.parse(Data(csv.utf8), file: "cities.csv", kind: nil)
        let riga = try #require(parsed.placesByRecord["line 2"])
        #expect(riga.category == "city" && riga.timezone == "Europe/Riga")
        #expect(riga.source == "geonames" && riga.sourceID == "456172")
        #expect(parsed.placesByRecord["line 3"]?.name == "Pilsen")
        #expect(parsed.reasons == ["line 4": "latitude: 'abc' is not a number"])
    }

    @Test func csvCinemas() throws {
        let csv = "Name,Y,X,Timezone\nCinema City Plzeň,49.7475,13.3776,Europe/Prague\nCineStar Anděl,50.07,14.40,\n"
        let parsed = try CSVParser.parse(Data(csv.utf8), file: "cinemas.csv", kind: .cinema)
        #expect(parsed.cinemasByRecord["line 2"]?.timezone == "Europe/Prague")
        #expect(parsed.cinemasByRecord["line 3"]?.timezone == nil)
        #expect(parsed.problems.isEmpty)
    }

    @Test(arguments: [
        ("name,east,north\nA,1,2\n", nil),
        ("name,lat\nA,1\n", nil),
        ("", nil),
        ("name,lat,lon\nA,1,2\n", FeatureKind.water),
        ("name,lat,lon\nA,1,2\n", FeatureKind.trip),
    ] as [(String, FeatureKind?)])
    func unreadableCSVThrowsForTheFile(text: String, kind: FeatureKind?) {
        let problem = #expect(throws: ImportProblem.self) {
            try CSVParser.parse(Data(text.utf8), file: "bad.csv", kind: kind)
        }
        #expect(problem?.record == "file")
    }

    @Test func csvRowsThatWouldBeWatersAreProblems() throws {
        let parsed = try CSVParser.parse(Data("name,lat,lon,category\nLake,57,22,natural=water\n".utf8), file: "w.csv", kind: nil)
        #expect(parsed.records.isEmpty)
        #expect(parsed.reasons["line 2"] == "category: a water needs a line or area geometry, which CSV cannot hold")
    }

    @Test func csvRowsThatWouldBeTripsOrKindCodedPlacesAreProblems() throws {
        let csv = "name,lat,lon,category\nOuting,57,22,trip\nKino,57,22,amenity=cinema\nCafe,57,22,eat\n"
        let detected = try CSVParser.parse(Data(csv.utf8), file: "t.csv", kind: nil)
        #expect(detected.records.map(\.record) == ["line 3", "line 4"])
        #expect(detected.reasons == ["line 2": "category: trips are imported from GeoJSON or GPX, not CSV"])
        let forced = try CSVParser.parse(Data(csv.utf8), file: "t.csv", kind: .poi)
        #expect(forced.records.map(\.record) == ["line 4"])
        #expect(forced.reasons == [
            "line 2": "category: 'trip' names a kind, not a POI category; import the file with kind trip",
            "line 3": "category: 'cinema' names a kind, not a POI category; import the file with kind cinema",
        ])
    }

    // MARK: GPX

    static let gpx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="45.772163216" lon="14.357652292"><name>Ribnik</name><desc>Lake view</desc><cmt>Lake view</cmt><type>What to see</type></wpt>
      <wpt lat="45.757933259" lon="14.294899916"><sym>Flag</sym></wpt>
      <wpt lat="95" lon="14.3"><name>Too far</name></wpt>
      <trk>
        <name>Morning on the lake</name><desc>Carp</desc><cmt>Windy</cmt>
        <trkseg>
          <trkpt lat="45.772175035" lon="14.357659249"><ele>542.3</ele><time>2010-08-05T14:23:59Z</time></trkpt>
        </trkseg>
        <trkseg>
          <trkpt lat="45.772089791" lon="14.357567383"><time>2010-08-05T14:25:08.5Z</time></trkpt>
        </trkseg>
      </trk>
      <trk><trkseg><trkpt lat="45.1" lon="14.1"/></trkseg></trk>
      <trk><name>An empty log, left out</name><trkseg></trkseg></trk>
      <trk><trkseg><trkpt lat="45.1" lon="14.1"/><trkpt lat="45.2" lon="abc"/></trkseg></trk>
      <trk><trkseg><trkpt lat="45.1" lon="14.1"><time>yesterday</time></trkpt><trkpt lat="45.2" lon="14.2"/></trkseg></trk>
      <rte><rtept lat="45.1" lon="14.1"/><rtept lat="45.2" lon="14.2"/></rte>
    </gpx>
    """

    @Test func gpxTracksRoutesAndWaypoints() throws {
        let parsed = try GPXParser.parse(Data(Self.gpx.utf8), file: "lake.gpx")
        let trip = try #require(parsed.tripsByRecord["trk 0"])
        #expect(trip.name == "Morning on the lake")
        #expect(trip.track == [Coordinate(lat: 45.772175035, lon: 14.357659249), Coordinate(lat: 45.772089791, lon: 14.357567383)])
        #expect(trip.spot == trip.track?.first)
        #expect(trip.start == utc("2010-08-05T14:23:59Z"))
        #expect(trip.end == utc("2010-08-05T14:25:08.5Z"))
        #expect(trip.notes == "Carp\nWindy")
        // Content keys, not positions: the name and the first point's time, else its position.
        #expect(trip.source == "gpx" && trip.sourceID == "Morning on the lake@2010-08-05T14:23:59Z")

        let route = try #require(parsed.tripsByRecord["rte 0"])
        #expect(route.name == "lake.gpx rte 0" && route.track?.count == 2 && route.start == nil)
        #expect(route.source == "gpx" && route.sourceID == "@45.1,14.1")

        let ribnik = try #require(parsed.placesByRecord["wpt 0"])
        #expect(ribnik.name == "Ribnik" && ribnik.category == "see" && ribnik.description == "Lake view")
        #expect(ribnik.location == Coordinate(lat: 45.772163216, lon: 14.357652292))
        #expect(ribnik.source == "gpx" && ribnik.sourceID == "Ribnik@45.772163216,14.357652292")
        let unnamed = try #require(parsed.placesByRecord["wpt 1"])
        #expect(unnamed.name == "wpt 1" && unnamed.category == "waypoint")
        #expect(unnamed.sourceID == "@45.757933259,14.294899916")

        #expect(parsed.reasons == [
            "wpt 2": "lat: 95.0 is outside -90…90",
            "trk 1": "trkpt: 1 point(s); a track needs at least 2",
            "trk 3": "trkpt[1].lon: 'abc' is not a number",
            "trk 4": "trkpt[0].time: 'yesterday' is not an ISO 8601 date-time",
        ])
    }

    @Test func gpxSourceIDsDoNotDependOnPositionOrFileName() throws {
        let original = try GPXParser.parse(Data(Self.gpx.utf8), file: "lake.gpx")
        // A waypoint and a track inserted before the others, in a file of another name.
        let grown = Self.gpx
            .replacingOccurrences(of: "<wpt lat=\"45.772163216\"", with: "<wpt lat=\"46\" lon=\"14\"><name>New</name></wpt><wpt lat=\"45.772163216\"")
            .replacingOccurrences(of: "<trk>\n    <name>Morning", with: "<trk><name>New</name><trkseg><trkpt lat=\"46\" lon=\"14\"/><trkpt lat=\"46.1\" lon=\"14\"/></trkseg></trk>\n  <trk>\n    <name>Morning")
        let again = try GPXParser.parse(Data(grown.utf8), file: "/elsewhere/lake-2.gpx")
        #expect(again.records.count == original.records.count + 2)
        let keys = Set(original.records.compactMap(\.value.sourceKey))
        #expect(keys.count == original.records.count)
        #expect(keys.isSubset(of: Set(again.records.compactMap(\.value.sourceKey))))
    }

    @Test func gpxTrackEndingBeforeItStartsIsRefused() throws {
        // A track's start and end are its first and last point times; as a GeoJSON trip's
        // ("end: '…' is before start '…'"), the end may not be before the start.
        let gpx = """
        <gpx>
          <trk><name>Backwards</name><trkseg>
            <trkpt lat="45.1" lon="14.1"><time>2010-08-05T15:00:00Z</time></trkpt>
            <trkpt lat="45.2" lon="14.2"/>
          </trkseg><trkseg>
            <trkpt lat="45.3" lon="14.3"><time>2010-08-05T14:59:59Z</time></trkpt>
            <trkpt lat="45.4" lon="14.4"/>
          </trkseg></trk>
          <trk><name>A step back on the way</name><trkseg>
            <trkpt lat="45.1" lon="14.1"><time>2010-08-05T14:00:00Z</time></trkpt>
            <trkpt lat="45.2" lon="14.2"><time>2010-08-05T13:00:00Z</time></trkpt>
            <trkpt lat="45.3" lon="14.3"><time>2010-08-05T14:00:00Z</time></trkpt>
          </trkseg></trk>
          <rte><rtept lat="45.1" lon="14.1"><time>2010-08-05T14:00:00+02:00</time></rtept><rtept lat="45.2" lon="14.2"><time>2010-08-05T12:30:00Z</time></rtept></rte>
          <rte><rtept lat="45.1" lon="14.1"><time>2010-08-05T12:30:00Z</time></rtept><rtept lat="45.2" lon="14.2"><time>2010-08-05T14:00:00+02:00</time></rtept></rte>
        </gpx>
        """
        let parsed = try GPXParser.parse(Data(gpx.utf8), file: "t.gpx")
        #expect(parsed.reasons == [
            "trk 0": "trkpt[2].time: '2010-08-05T14:59:59Z' is before start '2010-08-05T15:00:00Z' (trkpt[0].time)",
            "rte 1": "rtept[1].time: '2010-08-05T14:00:00+02:00' is before start '2010-08-05T12:30:00Z' (rtept[0].time)",
        ])
        // Times may step back between the ends; equal ends are a trip of no time; offsets count.
        let trips = parsed.tripsByRecord
        #expect(trips.keys.sorted() == ["rte 0", "trk 1"])
        #expect(trips["trk 1"]?.start == utc("2010-08-05T14:00:00Z") && trips["trk 1"]?.end == utc("2010-08-05T14:00:00Z"))
        #expect(trips["rte 0"]?.start == utc("2010-08-05T12:00:00Z") && trips["rte 0"]?.end == utc("2010-08-05T12:30:00Z"))
    }

    @Test func gpxWithNamespacePrefixes() throws {
        let gpx = #"<g:gpx xmlns:g="http://www.topografix.com/GPX/1/0"><g:wpt lat="1" lon="2"><g:name>P</g:name></g:wpt></g:gpx>"#
        let parsed = try GPXParser.parse(Data(gpx.utf8), file: "p.gpx")
        #expect(parsed.placesByRecord["wpt 0"]?.name == "P")
    }

    @Test(arguments: ["<gpx><trk></gpx>", "<gpx>", "not xml", "", "<kml></kml>", "<gpx/><gpx/>"])
    func unreadableGPXThrowsForTheFile(text: String) {
        let problem = #expect(throws: ImportProblem.self) { try GPXParser.parse(Data(text.utf8), file: "bad.gpx") }
        #expect(problem?.record == "file")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: cerknicaGPXPath),
                   "needs ../shared/data/gpx/cerknicko-jezero.gpx, absent on this machine"))
    func cerknicaGPX() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: cerknicaGPXPath))
        let parsed = try GPXParser.parse(data, file: "cerknicko-jezero.gpx")
        #expect(parsed.placesByRecord.count == 7)
        #expect(parsed.placesByRecord["wpt 6"]?.description == "VANISHING LAKE")
        // The first <trk> is an empty log: left out, not an error.
        #expect(parsed.reasons == [:])
        let trips = parsed.tripsByRecord
        #expect(trips.count == 7)
        let second = try #require(trips["trk 1"])
        #expect(second.name == "ACTIVE LOG #2" && second.track?.count == 173)
        #expect(second.start == utc("2010-08-05T14:23:59Z"))
        #expect(second.end! > second.start!)
    }

    // MARK: Travel guide feed

    static let feedLV = """
    <?xml version="1.0" encoding="UTF-8"?>
    <objekti>
      <objekts>
        <nosaukums>Rojas pludmale un moli</nosaukums><tips>Ko darīt</tips><apraksts>Smilšaina pludmale.</apraksts>
        <bildes><bilde>http://roja.lv/1.jpg</bilde><bilde>http://roja.lv/1.jpg</bilde></bildes>
        <adrese>Roja</adrese><telefons>+371 63232222</telefons><mobilaistelefons/><epasts/><majaslapa/>
        <latitude>57.50935</latitude><longitude>22.80612</longitude>
      </objekts>
      <objekts>
        <nosaukums>Brīvdienu māja "Vinkalni"</nosaukums><tips>Kur palikt</tips><apraksts/><bildes/>
        <adrese>Rojas pagasts</adrese><telefons/><mobilaistelefons>+371 29111111</mobilaistelefons><epasts>vinkalni@example.lv</epasts><majaslapa/>
        <latitude></latitude><longitude></longitude>
      </objekts>
    </objekti>
    """

    static let feedEN = """
    <objekti>
      <objekts>
        <nosaukums>Roja beach and piers</nosaukums><tips>What to do</tips><apraksts>A sandy beach.</apraksts>
        <bildes><bilde>http://roja.lv/1.jpg</bilde><bilde>http://roja.lv/2.jpg</bilde></bildes>
        <adrese>Roja</adrese><latitude>57.50935</latitude><longitude>22.80612</longitude>
      </objekts>
      <objekts>
        <nosaukums>Holiday house "Vinkalni"</nosaukums><tips>Where to stay</tips><apraksts/>
        <majaslapa>http://vinkalni.example.lv</majaslapa><latitude/><longitude/>
      </objekts>
    </objekti>
    """

    @Test func bilingualFeedMergesIntoOnePlacePerObject() throws {
        // The English file comes first; the Latvian one still gives the default names.
        let parsed = try TravelGuideFeedParser.parse([
            (Data(Self.feedEN.utf8), "objekti-eng.xml", "en"),
            (Data(Self.feedLV.utf8), "objekti.xml", "lv"),
        ])
        #expect(parsed.problems.isEmpty)
        #expect(parsed.records.map(\.record) == ["objekts 0", "objekts 1"])
        let beach = try #require(parsed.placesByRecord["objekts 0"])
        #expect(beach.name == "Rojas pludmale un moli" && beach.category == "do")
        #expect(beach.names == ["lv": "Rojas pludmale un moli", "en": "Roja beach and piers"])
        #expect(beach.description == "Smilšaina pludmale.")
        #expect(beach.descriptions == ["lv": "Smilšaina pludmale.", "en": "A sandy beach."])
        #expect(beach.images == ["http://roja.lv/1.jpg", "http://roja.lv/2.jpg"])
        #expect(beach.location == Coordinate(lat: 57.50935, lon: 22.80612))
        #expect(beach.phone == "+371 63232222" && beach.source == "travel-guide" && beach.sourceID == "Rojas pludmale un moli")

        let house = try #require(parsed.placesByRecord["objekts 1"])
        #expect(house.category == "stay" && house.location == nil)
        #expect(house.names == ["lv": "Brīvdienu māja \"Vinkalni\"", "en": "Holiday house \"Vinkalni\""])
        #expect(house.mobilePhone == "+371 29111111" && house.email == "vinkalni@example.lv")
        #expect(house.website == "http://vinkalni.example.lv" && house.address == "Rojas pagasts")
        #expect(house.sourceID == "Brīvdienu māja \"Vinkalni\"")
    }

    @Test func feedSourceIDsAreThePrimaryNames() throws {
        // An object inserted first leaves the others' ids as they were.
        let grown = Self.feedLV.replacingOccurrences(of: "<objekti>", with: "<objekti><objekts><nosaukums> Jauns </nosaukums><tips>Ko redzēt</tips></objekts>")
        let parsed = try TravelGuideFeedParser.parse([(Data(grown.utf8), "objekti.xml", "lv")])
        #expect(parsed.records.map(\.record) == ["objekts 0", "objekts 1", "objekts 2"])
        #expect(parsed.placesByRecord.values.map { $0.sourceID ?? "" }.sorted() == ["Brīvdienu māja \"Vinkalni\"", "Jauns", "Rojas pludmale un moli"])

        // A repeated name (AmberKit's "Telts vietas Rojā" twice): every object kept, the later ones
        // told apart by their position, else by their place among the objects of that name.
        let twice = Self.feedLV.replacingOccurrences(of: "<objekti>", with: """
            <objekti><objekts><nosaukums>Rojas pludmale un moli</nosaukums><tips>Ko redzēt</tips><latitude>57.5</latitude><longitude>22.8</longitude></objekts>
            <objekts><nosaukums>Rojas pludmale un moli</nosaukums><tips>Ko redzēt</tips></objekts>
            """)
        let duplicated = try TravelGuideFeedParser.parse([(Data(twice.utf8), "objekti.xml", "lv")])
        #expect(duplicated.problems.isEmpty)
        #expect(duplicated.records.map(\.record) == ["objekts 0", "objekts 1", "objekts 2", "objekts 3"])
        #expect(["objekts 0", "objekts 1", "objekts 2"].map { duplicated.placesByRecord[$0]?.sourceID } == [
            "Rojas pludmale un moli", "Rojas pludmale un moli #2", "Rojas pludmale un moli @57.50935,22.80612"])
    }

    @Test func feedFilesMatchByWhatTheyShareWhateverTheirOrder() throws {
        let lv = """
        <objekti>
          <objekts><nosaukums>Rojas pludmale un moli</nosaukums><tips>Ko darīt</tips><latitude>57.50935</latitude><longitude>22.80612</longitude></objekts>
          <objekts><nosaukums>Hotel "Rādeni"</nosaukums><tips>Kur palikt</tips></objekts>
          <objekts><nosaukums>Kempings "Tāti"</nosaukums><tips>Kur palikt</tips></objekts>
        </objekti>
        """
        let en = """
        <objekti>
          <objekts><nosaukums>hotel "radeni"</nosaukums><tips>where to stay</tips><majaslapa>http://radeni.example.lv</majaslapa></objekts>
          <objekts><nosaukums>Roja beach and piers</nosaukums><tips>What to do</tips><latitude>57.50935</latitude><longitude>22.80612</longitude></objekts>
          <objekts><nosaukums>Mystery</nosaukums><tips>What to see</tips></objekts>
        </objekti>
        """
        // Equally many objects pair by what they share (a position, a name spelled alike), not by
        // their place in the list: a place to stay is never another file's thing to do.
        let parsed = try TravelGuideFeedParser.parse([(Data(lv.utf8), "objekti.xml", "lv"), (Data(en.utf8), "objekti-en.xml", "en")])
        #expect(parsed.placesByRecord["objekts 0"]?.names["en"] == "Roja beach and piers")
        #expect(parsed.placesByRecord["objekts 1"]?.names["en"] == "hotel \"radeni\"")
        #expect(parsed.placesByRecord["objekts 2"]?.names == ["lv": "Kempings \"Tāti\""])
        #expect(parsed.problems.isEmpty)
        #expect(parsed.warnings.map(\.record) == ["objekts 2", "objekts 2"])
        #expect(parsed.warnings.map(\.file) == ["objekti.xml", "objekti-en.xml"])

        let shortLV = lv.replacingOccurrences(of: #"<objekts><nosaukums>Kempings "Tāti"</nosaukums><tips>Kur palikt</tips></objekts>"#, with: "")
        let matched = try TravelGuideFeedParser.parse([(Data(shortLV.utf8), "objekti.xml", "lv"), (Data(en.utf8), "objekti-en.xml", "en")])
        #expect(matched.placesByRecord["objekts 0"]?.names["en"] == "Roja beach and piers")
        #expect(matched.placesByRecord["objekts 1"]?.names["en"] == "hotel \"radeni\"")
        #expect(matched.placesByRecord["objekts 1"]?.website == "http://radeni.example.lv")
        #expect(matched.problems.isEmpty)
        #expect(matched.warnings == [ImportProblem(file: "objekti-en.xml", record: "objekts 2",
                                                   reason: "'Mystery' (id 'Mystery') is not in objekti.xml: imported without its lv texts")])
    }

    /// An object more in either file (here the English one's second, and the Latvian one's last) is
    /// imported on its own: the others still pair by their order, and nothing is refused. (Of
    /// objects alike in all but their language, which one is the one more cannot be told: the
    /// Latvian one more is a sight here.)
    @Test func anObjectInOneFileOnlyLeavesTheOthersPairedInOrder() throws {
        let lv = """
        <objekti>
          <objekts><nosaukums>Rojas pludmale un moli</nosaukums><tips>Ko darīt</tips><latitude>57.50935</latitude><longitude>22.80612</longitude></objekts>
          <objekts><nosaukums>Brīvdienu māja "Vinkalni"</nosaukums><tips>Kur palikt</tips></objekts>
          <objekts><nosaukums>Kempings "Tāti"</nosaukums><tips>Kur palikt</tips></objekts>
          <objekts><nosaukums>Rojas bāka</nosaukums><tips>Ko redzēt</tips></objekts>
        </objekti>
        """
        let en = """
        <objekti>
          <objekts><nosaukums>Roja beach and piers</nosaukums><tips>What to do</tips><latitude>57.50935</latitude><longitude>22.80612</longitude></objekts>
          <objekts><nosaukums>Seaside café</nosaukums><tips>Where to eat</tips></objekts>
          <objekts><nosaukums>Holiday home "Vinkalni"</nosaukums><tips>Where to stay</tips></objekts>
          <objekts><nosaukums>Camping "Tāti"</nosaukums><tips>Where to stay</tips></objekts>
        </objekti>
        """
        let parsed = try TravelGuideFeedParser.parse([(Data(lv.utf8), "objekti.xml", "lv"), (Data(en.utf8), "objekti-eng.xml", "en")])
        #expect(parsed.problems.isEmpty, "\(parsed.problems)")
        let places = parsed.records.compactMap { if case let .place(p) = $0.value { p } else { nil } }
        #expect(places.map { "\($0.names["lv"] ?? "-") = \($0.names["en"] ?? "-")" } == [
            "Rojas pludmale un moli = Roja beach and piers", "Brīvdienu māja \"Vinkalni\" = Holiday home \"Vinkalni\"",
            "Kempings \"Tāti\" = Camping \"Tāti\"", "Rojas bāka = -", "- = Seaside café",
        ])
        #expect(places.last?.name == "Seaside café" && places.last?.sourceID == "Seaside café" && places.last?.category == "eat")
        #expect(parsed.warnings.map(\.description) == [
            "objekti.xml: objekts 3: 'Rojas bāka' (id 'Rojas bāka') is not in objekti-eng.xml: imported without its en texts",
            "objekti-eng.xml: objekts 1: 'Seaside café' (id 'Seaside café') is not in objekti.xml: imported without its lv texts",
        ])
        #expect(parsed.records.last?.record == "objekti-eng.xml: objekts 1")
    }

    /// A detail many objects share (the tourist office's phone) names none of them: the objects
    /// pair by their order and kind, so the English file's extra café before Roja's pub does not
    /// take the pub's place (pairing by the phone took the first café it met).
    @Test func aDetailSharedByManyObjectsPairsNone() throws {
        let phone = "<telefons>+371 63269594</telefons>"
        let lv = """
        <objekti>
          <objekts><nosaukums>Viesu nams "Jūra"</nosaukums><tips>Kur palikt</tips>\(phone)</objekts>
          <objekts><nosaukums>Rojas krogs</nosaukums><tips>Kur paēst</tips>\(phone)</objekts>
          <objekts><nosaukums>Rojas bāka</nosaukums><tips>Ko redzēt</tips>\(phone)</objekts>
        </objekti>
        """
        let en = """
        <objekti>
          <objekts><nosaukums>Seaside café</nosaukums><tips>Where to eat</tips>\(phone)</objekts>
          <objekts><nosaukums>Guest house "Sea"</nosaukums><tips>Where to stay</tips>\(phone)</objekts>
          <objekts><nosaukums>Roja pub</nosaukums><tips>Where to eat</tips>\(phone)</objekts>
          <objekts><nosaukums>Roja lighthouse</nosaukums><tips>What to see</tips>\(phone)</objekts>
        </objekti>
        """
        let parsed = try TravelGuideFeedParser.parse([(Data(lv.utf8), "objekti.xml", "lv"), (Data(en.utf8), "objekti-eng.xml", "en")])
        let places = parsed.records.compactMap { if case let .place(p) = $0.value { p } else { nil } }
        #expect(places.map { "\($0.names["lv"] ?? "-") = \($0.names["en"] ?? "-")" } == [
            "Viesu nams \"Jūra\" = Guest house \"Sea\"", "Rojas krogs = Roja pub", "Rojas bāka = Roja lighthouse", "- = Seaside café",
        ])
    }

    /// An object the Latvian file cannot read is a problem, and its English counterpart goes with
    /// it: not imported as an object of its own, "not in objekti.xml", when it is there.
    @Test func anUnreadObjectTakesItsCounterpartWithIt() throws {
        let lv = """
        <objekti>
          <objekts><nosaukums>Rojas pludmale</nosaukums><tips>Ko darīt</tips></objekts>
          <objekts><nosaukums>Rojas bāka</nosaukums><tips>Ko redzēt</tips><latitude>95</latitude><longitude>22.8</longitude></objekts>
          <objekts><nosaukums>Rojas krogs</nosaukums><tips>Kur paēst</tips></objekts>
        </objekti>
        """
        let en = """
        <objekti>
          <objekts><nosaukums>Roja beach</nosaukums><tips>What to do</tips></objekts>
          <objekts><nosaukums>Roja lighthouse</nosaukums><tips>What to see</tips><latitude>57.5</latitude><longitude>22.8</longitude></objekts>
          <objekts><nosaukums>Roja pub</nosaukums><tips>Where to eat</tips></objekts>
        </objekti>
        """
        let parsed = try TravelGuideFeedParser.parse([(Data(lv.utf8), "objekti.xml", "lv"), (Data(en.utf8), "objekti-eng.xml", "en")])
        #expect(parsed.problems.map(\.record) == ["objekts 1"], "\(parsed.problems)")
        let places = parsed.records.compactMap { if case let .place(p) = $0.value { p } else { nil } }
        #expect(places.map { "\($0.names["lv"] ?? "-") = \($0.names["en"] ?? "-")" } == ["Rojas pludmale = Roja beach", "Rojas krogs = Roja pub"])
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
    }

    @Test func invalidFeedObjectsAreProblems() throws {
        let feed = """
        <objekti>
          <objekts><nosaukums>Too far north</nosaukums><tips>Ko redzēt</tips><latitude>95</latitude><longitude>22.8</longitude></objekts>
          <objekts><nosaukums>Letters</nosaukums><tips>see</tips><latitude>abc</latitude><longitude>22.8</longitude></objekts>
          <objekts><nosaukums>Half</nosaukums><tips>KUR PAEST</tips><latitude>57.5</latitude><longitude> </longitude></objekts>
          <objekts><nosaukums>Bar</nosaukums><tips>Kur dzert</tips></objekts>
          <objekts><tips>Maršruti</tips></objekts>
          <objekts><nosaukums>Route</nosaukums><tips>Maršruti</tips><latitude>57.5</latitude><longitude>22.8</longitude></objekts>
        </objekti>
        """
        let parsed = try TravelGuideFeedParser.parse([(Data(feed.utf8), "objekti.xml", "lv")])
        #expect(parsed.records.map(\.record) == ["objekts 5"])
        #expect(parsed.placesByRecord["objekts 5"]?.category == "route")
        #expect(parsed.reasons == [
            "objekts 0": "latitude: 95.0 is outside -90…90",
            "objekts 1": "latitude: 'abc' is not a number",
            "objekts 2": "longitude: missing while latitude is given",
            "objekts 3": "tips: 'Kur dzert' is not a known category (do, see, stay, eat, route)",
            "objekts 4": "nosaukums: missing",
        ])
        #expect(parsed.problems.allSatisfy { $0.file == "objekti.xml" })
    }

    @Test(arguments: ["<objekti><objekts></objekti>", "<objekti>", "<gpx/>", "plain text"])
    func unreadableFeedThrowsForTheFile(text: String) {
        let problem = #expect(throws: ImportProblem.self) {
            try TravelGuideFeedParser.parse([(Data(Self.feedLV.utf8), "objekti.xml", "lv"), (Data(text.utf8), "objekti-eng.xml", "en")])
        }
        #expect(problem?.record == "file")
        #expect(problem?.file == "objekti-eng.xml")
    }

    @Test func feedLanguageFromFileName() {
        #expect(TravelGuideFeedParser.language(forFileName: "objekti.xml") == "lv")
        #expect(TravelGuideFeedParser.language(forFileName: "/data/objekti-eng.xml") == "en")
        #expect(TravelGuideFeedParser.language(forFileName: "objekti-en.xml") == "en")
        #expect(TravelGuideFeedParser.language(forFileName: "objekti-cz.xml") == "cs")
        #expect(TravelGuideFeedParser.language(forFileName: "objekti_CS.XML") == "cs")
        #expect(TravelGuideFeedParser.language(forFileName: "objekti-de.xml") == "de")
        #expect(TravelGuideFeedParser.language(forFileName: "objekti-2013.xml") == "lv")
    }

    @Test func tipsNamesInThreeLanguages() {
        #expect(TravelGuideFeedParser.category(forTips: "Ko darīt") == "do")
        #expect(TravelGuideFeedParser.category(forTips: "what to see") == "see")
        #expect(TravelGuideFeedParser.category(forTips: "Kde se ubytovat") == "stay")
        #expect(TravelGuideFeedParser.category(forTips: " kur paest ") == "eat")
        #expect(TravelGuideFeedParser.category(forTips: "Routes") == "route")
        #expect(TravelGuideFeedParser.category(forTips: "EAT") == "eat")
        #expect(TravelGuideFeedParser.category(forTips: "Where to drink") == nil)
        // As AmberKit writes them: a space before the question mark, or the mark alone.
        #expect(TravelGuideFeedParser.category(forTips: "Ko darīt ?") == "do")
        #expect(TravelGuideFeedParser.category(forTips: "Kur paēst?") == "eat")
        #expect(TravelGuideFeedParser.category(forTips: " Kur  palikt ?? ") == "stay")
        #expect(TravelGuideFeedParser.category(forTips: "?") == nil)
    }
}
