import Foundation
import GeoCore
import HummingbirdTesting
import Testing
@testable import GeoStore
@testable import MapServer

/// Items paged both ways on a live server: every page walked forward by its `next` link and back
/// from the last by its `prev` links gives the same pages in reverse (the first without `prev`),
/// each link keeping the request's other parameters, and the pages together hold what brute force
/// over the fixture's records selects, in id order. On the SpatiaLite fixture and, with
/// `$WAYMARK_TEST_POSTGRES`, on a PostGIS copy of it (`ScaleOutTests.copyOfTheFixture`).
@Suite struct OGCPagingTests {
    /// A first page's path and query, and the names its pages must hold, found by brute force.
    static var walks: [(uri: String, names: Set<String>)] {
        let fixture = Fixture.shared
        let helsinki = try! BoundingBox(parsing: "24.93,60.16,24.96,60.18")
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        let (from, to) = (try! Date("2012-05-08T00:00:00Z", strategy: .iso8601), try! Date("2012-05-10T00:00:00Z", strategy: .iso8601))
        return [
            ("/ogc/collections/poi/items?bbox=24.93,60.16,24.96,60.18&limit=7&category=eat", fixture.inBox(helsinki, categories: ["eat"])),
            // Across the antimeridian: two halves of the box merged by id.
            ("/ogc/collections/poi/items?limit=25&bbox=170,-20,-170,20", fixture.inBox(try! BoundingBox(parsing: "170,-20,-170,20"))),
            ("/ogc/collections/water/items?limit=3&lang=en", Set(fixture.waters.compactMap(\.name))),
            // A filter the engine applies to the rows it walks (pages of its own size), and one that walks a box's index.
            ("/ogc/collections/poi/items?limit=20&filter=" + encoded("name < 'H2'"), Set(fixture.places.map(\.name).filter { $0 < "H2" })),
            ("/ogc/collections/poi/items?limit=6&filter-lang=cql2-text&filter=" + encoded("category = 'see' AND S_INTERSECTS(geometry, BBOX(24.93,60.16,24.96,60.18))"),
             fixture.inBox(helsinki, categories: ["see"])),
            ("/ogc/collections/cinema/items?limit=1&datetime=" + encoded("2012-05-08T00:00:00Z/2012-05-10T00:00:00Z"),
             Set(fixture.cinemas.filter { $0.screenings.contains { $0.start >= from && $0.start <= to } }.map(\.name))),
        ]
    }

    @Test func nextThenPrevGivesBackTheSamePagesOnSpatiaLite() async throws {
        try await withServer { try await Self.walkEach($0) }
    }

    @Test(.enabled(if: ScaleOutTests.postgres != nil, "WAYMARK_TEST_POSTGRES is unset: paging on PostGIS was not tried"))
    func nextThenPrevGivesBackTheSamePagesOnPostGIS() async throws {
        let (schema, primary) = try ScaleOutTests.copyOfTheFixture()
        defer { try? primary.execute("DROP SCHEMA \(schema) CASCADE") }
        try await withServer(database: ScaleOutTests.postgres! + "?schema=" + schema) { try await Self.walkEach($0) }
    }

    /// `near=` (Waymark's extension): every page by its `next` link, none with a `prev`, nearest
    /// first, each feature's `distance_m` the brute-force geodesic distance, and together exactly
    /// what brute force selects; a box, a filter and a category still select. A bad `near` is a
    /// 400 naming `near`; a cursor of the id order is refused by a near query.
    @Test func nearGivesTheNearestFirstOverPagesOnSpatiaLite() async throws {
        try await withServer { try await Self.walkNear($0) }
    }

    @Test(.enabled(if: ScaleOutTests.postgres != nil, "WAYMARK_TEST_POSTGRES is unset: near on PostGIS was not tried"))
    func nearGivesTheNearestFirstOverPagesOnPostGIS() async throws {
        let (schema, primary) = try ScaleOutTests.copyOfTheFixture()
        defer { try? primary.execute("DROP SCHEMA \(schema) CASCADE") }
        try await withServer(database: ScaleOutTests.postgres! + "?schema=" + schema) { try await Self.walkNear($0) }
    }

