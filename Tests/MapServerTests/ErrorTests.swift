import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import MapServer

/// Every bad input gets 400 with exactly `{"error": {"code", "parameter", "message"}}` naming the
/// parameter; unknown routes get 404 JSON; never a 500, never a dropped connection.
@Suite struct ErrorTests {
    static let badRequests: [(uri: String, parameter: String)] = [
        // missing, empty, not a number, NaN / infinity, hex floats and a leading '+' (not decimals), out of range
        ("/v1/nearest?lat=0x1p4&lon=24", "lat"), ("/v1/nearest?lat=60&lon=%2B24", "lon"), ("/v1/within?lat=60&lon=24&radius=0x10", "radius"),
        ("/v1/bbox?bbox=0x1p1,0,1,1", "bbox"), ("/v1/map.png?center=0x1p4,24&zoom=10", "center"),
        ("/v1/nearest?lon=24", "lat"), ("/v1/nearest?lat=60", "lon"), ("/v1/nearest?lat=&lon=24", "lat"), ("/v1/nearest?lat=60&lon=", "lon"),
        ("/v1/nearest?lat=sixty&lon=24", "lat"), ("/v1/nearest?lat=60&lon=24e", "lon"), ("/v1/nearest?lat=nan&lon=24", "lat"),
        ("/v1/nearest?lat=60&lon=inf", "lon"), ("/v1/nearest?lat=-infinity&lon=24", "lat"),
        ("/v1/nearest?lat=90.0001&lon=24", "lat"), ("/v1/nearest?lat=-91&lon=24", "lat"), ("/v1/nearest?lat=60&lon=180.5", "lon"),
        ("/v1/nearest?lat=60&lon=-181", "lon"),
        // limit
        ("/v1/nearest?lat=60&lon=24&limit=0", "limit"), ("/v1/nearest?lat=60&lon=24&limit=-3", "limit"),
        ("/v1/nearest?lat=60&lon=24&limit=10001", "limit"), ("/v1/nearest?lat=60&lon=24&limit=2.5", "limit"),
        ("/v1/bbox?bbox=0,0,1,1&limit=99999999999999999999", "limit"), ("/v1/cinemas?lat=60&lon=24&date=2012-05-08&limit=0", "limit"),
        // radius and max_distance
        ("/v1/within?lat=60&lon=24", "radius"), ("/v1/within?lat=60&lon=24&radius=0", "radius"), ("/v1/within?lat=60&lon=24&radius=-1", "radius"),
        ("/v1/within?lat=60&lon=24&radius=20000001", "radius"), ("/v1/within?lat=60&lon=24&radius=nan", "radius"),
        ("/v1/nearest?lat=60&lon=24&max_distance=0", "max_distance"), ("/v1/nearest?lat=60&lon=24&max_distance=3e7", "max_distance"),
        // bbox
        ("/v1/bbox", "bbox"), ("/v1/bbox?bbox=1,2,3", "bbox"), ("/v1/bbox?bbox=1,2,3,4,5", "bbox"), ("/v1/bbox?bbox=a,2,3,4", "bbox"),
        ("/v1/bbox?bbox=0,10,1,5", "bbox"), ("/v1/bbox?bbox=0,0,181,1", "bbox"), ("/v1/bbox?bbox=0,-91,1,1", "bbox"),
        ("/v1/bbox?bbox=0,nan,1,1", "bbox"), ("/v1/map.png?bbox=0,0,1", "bbox"),
        // category
        ("/v1/nearest?lat=60&lon=24&category=pubs", "category"), ("/v1/bbox?bbox=0,0,1,1&category=eat,,see", "category"),
        ("/v1/within?lat=60&lon=24&radius=5&category=", "category"), ("/v1/map.png?category=nope", "category"),
        ("/v1/tiles/1/0/0.png?category=nope", "category"),
        // source: unknown names too, as unknown categories are
        ("/v1/nearest?lat=60&lon=24&source=nosuch", "source"), ("/v1/within?lat=60&lon=24&radius=5&source=nosuch", "source"),
        ("/v1/bbox?bbox=0,0,1,1&source=nosuch", "source"), ("/v1/search?q=kino&source=nosuch", "source"), ("/v1/search?q=kino&in=title", "in"),
        ("/v1/cinemas?lat=60&lon=24&source=nosuch", "source"), ("/v1/nearest?lat=60&lon=24&source=a,,b", "source"),
        // cursors
        ("/v1/nearest?lat=60&lon=24&cursor=garbage", "cursor"), ("/v1/bbox?bbox=0,0,1,1&cursor=40501a34d8fef153~poi/1", "cursor"),
        ("/v1/nearest?lat=60&lon=24&cursor=poi/1", "cursor"),
        // cinemas
        ("/v1/cinemas?lat=60&lon=24&date=", "date"), ("/v1/cinemas?lat=60&lon=24&date=2012-13-01", "date"), ("/v1/cinemas?lat=60&lon=24&date=8.5.2012", "date"),
        ("/v1/cinemas?lat=91&lon=24&date=2012-05-08", "lat"), ("/v1/cinemas?lat=60&lon=24&radius=0", "radius"),
        ("/v1/cinemas?lat=60&lon=24&radius=-3", "radius"), ("/v1/cinemas?lat=60&lon=24&format=csv", "format"),
        ("/v1/cinemas?lat=60&lon=24&cursor=garbage", "cursor"),
        // catch statistics
        ("/v1/stats/catches?by=fish", "by"), ("/v1/stats/catches?by=water,water", "by"), ("/v1/stats/catches?by=", "by"),
        // maps
        ("/v1/map.png?size=0x100", "size"), ("/v1/map.png?size=100", "size"), ("/v1/map.png?size=axb", "size"), ("/v1/map.png?size=5000x5000", "size"),
        ("/v1/map.png?size=2048x2048&scale=3", "size"), ("/v1/map.png?size=8193x1", "size"), ("/v1/map.pdf?size=-5x10", "size"),
        ("/v1/map.png?scale=4", "scale"), ("/v1/map.png?scale=0", "scale"), ("/v1/map.svg?scale=x", "scale"),
        ("/v1/map.png?center=60,24&zoom=23", "zoom"), ("/v1/map.png?center=60,24&zoom=-1", "zoom"), ("/v1/map.png?center=60,24&zoom=nan", "zoom"),
        ("/v1/map.png?center=60,24", "zoom"), ("/v1/map.png?zoom=3", "zoom"), ("/v1/map.png?center=60&zoom=3", "center"),
        ("/v1/map.png?center=95,24&zoom=3", "center"), ("/v1/map.png?center=89,24&zoom=3", "center"), ("/v1/map.png?center=60,200&zoom=3", "center"),
        ("/v1/map.png?bbox=0,0,1,1&center=0,0&zoom=2", "center"), ("/v1/map.png?padding=-1", "padding"), ("/v1/map.png?padding=inf", "padding"),
        ("/v1/map.svg?bbox=180,3,-82,90&padding=false", "padding"), ("/v1/map.png?center=60,24&zoom=3&padding=10", "padding"),
        // tiles
        ("/v1/tiles/23/0/0.png", "z"), ("/v1/tiles/-1/0/0.png", "z"), ("/v1/tiles/a/0/0.png", "z"), ("/v1/tiles/2/4/0.png", "x"),
        ("/v1/tiles/2/-1/0.png", "x"), ("/v1/tiles/2/0/4.png", "y"), ("/v1/tiles/2/0/4@2x.png", "y"), ("/v1/tiles/2/0/1@3x.png", "y"),
        ("/v1/tiles/0/0/0.png?scale=2", "scale"),
        // names a route does not take, given twice, bad encoding
        ("/v1/nearest?lat=60&lon=24&limt=3", "limt"), ("/v1/nearest?lat=60&lat=61&lon=24", "lat"), ("/healthz?verbose=1", "verbose"),
        ("/v1/nearest?lat=%ZZ&lon=24", "lat"),
    ]

