import Foundation
import GeoCore
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import GeoStore
@testable import MapServer

/// Never a 5xx for a request: every route the router serves (`Route.allCases` and `OGCRoute.allCases`,
/// which it is built from), with the fewest parameters that make a valid request, alone and with every category
/// and every kind it takes, on an empty database and on databases that hold one kind only. A
/// selection with nothing in it is the client's to hear about (400, 404, 422), not a server failure.
@Suite struct NoServerErrorTests {
    /// What a database of the test holds.
    enum Holding: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case nothing, onlyTrips, onlyWaters, onlyCinemas, onlyPlaces, onlyPlacesWithoutPosition

        var testDescription: String { rawValue }

        var records: [ImportRecord] {
            switch self {
            case .nothing:
                return []
            case .onlyTrips:
                var trip = TripRecord(name: "Evening on the lake")
                trip.spot = Coordinate(lat: 49.75, lon: 13.38)
                trip.start = Date(timeIntervalSince1970: 1_336_460_400)
                trip.catches = [CatchRecord(species: "pike")]
                return [.trip(trip)]
            case .onlyWaters:
                let c = Coordinate(lat: 49.7, lon: 13.3)
                return [.water(WaterRecord(name: "Pond", waterKind: "pond", geometry: .polygon([[c, Coordinate(lat: 49.7, lon: 13.4),
                    Coordinate(lat: 49.8, lon: 13.4), Coordinate(lat: 49.8, lon: 13.3), c]])))]
            case .onlyCinemas:
                var cinema = CinemaRecord(name: "Kino", timezone: "Europe/Prague", location: Coordinate(lat: 49.75, lon: 13.38))
                cinema.screenings = [Screening(title: "Film", start: Date(timeIntervalSince1970: 1_336_492_800))]
                return [.cinema(cinema)]
            case .onlyPlaces:
                return [.place(PlaceRecord(category: "eat", name: "Kafe", location: Coordinate(lat: 57.4, lon: 22.8)))]
            case .onlyPlacesWithoutPosition:
                return [.place(PlaceRecord(category: "stay", name: "Telts vieta", location: nil))]
            }
        }
    }

    /// Every category code the service knows of itself (imported data may bring others), and every kind.
    static let categories = ["do", "see", "stay", "eat", "route", "city", "cinema", "water", "trip"]
    static let kinds = ["poi", "water", "cinema", "trip"]

    /// The fewest parameters that make a valid request of `route` (a switch over every route, so
    /// that a new one is added here or the build fails).
    static func minimal(_ route: Route) -> String {
        switch route {
        case .nearest: "/v1/nearest?lat=57.4&lon=22.8"
        case .within: "/v1/within?lat=57.4&lon=22.8&radius=5000"
        case .bbox: "/v1/bbox?bbox=-180,-90,180,90"
        case .search: "/v1/search?q=kino"
        case .cinemas: "/v1/cinemas?lat=49.75&lon=13.38&date=2012-05-08"
        case .catchStatistics: "/v1/stats/catches"
        case .timezone: "/v1/timezone?lat=57.4&lon=22.8"
        case .mapPNG: "/v1/map.png?size=128x96"
        case .mapPDF: "/v1/map.pdf?size=128x96"
        case .mapSVG: "/v1/map.svg?size=128x96"
        case .mapLayout: "/v1/map.json?size=128x96"
        case .tile: "/v1/tiles/0/0/0.png"
        case .vectorTile: "/v1/tiles/0/0/0.mvt"
        case .tileJSON: "/v1/tiles.json"
        case .baseTile: "/v1/base/0/0/0.png"
        case .baseVectorTile: "/v1/base/0/0/0.mvt"
        case .glyphs: "/v1/fonts/DejaVu%20Sans/0-255.pbf"
        case .categories, .health, .metrics, .openAPI, .page, .rasterPage, .vectorScript, .rasterScript, .pageScript, .pageStyle, .style,
             .spriteIndex, .spriteImage, .spriteIndex2x, .spriteImage2x, .baseTileJSON, .trips: route.rawValue
        }
    }

    /// Each OGC route's requests for `collection` (a switch over every route, as `minimal(_:)`):
    /// items with each parameter it reads alone, with every category, and all of them at once; a
    /// cursor of each kind (only the collection's own continues it); feature ids inside and outside
    /// the rows a one-record database holds.
    static func ogc(_ route: OGCRoute, collection: String) -> [String] {
        let path = route.rawValue.replacingOccurrences(of: "{collectionId}", with: collection)
        switch route {
        case .landing, .conformance, .api, .collections: return [route.rawValue]
        case .collection, .queryables: return [path]
        case .items:
            let cursors = kinds.map { "cursor=\($0)/1" }
            let alone = ["bbox=-180,-90,180,90", "bbox=13,49,14,50", "bbox=170,-10,-170,10", "limit=1", "limit=10000", "source=osm",
                         "source=travel-guide", "lang=lv", "datetime=2012-05-08T07:00:00Z",
                         "datetime=2012-05-08/..", "datetime=../2012-05-08T09:00:00+02:00", "datetime=2012-05-08/2012-05-09",
                         "name=Kafe", "filter=name%20%3D%20%27Kafe%27", "filter=S_INTERSECTS(geometry,BBOX(13,49,14,50))",
                         "filter=NOT%20name%20IS%20NULL%20OR%20category%20%3C%3E%20%27eat%27", "filter=%28", "filter=" + String(repeating: "NOT%20", count: 2_000) + "TRUE", "filter-lang=cql2-text",
                         // Nearest first: at the poles and the antimeridian, with each selection the engine applies to the walk, a distance cursor.
                         "near=57.4,22.8", "near=90,180", "near=-90,-180", "near=57.4,22.8&bbox=13,49,14,50", "near=0,0&datetime=2012-05-08/..",
                         "near=57.4,22.8&filter=name%20%3D%20%27Kafe%27", "near=57.4,22.8&cursor=0~\(collection)/1", "near=91,0", "near=x"]
                + cursors + categories.map { "category=" + $0 }
            return [path] + alone.map { path + "?" + $0 } + ["\(path)?bbox=13,49,14,50&limit=1&category=\(collection == "poi" ? "eat" : collection)&source=osm&cursor=\(collection)/1"]
        case .item:
            return ["0", "1", "2", "-1", "9223372036854775807", "x"].map { path.replacingOccurrences(of: "{featureId}", with: $0) }
        }
    }

    /// Each route's minimal request, and that request with every category and every kind the route
    /// takes; each OGC route for every collection.
    static var requests: [String] {
        Set(OGCRoute.allCases.flatMap { route in kinds.flatMap { ogc(route, collection: $0) } }).sorted() + Route.allCases.flatMap { route -> [String] in
            let base = minimal(route), join = base.contains("?") ? "&" : "?"
            var uris = [base]
            if route.queryParameters.contains("category") { uris += categories.map { base + join + "category=" + $0 } }
            // Each search field alone, all of them, unknown and empty ones; a trip's catch near a point.
            if route.queryParameters.contains("in") {
                uris += (SearchField.allCases.map(\.rawValue) + [SearchField.allCases.map(\.rawValue).joined(separator: ","), "title", ""])
                    .map { base + join + "in=" + $0 }
                uris += SearchField.allCases.map { "/v1/search?q=pike&lat=49.75&lon=13.38&kind=trip&in=\($0.rawValue)" }
            }
            // Statistics of a year, a water and a species, with values out of range, empty and strange.
            if route == .catchStatistics {
                uris += ["year=2012", "year=0", "year=10000", "year=-1", "year=", "water=Lipno", "water=", "water=%20", "species=pike",
                         "species=PIKE&water=lipno&year=2024&by=species", "species=", "by=year&year=9999"].map { base + join + $0 }
            }
            // Over the base and without it, with every category (maps and annotation tiles).
            if route.queryParameters.contains("base") {
                uris += ["base=0", "base=1"].map { base + join + $0 } + categories.map { base + join + "base=1&category=" + $0 }
            }
            // Without the marks (the base's names alone), over the base and not, with every category.
            if route.queryParameters.contains("marks") {
                uris += ["marks=0", "marks=1", "marks=0&base=1"].map { base + join + $0 } + categories.map { base + join + "marks=0&base=1&category=" + $0 }
            }
            if route.queryParameters.contains("kind") {
                uris += kinds.map { base + join + "kind=" + $0 }
                uris += kinds.flatMap { kind in categories.map { base + join + "kind=\(kind)&category=\($0)" } }
            }
            return uris
        }
    }

    @Test(arguments: Holding.allCases)
    func everyRouteWithEveryCategoryAndKindAnswersWithoutAServerError(_ holding: Holding) async throws {
        var file = ParsedFile(file: "only")
        file.records = holding.records.map { ("", $0) }
        let database = try temporaryDatabase(importing: [file])
        #expect(Set(Self.requests.map { URLComponents(string: $0)!.path }).count >= Route.allCases.count + OGCRoute.allCases.count,
                "a route without a request")
        let failures = try await withServer(database: database) { client in
            var failures: [String] = []
            for uri in Self.requests {
                let response = try await client.get(uri)
                if response.status.code >= 500 { failures.append("\(uri): \(response.status.code) \(String(buffer: response.body))") }
            }
            // The minimal requests are valid ones: where there is something to answer, they are answered
            // (the time zone route has no zones here: 404).
            if holding == .onlyPlaces {
                for route in Route.allCases where route != .timezone {
                    let response = try await client.get(Self.minimal(route))
                    #expect(response.status.code < 400, "\(Self.minimal(route)): \(response.status.code) \(String(buffer: response.body))")
                }
                for route in OGCRoute.allCases where route != .item {
                    let uri = Self.ogc(route, collection: "poi")[0], response = try await client.get(uri)
                    #expect(response.status.code < 400, "\(uri): \(response.status.code) \(String(buffer: response.body))")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(holding): \(failures.count) request(s) answered 5xx:\n\(failures.joined(separator: "\n"))")
    }
}
