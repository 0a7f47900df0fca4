import Foundation
import GeoCore
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import GeoStore
@testable import MapServer

/// What a request selects is checked by the engine against the store, sources as categories;
/// its refusals name the route's parameter from the route's one table (`Route.parameter(for:)`);
/// a map fitted to a selection without a located feature is 422, not a server failure.
@Suite struct SelectionErrorTests {
    /// Two places from osm and one from a feed: sources a query may name.
    static let sourced: String = {
        var osm = PlaceRecord(category: "eat", name: "Kafe", location: Coordinate(lat: 57.5, lon: 22.8))
        osm.source = "osm"
        osm.sourceID = "node/1"
        var feed = PlaceRecord(category: "see", name: "Muzejs", location: Coordinate(lat: 57.51, lon: 22.81))
        feed.source = "travel-guide"
        feed.sourceID = "7"
        return try! temporaryDatabase([.place(osm), .place(feed)])
    }()

    @Test func anUnknownSourceIsA400NamingSourceOnEveryRouteThatTakesIt() async throws {
        let routes = Route.allCases.filter { $0.queryParameters.contains("source") }
        #expect(Set(routes) == [.nearest, .within, .bbox, .search, .cinemas])
        try await withServer(database: Self.sourced) { client in
            for route in routes {
                let base = NoServerErrorTests.minimal(route)
                let uri = base + (base.contains("?") ? "&" : "?") + "source=osm,nosuch"
                let error = try await client.json(uri, status: .badRequest)["error"] as! [String: Any]
                #expect(error["code"] as? String == "invalid_parameter" && error["parameter"] as? String == "source", "\(uri): \(error)")
                #expect(error["message"] as? String == "no stored record comes from 'nosuch'; the known sources are osm, travel-guide", "\(uri)")
                // The known ones select as before.
                let known = base + (base.contains("?") ? "&" : "?") + "source=osm,travel-guide"
                #expect(try await client.get(known).status == .ok, "\(known)")
            }
        }
    }

    @Test func aMapFittedToASelectionWithoutPositionsIs422NothingToFit() async throws {
        // The fixture holds no trips; a map of them, with no frame given, has nothing to fit.
        try await withServer { client in
            for format in ["png", "pdf", "svg"] {
                let uri = "/v1/map.\(format)?category=trip"
                let response = try await client.get(uri)
                #expect(response.status == .unprocessableContent, "\(uri): \(String(buffer: response.body))")
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let error = try #require(body?["error"] as? [String: Any], "\(uri)")
                #expect(error["code"] as? String == "nothing_to_fit" && error["parameter"] as? String == "category", "\(uri): \(error)")
                #expect(error["message"] as? String == "no selected feature has a position; give bbox, or center and zoom", "\(uri)")
            }
            // Framed, the same selection is an empty map.
            #expect(try await client.get("/v1/map.png?category=trip&bbox=22,57,23,58").status == .ok)
            #expect(try await client.get("/v1/map.png?category=trip&center=57.5,22.8&zoom=9").status == .ok)
        }
    }

    /// The server's one table: each engine field as the route's parameter, nil where the route takes none.
    @Test func eachFieldIsNamedByTheRoutesParameter() {
        #expect(Route.nearest.parameter(for: .maxDistance) == "max_distance")
        for route in [Route.within, .search, .cinemas] { #expect(route.parameter(for: .maxDistance) == "radius") }
        #expect(Route.bbox.parameter(for: .maxDistance) == nil)
        for route in [Route.mapPNG, .mapPDF, .mapSVG, .mapLayout] {
            #expect(route.parameter(for: .lat) == "center" && route.parameter(for: .lon) == "center")
            #expect(route.parameter(for: .category) == "category" && route.parameter(for: .source) == nil)
        }
        #expect(Route.tile.parameter(for: .tileZ) == "z" && Route.tile.parameter(for: .tileY) == "y")
        #expect(Route.nearest.parameter(for: .source) == "source" && Route.search.parameter(for: .q) == "q")
        #expect(Route.categories.parameter(for: .category) == nil)
        for field: Field in [.crs, .style, .paper, .area, .radius, .database, .id, .record("geometry")] {
            #expect(Route.allCases.allSatisfy { $0.parameter(for: field) == nil }, "\(field)")
        }
        // A reason's mention of a field is said in the route's words too.
        let reason: Reason = "give \(Field.maxDistance) or \(Field.bbox), not both"
        #expect(reason.said { Route.search.parameter(for: $0) ?? $0.description } == "give radius or bbox, not both")
        #expect(reason.description == "give max_distance or bbox, not both")
    }
}
