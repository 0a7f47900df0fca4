import Foundation
import GeoCore
import GeoStore
import SpatiaLiteStore
import Testing
@testable import MapServer

/// `/v1/search` over a real socket: the fixture's Helsinki places are named "Helsinki N" in
/// Latvian ("H N" by default), so the expected answers can be counted by hand.
@Suite struct SearchRouteTests {
    @Test func searchRanksExactBeforePrefixAndPagesEveryMatchOnce() async throws {
        try await withServer { client in
            // "12" exactly (cost 0) first; "120"…"129" begin with it (cost 0.125 each), by id.
            let page = try await client.json("/v1/search?q=Helsinki+12&limit=3")
            let features = try #require(page["features"] as? [[String: Any]])
            #expect((features.first?["properties"] as? [String: Any])?["name"] as? String == "H12", "\(page)")
            #expect(page["total"] as? Int == 11 && page["next"] is String, "\(page)")
            let all = try await client.allPages("/v1/search?q=helsinki%2012&limit=4")
            #expect(all.map(\.name).sorted() == (["H12"] + (120...129).map { "H\($0)" }).sorted())
            #expect(Set(all.map(\.id)).count == 11)
            // A typo in a word of 5 letters or more, with the point: a distance for each.
            let typo = try await client.json("/v1/search?q=helsinky%207&lat=60.17&lon=24.94")
            let found = try #require(typo["features"] as? [[String: Any]])
            #expect(found.count == 1 && (found[0]["properties"] as? [String: Any])?["name"] as? String == "H7", "\(typo)")
            #expect((found[0]["properties"] as? [String: Any])?["distance_m"] is Double)
            let eat = try await client.json("/v1/search?q=helsinki&category=eat&kind=poi&limit=1")
            #expect(eat["total"] as? Int == 60, "\(eat)")
            // Cinemas by the films they show.
            let kummeli = try await client.json("/v1/search?q=kummeli")
            #expect(kummeli["total"] as? Int == 2, "\(kummeli)")
            let muzi = try await client.json("/v1/search?q=MUZI+nadeji")
            let films = try #require(muzi["features"] as? [[String: Any]])
            #expect(films.map { ($0["properties"] as? [String: Any])?["name"] as? String } == ["Cinema City Plzeň"], "\(muzi)")
        }
    }

    @Test func badSearchParametersAre400NamingThem() async throws {
        try await withServer { client in
            for (query, parameter) in [("q=", "q"), ("q=%2C%3B", "q"), ("lat=1", "q"), ("q=riga&radius=100", "radius"),
                                       ("q=riga&lat=1", "lon"), ("q=riga&lat=91&lon=0", "lat"), ("q=riga&kind=lake", "kind"),
                                       ("q=riga&lat=1&lon=1&radius=5&bbox=0,0,1,1", "bbox"), ("q=riga&category=nosuch", "category"),
                                       ("q=riga&limit=0", "limit"), ("q=riga&cursor=poi/1", "cursor"), ("q=riga&qq=1", "qq")] {
                let body = try await client.json("/v1/search?" + query, status: .badRequest)
                let error = try #require(body["error"] as? [String: Any])
                #expect(error["code"] as? String == "invalid_parameter" && error["parameter"] as? String == parameter, "\(query): \(body)")
            }
        }
    }
}

/// The typo index of a million names takes seconds: the server builds it as it starts (and when
/// the data changes), before any search asks, once for every worker.
@Test func theServerBuildsTheTypoIndexBeforeAnySearch() async throws {
    let version = try SpatiaLiteStore(path: Fixture.shared.path, readOnly: true).dataVersion()
    try await withServer { client, lanes in
        // No request has been made: only the server itself can have built it. Waits as long as a
        // loaded machine may take, polling.
        var waited = 0
        while !lanes.typos.holds(version: version), waited < 6_000 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(lanes.typos.holds(version: version))
        let response = try await client.get("/v1/search?q=helsinky")
        #expect(response.status == .ok)
    }
}