    @Test func everyBadParameterIsA400NamingIt() async throws {
        try await withServer { client in
            for (uri, parameter) in Self.badRequests {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest, "\(uri): \(String(buffer: response.body))")
                #expect(response.headers[.contentType] == "application/json", "\(uri)")
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let error = try #require(body?["error"] as? [String: Any], "\(uri)")
                #expect(body?.count == 1 && error.count == 3, "\(uri): \(error)")
                #expect(error["code"] as? String == "invalid_parameter", "\(uri)")
                #expect(error["parameter"] as? String == parameter, "\(uri): \(error)")
                #expect((error["message"] as? String)?.isEmpty == false, "\(uri)")
            }
        }
    }

    @Test func anUnknownCategoryListsTheKnownOnes() async throws {
        try await withServer { client in
            let error = try await client.json("/v1/nearest?lat=60&lon=24&category=eat,pubs", status: .badRequest)["error"] as! [String: Any]
            #expect(error["message"] as? String == "unknown pubs; the known categories are cinema, do, eat, route, see, stay, trip, water")
        }
    }

    @Test func unknownRoutesAndMethodsAnswerJSON() async throws {
        try await withServer { client in
            for uri in ["/nope", "/v1", "/v1/nearest/extra", "/v1/map.gif", "/v1/tiles/1/0/0.jpg", "/v2/nearest?lat=1&lon=2"] {
                let error = try await client.json(uri, status: .notFound)["error"] as! [String: Any]
                #expect(error["code"] as? String == "not_found" && error["parameter"] == nil, "\(uri)")
            }
            let post = try await client.execute(uri: "/v1/nearest?lat=1&lon=2", method: .post)
            #expect(post.status == .methodNotAllowed)
            #expect(String(buffer: post.body).contains("method_not_allowed") && post.headers[.allow] == "GET, HEAD")
            let head = try await client.execute(uri: "/healthz", method: .head)
            #expect(head.status == .ok)
        }
    }
}