    static func walkNear(_ client: any TestClientProtocol) async throws {
        let fixture = Fixture.shared, helsinki = Fixture.helsinki, places = Set(fixture.places.map(\.name))
        let box = try BoundingBox(parsing: "24.93,60.16,24.96,60.18"), inBox = fixture.inBox(box)
        let sydney = Coordinate(lat: -33.9, lon: 151.2), before = "name < 'P2'".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        // (first page, brute force's answer, how many features to read: the eateries of the whole world are not needed to see the order)
        let walks: [(uri: String, expected: [(name: String, distance: Double)], reading: Int)] = [
            ("/ogc/collections/poi/items?near=60.1699,24.9384&limit=9&category=eat", fixture.nearest(helsinki, categories: ["eat"]), 40),
            ("/ogc/collections/poi/items?near=60.1699,24.9384&limit=4&bbox=24.93,60.16,24.96,60.18",
             fixture.nearest(helsinki).filter { places.contains($0.name) && inBox.contains($0.name) }, .max),
            ("/ogc/collections/poi/items?near=-33.9,151.2&limit=50&filter=" + before,
             fixture.nearest(sydney).filter { places.contains($0.name) && $0.name < "P2" }, .max),
            ("/ogc/collections/water/items?near=0,179.9&limit=6", fixture.nearest(Coordinate(lat: 0, lon: 179.9), categories: ["water"]), .max),
        ]
        for (uri, expected, reading) in walks {
            var got: [(name: String, distance: Double)] = [], next: String? = uri, pages = 0
            while let page = next, pages < 300, got.count < reading {
                let json = try await client.json(page)
                let links = Dictionary((json["links"] as? [[String: String]] ?? []).compactMap { l in l["rel"].map { ($0, l["href"] ?? "") } }) { a, _ in a }
                #expect(links["prev"] == nil, "\(page): a prev link on a distance order")
                for feature in json["features"] as? [[String: Any]] ?? [] {
                    let properties = feature["properties"] as? [String: Any] ?? [:]
                    got.append((properties["name"] as? String ?? "", properties["distance_m"] as? Double ?? -1))
                }
                (next, pages) = (links["next"], pages + 1)
            }
            got = Array(got.prefix(reading))
            let want = Array(expected.prefix(got.count))
            #expect(pages >= 2 && got.count == min(reading, expected.count), "\(uri): \(got.count) in \(pages) pages, of \(expected.count)")
            // Ties aside, the same order: each distance within a millimetre of brute force's at the same place.
            for (g, w) in zip(got, want) { #expect(abs(g.distance - w.distance) <= 0.001, "\(uri): \(g) where brute force has \(w)") }
            if reading == .max { #expect(Set(got.map(\.name)) == Set(want.map(\.name)), "\(uri)") }
        }
        for (query, parameter, reason) in [("near=91,0", "near", "outside -90…90"), ("near=60.1", "near", "is not LAT,LON"),
                                           ("near=60.17,24.94&cursor=poi/3", "cursor", "continues a bbox query")] {
            let response = try await client.get("/ogc/collections/poi/items?" + query)
            let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String] ?? [:]
            #expect(response.status == .badRequest && body["parameter"] == parameter, "\(query): \(body)")
            #expect(body["description"]?.contains(reason) == true, "\(query): \(body)")
        }
    }

    static func walkEach(_ client: any TestClientProtocol) async throws {
        for (uri, names) in walks {
            #expect(names.count >= 2, "\(uri): too few features to page")
            let (forward, backward) = try await walk(uri, client)
            #expect(forward.count >= 2, "\(uri): \(forward.count) pages")
            #expect(backward.map { $0.map(\.id) } == forward.map { $0.map(\.id) }, "\(uri): back by prev differs from forward by next")
            let all = forward.flatMap { $0 }, rows = all.map { Int64($0.id)! }
            #expect(rows == rows.sorted() && Set(rows).count == rows.count, "\(uri): not in id order")
            #expect(Set(all.map(\.name)) == names && all.count == names.count, "\(uri)")
        }
    }

    /// The pages from `uri` by `next` links, and from the last back by `prev` links (put in forward order).
    static func walk(_ uri: String, _ client: any TestClientProtocol) async throws -> (forward: [[(id: String, name: String)]], backward: [[(id: String, name: String)]]) {
        let asked = parameters(uri)
        var forward: [[(id: String, name: String)]] = [], backward: [[(id: String, name: String)]] = []
        var next: String? = uri, previous: String?
        while let page = next, forward.count < 500 {
            let (features, links) = try await read(page, asked, client)
            #expect((links["prev"] == nil) == forward.isEmpty, "\(page): a prev link on the first page, or none on a later one")
            forward.append(features)
            (next, previous) = (links["next"], links["prev"])
        }
        backward.append(forward.last ?? [])
        while let page = previous, backward.count < 500 {
            let (features, links) = try await read(page, asked, client)
            #expect(links["next"] != nil, "\(page): a page back has no next link")
            backward.append(features)
            previous = links["prev"]
        }
        return (forward, backward.reversed())
    }

    /// A page's features and its links by rel, each link's query holding the first request's parameters but the cursor.
    static func read(_ uri: String, _ asked: [String: String], _ client: any TestClientProtocol) async throws
            -> (features: [(id: String, name: String)], links: [String: String]) {
        let page = try await client.json(uri)
        let features = (page["features"] as? [[String: Any]] ?? []).map {
            ($0["id"] as? String ?? "", ($0["properties"] as? [String: Any])?["name"] as? String ?? "")
        }
        #expect(page["numberReturned"] as? Int == features.count)
        var links: [String: String] = [:]
        for link in page["links"] as? [[String: String]] ?? [] {
            guard let rel = link["rel"], let href = link["href"] else { continue }
            if rel == "next" || rel == "prev" {
                #expect(link["type"] == "application/geo+json", "\(uri): \(rel)")
                var kept = parameters(href)
                #expect(kept.removeValue(forKey: "cursor") != nil, "\(href)")
                #expect(kept == asked.filter { $0.key != "cursor" }, "\(href) against \(uri)")
            }
            links[rel] = href
        }
        return (features, links)
    }

    static func parameters(_ uri: String) -> [String: String] {
        Dictionary((URLComponents(string: uri)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { a, _ in a }
    }
}
