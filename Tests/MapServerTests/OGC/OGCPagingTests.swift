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
