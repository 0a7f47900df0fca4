import Foundation
import GeoCore
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import GeoStore
@testable import MapServer

/// Part 3's `name=` and CQL2 text (`filter`) over HTTP: each filter's features, through the next
/// links, are those a predicate written here in Swift finds among the fixture's records (brute
/// force); a filter that does not parse is a 400 naming `filter` with the character it fails at.
@Suite struct OGCFilterTests {
    typealias Place = PlaceRecord

    /// Swift's `<` on strings compares by Unicode scalars for these ASCII names, as CQL2's does.
    static let cases: [(filter: String, keeps: @Sendable (Place) -> Bool)] = [
        ("category = 'eat'", { $0.category == "eat" }),
        ("'eat' = category", { $0.category == "eat" }),
        ("name = 'P17'", { $0.name == "P17" }),
        ("name='H7' OR name = 'P2499' or name = 'nobody'", { $0.name == "H7" || $0.name == "P2499" }),
        ("category <> 'see' AND name < 'P1'", { $0.category != "see" && $0.name < "P1" }),
        ("name >= 'P9' AND NOT (category = 'do' OR category='stay')", { $0.name >= "P9" && !["do", "stay"].contains($0.category) }),
        ("'P2' > name AND name > 'P1'", { $0.name < "P2" && $0.name > "P1" }),
        ("name <= 'H1'", { $0.name <= "H1" }),
        ("name IS NOT NULL AND category = 'route' AND NOT name IS NULL", { $0.category == "route" }),
        ("S_INTERSECTS(geometry, BBOX(24.93, 60.16, 24.96, 60.18))", { Self.in(24.93, 60.16, 24.96, 60.18, $0) }),
        ("s_intersects(BBOX(24.93,60.16,24.96,60.18), geometry) AND category = 'see'", { Self.in(24.93, 60.16, 24.96, 60.18, $0) && $0.category == "see" }),
        ("S_INTERSECTS(geometry, POLYGON((24.9 60.15, 24.95 60.15, 24.95 60.17, 24.9 60.17, 24.9 60.15))) AND category = 'eat'",
         { Self.in(24.9, 60.15, 24.95, 60.17, $0) && $0.category == "eat" }),
        ("S_INTERSECTS(geometry, BBOX(170, -10, -170, 10)) OR name = 'H3'", { Self.in(170, -10, 180, 10, $0) || Self.in(-180, -10, -170, 10, $0) || $0.name == "H3" }),
        // CQL2's unknown: a place without a position is in no box and out of none, and NOT keeps it unknown.
        ("NOT S_INTERSECTS(geometry, BBOX(-180, -80, 180, 80)) AND TRUE", { $0.location != nil && !Self.in(-180, -80, 180, 80, $0) }),
        ("NOT S_INTERSECTS(geometry, BBOX(24.93, 60.16, 24.96, 60.18)) OR name = 'H3'", { ($0.location != nil && !Self.in(24.93, 60.16, 24.96, 60.18, $0)) || $0.name == "H3" }),
        ("FALSE OR name = 'Helsinki 5'", { _ in false }),
    ]

    static func `in`(_ minLon: Double, _ minLat: Double, _ maxLon: Double, _ maxLat: Double, _ p: Place) -> Bool {
        guard let c = p.location else { return false }
        return c.lon >= minLon && c.lon <= maxLon && c.lat >= minLat && c.lat <= maxLat
    }

    /// Every page's names, following the next links.
    static func names(_ client: any TestClientProtocol, _ first: String) async throws -> [String] {
        var names: [String] = [], uri: String? = first
        while let next = uri {
            let page = try await client.json(next)
            names += ((page["features"] as? [[String: Any]]) ?? []).compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
            uri = (page["links"] as? [[String: String]])?.first { $0["rel"] == "next" }?["href"]
        }
        return names
    }

    @Test func eachFilterKeepsWhatBruteForceFinds() async throws {
        try await withServer { client in
            for (filter, keeps) in Self.cases {
                let expected = Fixture.shared.places.filter(keeps).map(\.name)
                let encoded = filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let names = try await Self.names(client, "/ogc/collections/poi/items?limit=1000&filter-lang=cql2-text&filter=" + encoded)
                #expect(Set(names) == Set(expected) && names.count == expected.count, "\(filter): \(names.count) against \(expected.count)")
            }
            // name= is the same equality; with category= both hold.
            #expect(try await Self.names(client, "/ogc/collections/poi/items?name=H7") == ["H7"])
            let h7 = try #require(Fixture.shared.places.first { $0.name == "H7" })
            #expect(try await Self.names(client, "/ogc/collections/poi/items?name=H7&category=\(h7.category == "eat" ? "see" : "eat")").isEmpty)
            // Exact: another case, or a translation, is not the name.
            #expect(try await Self.names(client, "/ogc/collections/poi/items?name=h7").isEmpty)
            #expect(try await Self.names(client, "/ogc/collections/poi/items?name=Helsinki%207").isEmpty)
            // Over pages of one.
            let eatFew = Fixture.shared.places.filter { $0.category == "eat" && $0.name < "P11" }.map(\.name)
            let paged = try await Self.names(client, "/ogc/collections/poi/items?limit=1&filter=" + "category = 'eat' AND name < 'P11'".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(Set(paged) == Set(eatFew) && paged.count == eatFew.count)
            // Waters by a box.
            let waters = try await Self.names(client, "/ogc/collections/water/items?limit=100&filter=" + "S_INTERSECTS(geometry,BBOX(0,-90,180,90))".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(Set(waters) == Fixture.shared.inBox(BoundingBox(minLon: 0, minLat: -90, maxLon: 180, maxLat: 90), categories: ["water"]))
        }
    }

    @Test func aFilterThatDoesNotParseIsA400NamingItAndWhere() async throws {
        let cases: [(filter: String, at: Int?, parameter: String)] = [
            ("category = ", 12, "filter"),
            ("category == 'eat'", 11, "filter"),
            ("colour = 'red'", 1, "filter"),
            ("name = 'unended", 8, "filter"),
            ("name = 'a' AND", 15, "filter"),
            ("name = 'a' XOR name = 'b'", 12, "filter"),
            ("(name = 'a'", 12, "filter"),
            ("name = 3", 8, "filter"),
            ("S_INTERSECTS(geometry, BBOX(1, 95, 2, 96))", 24, "filter"),
            ("S_INTERSECTS(geometry, POLYGON((0 0, 1 0, 1 1, 0 0)))", 24, "filter"),
            ("S_INTERSECTS(name, BBOX(0, 0, 1, 1))", 14, "filter"),
        ]
        try await withServer { client in
            for (filter, at, parameter) in cases {
                let response = try await client.get("/ogc/collections/poi/items?filter=" + filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
                let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String], "\(filter)")
                #expect(response.status == .badRequest && body["parameter"] == parameter, "\(filter): \(body)")
                if let at { #expect(body["description"]?.contains("at character \(at) ") == true, "\(filter): \(body)") }
            }
            let response = try await client.get("/ogc/collections/poi/items?filter-lang=cql2-json&filter=%7B%7D")
            #expect(response.status == .badRequest && String(buffer: response.body).contains("\"parameter\":\"filter-lang\""))
        }
    }
}
