import Foundation
import GeoCore
import HTTPTypes
import HummingbirdTesting
import Testing
import TestSupport
@testable import GeoStore
@testable import MapServer

/// OGC API – Features under /ogc on a live server, against the fixture's records (brute force):
/// the documents and their links, every item of a collection through the `next` links, ids that
/// round-trip, and the standard's answers to bad input (400 or 404 in its exception form, naming
/// the parameter; never a 5xx). The real clients' reading is `OGCClientTests`.
@Suite struct OGCFeaturesTests {
    static let poiCategories: Set<String> = ["do", "see", "stay", "eat", "route"]
    /// How far a stored coordinate may be from the record's (degrees): the store keeps a double's
    /// last bit or two (-179.99693179664317 comes back as -179.9969317966431), a 0.1 mm at most.
    static let stored = 1e-9

    @Test func theLandingPageLinksTheDocumentsAsTheStandardTypesThem() async throws {
        try await withServer { client in
            for path in ["/ogc", "/ogc/"] {
                let response = try await client.get(path)
                #expect(response.status == .ok && response.headers[.contentType] == "application/json", "\(path)")
                let links = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])["links"] as! [[String: String]]
                let byRel = Dictionary(links.map { ($0["rel"]!, $0) }) { a, _ in a }
                // On the host the request named (the test client's Host is "localhost"; GDAL and OWSLib follow them in OGCClientTests).
                let base = "http://localhost/ogc"
                #expect(byRel["self"]?["href"] == base)
                #expect(byRel["service-desc"]?["href"] == base + "/api" && byRel["service-desc"]?["type"] == "application/vnd.oai.openapi+json;version=3.0")
                #expect(byRel["service-doc"] != nil)
                #expect(byRel["conformance"]?["href"] == base + "/conformance")
                #expect(byRel["data"]?["href"] == base + "/collections")
            }
            let conformance = try await client.json("/ogc/conformance")["conformsTo"] as! [String]
            #expect(Set(conformance) == ["http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
                                         "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
                                         "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30",
                                         "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables",
                                         "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters",
                                         "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter",
                                         "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter",
                                         "http://www.opengis.net/spec/cql2/1.0/conf/cql2-text",
                                         "http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2",
                                         "http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions"])
            let api = try await client.get("/ogc/api")
            #expect(api.headers[.contentType] == "application/vnd.oai.openapi+json;version=3.0")
        }
    }

    @Test func aCollectionPerKindWithTheExtentOfItsRecords() async throws {
        let places = Fixture.shared.places.map { $0.location! }
        try await withServer { client in
            let collections = try await client.json("/ogc/collections")["collections"] as! [[String: Any]]
            #expect(collections.map { $0["id"] as! String } == ["poi", "water", "cinema", "trip"])
            let poi = try await client.json("/ogc/collections/poi")
            #expect(poi["itemType"] as? String == "feature" && poi["crs"] as? [String] == ["http://www.opengis.net/def/crs/OGC/1.3/CRS84"])
            let box = ((poi["extent"] as! [String: Any])["spatial"] as! [String: Any])["bbox"] as! [[Double]]
            let brute = [places.map(\.lon).min()!, places.map(\.lat).min()!, places.map(\.lon).max()!, places.map(\.lat).max()!]
            #expect(box.count == 1 && zip(box[0], brute).allSatisfy { abs($0 - $1) < OGCFeaturesTests.stored }, "\(box) against \(brute)")
            // The fixture holds no trip: a collection without an extent.
            #expect(try await client.json("/ogc/collections/trip")["extent"] == nil)
        }
    }

    @Test func everyItemOnceThroughTheNextLinksAndEachIdRoundTrips() async throws {
        let expected = Dictionary(uniqueKeysWithValues: Fixture.shared.places.map { ($0.name, $0.location!) })
        try await withServer { client in
            var seen: [String: (id: String, lon: Double, lat: Double)] = [:], uri: String? = "/ogc/collections/poi/items?limit=700", pages = 0
            while let next = uri {
                let response = try await client.get(next)
                #expect(response.status == .ok && response.headers[.contentType] == "application/geo+json", "\(next)")
                let page = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let features = page["features"] as! [[String: Any]]
                #expect(page["numberReturned"] as? Int == features.count && page["timeStamp"] is String)
                // Counted only where the page holds every match: never on these.
                #expect(page["numberMatched"] == nil)
                for f in features {
                    let c = (f["geometry"] as! [String: Any])["coordinates"] as! [Double]
                    let name = (f["properties"] as! [String: Any])["name"] as! String
                    #expect(seen.updateValue((f["id"] as! String, c[0], c[1]), forKey: name) == nil, "\(name) twice")
                }
                let links = page["links"] as! [[String: String]]
                uri = links.first { $0["rel"] == "next" }?["href"]
                pages += 1
            }
            #expect(pages == 4 && seen.count == expected.count)
            for (name, c) in expected {
                let got = try #require(seen[name], "\(name) missing")
                #expect(abs(got.lon - c.lon) < Self.stored && abs(got.lat - c.lat) < Self.stored, "\(name): \(got) against \(c)")
            }
            for name in ["P0", "P1234", "H299"] {
                let id = try #require(seen[name]?.id)
                let item = try await client.json("/ogc/collections/poi/items/\(id)")
                #expect(item["id"] as? String == id && (item["properties"] as! [String: Any])["name"] as? String == name)
            }
        }
    }

    @Test func aBoxSelectsWhatBruteForceFinds() async throws {
        let box = try BoundingBox(parsing: "24.93,60.16,24.96,60.18")
        try await withServer { client in
            let page = try await client.json("/ogc/collections/poi/items?bbox=24.93,60.16,24.96,60.18&limit=10000")
            let names = (page["features"] as! [[String: Any]]).map { ($0["properties"] as! [String: Any])["name"] as! String }
            #expect(Set(names) == Fixture.shared.inBox(box, categories: Self.poiCategories) && names.count == Set(names).count)
            #expect(!names.isEmpty)
            let eat = try await client.json("/ogc/collections/poi/items?bbox=24.93,60.16,24.96,60.18&limit=10000&category=eat")
            #expect(Set((eat["features"] as! [[String: Any]]).map { ($0["properties"] as! [String: Any])["name"] as! String })
                    == Fixture.shared.inBox(box, categories: ["eat"]))
            let waters = try await client.json("/ogc/collections/water/items?limit=100")
            #expect((waters["features"] as! [[String: Any]]).count == Fixture.shared.waters.count)
        }
    }

    /// Each queryable of a simple value is a query parameter of items that filters by equality
    /// (Part 3); the geometry is queried by CQL2's S_INTERSECTS.
    @Test func theQueryablesAreTheFiltersItemsTake() async throws {
        try await withServer { client in
            let collection = try await client.json("/ogc/collections/poi")
            let link = try #require((collection["links"] as! [[String: String]]).first { $0["rel"] == "http://www.opengis.net/def/rel/ogc/1.0/queryables" })
            #expect(link["href"]?.hasSuffix("/ogc/collections/poi/queryables") == true && link["type"] == "application/schema+json")
            let response = try await client.get("/ogc/collections/poi/queryables")
            #expect(response.headers[.contentType] == "application/schema+json")
            let schema = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            let properties = schema["properties"] as! [String: [String: Any]]
            #expect(Set(properties.keys) == ["category", "name", "source", "geometry"] && schema["type"] as? String == "object")
            // The geometry is CQL2's (S_INTERSECTS), not a query parameter: no type of a simple value.
            #expect(properties["geometry"]?["format"] as? String == "geometry-any" && properties["geometry"]?["x-ogc-role"] as? String == "primary-geometry"
                    && properties["geometry"]?["type"] == nil)
            #expect(Set(properties["category"]!["enum"] as! [String]) == Self.poiCategories)
            #expect(try await client.json("/ogc/collections/water/queryables")["properties"].map { ($0 as! [String: [String: Any]])["category"]!["enum"] as! [String] } == ["water"])
            let page = try await client.json("/ogc/collections/poi/items?category=see&limit=10000")
            let names = ((page["features"] as? [[String: Any]]) ?? []).compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
            #expect(Set(names) == Set(Fixture.shared.places.filter { $0.category == "see" }.map(\.name)))
        }
        // The fixture names no source: two places from osm and the guide.
        try await withServer(database: SelectionErrorTests.sourced) { client in
            let page = try await client.json("/ogc/collections/poi/items?source=osm")
            #expect(((page["features"] as? [[String: Any]]) ?? []).compactMap { ($0["properties"] as? [String: Any])?["name"] as? String } == ["Kafe"])
        }
    }

    /// `datetime` selects the trips whose start…end meets it and the cinemas with a screening that
    /// starts in it, as each case says by hand, through the next links.
    @Test func aDatetimeSelectsTheTripsAndCinemasThatMeetIt() async throws {
        func time(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
        func trip(_ name: String, _ start: String, _ end: String?) -> ImportRecord {
            var trip = TripRecord(name: name)
            (trip.spot, trip.start, trip.end) = (Coordinate(lat: 49.75, lon: 13.38), time(start), end.map(time))
            return .trip(trip)
        }
        func cinema(_ name: String, _ starts: [String]) -> ImportRecord {
            var cinema = CinemaRecord(name: name, timezone: "Europe/Prague", location: Coordinate(lat: 50.08, lon: 14.42))
            cinema.screenings = starts.map { Screening(title: "Film", start: time($0)) }
            return .cinema(cinema)
        }
        let database = try temporaryDatabase([
            trip("A", "2012-05-08T07:00:00Z", "2012-05-08T10:00:00Z"), trip("B", "2012-05-08T12:00:00Z", nil),
            trip("C", "2012-05-09T22:00:00Z", "2012-05-10T02:00:00Z"),
            cinema("K1", ["2012-05-08T18:00:00Z"]), cinema("K2", ["2012-05-10T09:00:00Z", "2012-05-11T09:00:00Z"]), cinema("K3", []),
        ])
        let cases: [(datetime: String, trips: Set<String>, cinemas: Set<String>)] = [
            ("2012-05-08T07:00:00Z", ["A"], []),
            ("2012-05-08T09:00:00+02:00", ["A"], []),
            ("2012-05-08T18:00:00Z", [], ["K1"]),
            ("2012-05-08", ["A", "B"], ["K1"]),
            ("2012-05-10/..", ["C"], ["K2"]),
            ("../2012-05-08T12:00:00Z", ["A", "B"], []),
            ("2012-05-08T10:00:01Z/2012-05-08T11:59:59Z", [], []),
            ("2012-05-09T23:00:00Z/2012-05-10T09:00:00Z", ["C"], ["K2"]),
            ("/2012-05-20", ["A", "B", "C"], ["K1", "K2"]),
        ]
        try await withServer(database: database) { client in
            for (text, trips, cinemas) in cases {
                for (collection, expected) in [("trip", trips), ("cinema", cinemas)] {
                    var names: [String] = []
                    var uri: String? = "/ogc/collections/\(collection)/items?limit=1&datetime=" + text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    while let next = uri {
                        let page = try await client.json(next)
                        names += ((page["features"] as? [[String: Any]]) ?? []).compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
                        uri = (page["links"] as? [[String: String]])?.first { $0["rel"] == "next" }?["href"]
                    }
                    #expect(Set(names) == expected && names.count == expected.count, "\(collection) \(text): \(names)")
                    // One page holds them all: counted.
                    let whole = try await client.json("/ogc/collections/\(collection)/items?limit=100&datetime=" + text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
                    #expect(whole["numberMatched"] as? Int == expected.count, "\(collection) \(text)")
                }
            }
        }
    }

    /// A limit over the maximum is the maximum (the standard's rule), not an error.
    @Test func aLimitOverTheMaximumIsClamped() async throws {
        try await withServer { client in
            let page = try await client.json("/ogc/collections/poi/items?limit=1000000")
            #expect(page["numberReturned"] as? Int == Fixture.shared.places.count && page["numberMatched"] as? Int == Fixture.shared.places.count)
            #expect(!(page["links"] as! [[String: String]]).contains { $0["rel"] == "next" })
        }
    }

    /// Items without a box list the records without a position too (null geometry); a box never holds them.
    @Test func recordsWithoutAPositionAreItemsWithANullGeometry() async throws {
        let database = try temporaryDatabase([.place(PlaceRecord(category: "stay", name: "Telts", location: nil)),
                                              .place(PlaceRecord(category: "stay", name: "Kemps", location: Coordinate(lat: 57.5, lon: 22.8)))])
        try await withServer(database: database) { client in
            let all = try await client.json("/ogc/collections/poi/items")["features"] as! [[String: Any]]
            #expect(Set(all.map { ($0["properties"] as! [String: Any])["name"] as! String }) == ["Telts", "Kemps"])
            #expect(all.contains { $0["geometry"] is NSNull })
            let boxed = try await client.json("/ogc/collections/poi/items?bbox=-180,-90,180,90")["features"] as! [[String: Any]]
            #expect(boxed.map { ($0["properties"] as! [String: Any])["name"] as! String } == ["Kemps"])
        }
    }

    @Test func badInputIsA4xxInTheExceptionFormNamingTheParameter() async throws {
        let cases: [(uri: String, status: HTTPResponse.Status, parameter: String?)] = [
            ("/ogc/collections/poi/items?bbox=24.9,60.1,0,25.0,60.2,100", .badRequest, "bbox"),
            ("/ogc/collections/poi/items?bbox=24.9,95,25.0,96", .badRequest, "bbox"),
            ("/ogc/collections/poi/items?limit=0", .badRequest, "limit"),
            ("/ogc/collections/poi/items?limit=ten", .badRequest, "limit"),
            ("/ogc/collections/poi/items?category=nosuch", .badRequest, "category"),
            ("/ogc/collections/poi/items?category=water", .badRequest, "category"),
            ("/ogc/collections/water/items?category=eat", .badRequest, "category"),
            ("/ogc/collections/poi/items?source=nosuch", .badRequest, "source"),
            ("/ogc/collections/poi/items?datetime=2012-05-08T00:00:00Z", .badRequest, "datetime"),
            ("/ogc/collections/water/items?datetime=../2012-05-08", .badRequest, "datetime"),
            ("/ogc/collections/trip/items?datetime=2012-05-08T07:00:00", .badRequest, "datetime"),
            ("/ogc/collections/trip/items?datetime=2012-05-09/2012-05-08", .badRequest, "datetime"),
            ("/ogc/collections/cinema/items?datetime=../..", .badRequest, "datetime"),
            ("/ogc/collections/cinema/items?datetime=tomorrow", .badRequest, "datetime"),
            ("/ogc/collections/trip/items?cursor=cinema/1", .badRequest, "cursor"),
            ("/ogc/collections/cinema/items?category=trip", .badRequest, "category"),
            ("/ogc/collections/poi/items?cursor=water/3", .badRequest, "cursor"),
            ("/ogc/collections/poi/items?cursor=zzz", .badRequest, "cursor"),
            // Forged backward cursors (`prev` links'): another kind's, garbled, one with a distance, a row past Int64.
            ("/ogc/collections/poi/items?cursor=-water/3", .badRequest, "cursor"),
            ("/ogc/collections/poi/items?cursor=-poi/x", .badRequest, "cursor"),
            ("/ogc/collections/poi/items?cursor=--poi/3", .badRequest, "cursor"),
            ("/ogc/collections/poi/items?cursor=-3ff0000000000000~poi/3", .badRequest, "cursor"),
            ("/ogc/collections/poi/items?cursor=-poi/99999999999999999999", .badRequest, "cursor"),
            ("/ogc/collections/poi/items?bbox-crs=EPSG:4326", .badRequest, "bbox-crs"),
            ("/ogc/collections?f=html", .badRequest, "f"),
            ("/ogc/collections/nosuch", .notFound, nil),
            ("/ogc/collections/nosuch/items", .notFound, nil),
            ("/ogc/collections/poi/items/999999", .notFound, nil),
            ("/ogc/collections/poi/items/poi%2F1", .notFound, nil),
        ]
        try await withServer { client in
            for (uri, status, parameter) in cases {
                let response = try await client.get(uri)
                #expect(response.status == status && response.headers[.contentType] == "application/json", "\(uri): \(String(buffer: response.body))")
                let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String], "\(uri)")
                #expect(body["code"] != nil && body["description"] != nil && body["parameter"] == parameter, "\(uri): \(body)")
            }
        }
    }

    /// The document names every route and parameter the server reads, and openapi-spec-validator
    /// (PyPI; scripts/install-deps.sh) finds it valid OpenAPI 3.0.
    @Test func theAPIDocumentCoversTheRoutesAndIsValid() async throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OGCOpenAPI.document)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.0.3")
        let paths = document["paths"] as! [String: [String: Any]]
        #expect(Set(paths.keys) == Set(OGCRoute.allCases.map(\.path)))
        for route in OGCRoute.allCases {
            let declared = ((paths[route.path]!["get"] as! [String: Any])["parameters"] as! [[String: String]]).map { $0["$ref"]!.split(separator: "/").last! }
            #expect(declared.map(String.init) == route.pathParameters + route.queryParameters, "\(route)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-ogc-api-\(UUID().uuidString).json")
        try Data(OGCOpenAPI.document).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "python3", "-c", "import sys, json; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1])))", file.path])
        #expect(result.exit.status == 0, "\(result.stderr)")
    }
}
