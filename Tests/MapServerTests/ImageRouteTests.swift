import Foundation
import GeoCore
import GeoStore
import HTTPTypes
import HummingbirdTesting
import MapRender
import NIOCore
import SpatiaLiteStore
import Stores
import Testing
@testable import MapServer

/// Maps and tiles over a real socket: the very bytes the renderer draws from the store, with
/// validators, 304s and the cache.
@Suite struct ImageRouteTests {
    /// The PNG's width and height, from its IHDR chunk.
    static func pngSize(_ body: ByteBuffer) throws -> (Int, Int) {
        let bytes = Array(body.readableBytesView)
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    static func store() throws -> SpatiaLiteStore { try SpatiaLiteStore(path: Fixture.shared.path, readOnly: true) }

    @Test func mapsInEveryFramingAndFormatAreTheRenderersOwnBytes() async throws {
        try await withServer { client in
            let style = try MapStyle.named("default")
            let cases: [(uri: String, framing: Framing, size: (Double, Double), scale: Double, format: ImageFormat, categories: CategoryFilter)] = [
                ("/v1/map.png?size=320x200&bbox=24.9,60.15,24.98,60.19", .bbox(BoundingBox(minLon: 24.9, minLat: 60.15, maxLon: 24.98, maxLat: 60.19)),
                 (320, 200), 1, .png, []),
                ("/v1/map.png?size=300x240&scale=2&center=60.17,24.94&zoom=13&category=eat,see", .center(Coordinate(lat: 60.17, lon: 24.94), zoom: 13),
                 (300, 240), 2, .png, ["eat", "see"]),
                ("/v1/map.png?size=400x300&category=cinema&padding=10", .fit(padding: 10, maxZoom: 16), (400, 300), 1, .png, ["cinema"]),
                ("/v1/map.pdf?size=300x200&center=60.17,24.94&zoom=12", .center(Coordinate(lat: 60.17, lon: 24.94), zoom: 12), (300, 200), 1, .pdf, []),
                ("/v1/map.svg?size=300x200&center=60.17,24.94&zoom=12", .center(Coordinate(lat: 60.17, lon: 24.94), zoom: 12), (300, 200), 1, .svg, []),
            ]
            let store = try Self.store()
            for c in cases {
                let response = try await client.get(c.uri)
                #expect(response.status == .ok, "\(c.uri): \(String(buffer: response.body))")
                #expect(response.headers[.contentType] == c.format.mediaType)
                #expect(response.headers[.cacheControl] == "public, max-age=300")
                let expected = try MapRenderer.render(try MapRequest(features: [], categories: c.categories, framing: c.framing, width: c.size.0, height: c.size.1,
                                                                     scale: c.scale, format: c.format, style: style).fetchingFeatures(from: store))
                switch c.format {
                // PDF carries its creation date and SVG Cairo's process-wide surface numbers: the kind only.
                case .pdf: #expect(String(buffer: response.body).hasPrefix("%PDF"))
                case .svg: #expect(String(buffer: response.body).contains("<svg"))
                case .png:
                    #expect(Data(buffer: response.body) == expected, "\(c.uri)")
                }
                if c.format == .png {
                    let (w, h) = try Self.pngSize(response.body)
                    #expect(w == Int(c.size.0 * c.scale) && h == Int(c.size.1 * c.scale))
                }
            }
        }
    }

    @Test func tilesAreTheRenderersTilesAtOneAndTwoX() async throws {
        try await withServer { client in
            let style = try MapStyle.named("default"), store = try Self.store()
            let tile = try TileID(containing: Fixture.helsinki, zoom: 13)
            // %40 is '@' escaped (RFC 3986), as some clients send it.
            for (suffix, scale) in [("", 1.0), ("@2x", 2.0), ("%402x", 2.0)] {
                let response = try await client.get("/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y)\(suffix).png?category=eat,see,stay&lang=lv")
                #expect(response.status == .ok)
                let size = try Self.pngSize(response.body)
                #expect(size == (256 * Int(scale), 256 * Int(scale)))
                let features = try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: CategoryFilter(["eat", "see", "stay"]))
                #expect(!features.isEmpty)
                let expected = try MapRenderer.renderTile(tile, features: features, categories: ["eat", "see", "stay"], scale: scale, style: style, language: "lv")
                #expect(Data(buffer: response.body) == expected)
            }
            let world = try await client.get("/v1/tiles/0/0/0.png")
            let worldSize = try Self.pngSize(world.body)
            #expect(world.status == .ok && worldSize == (256, 256))
        }
    }

    @Test func etagsGive304AndTheCacheAnswersRepeats() async throws {
        try await withServer { client in
            let tile = try TileID(containing: Fixture.helsinki, zoom: 14)
            let uri = "/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y).png"
            let first = try await client.get(uri)
            let etag = try #require(first.headers[.eTag])
            #expect(first.headers[.xCache] == "miss" && first.headers[.cacheControl] == "public, max-age=300")
            let second = try await client.get(uri)
            #expect(second.headers[.xCache] == "hit" && second.headers[.eTag] == etag && second.body == first.body)

            for match in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let notModified = try await client.get(uri, headers: [.ifNoneMatch: match])
                #expect(notModified.status == .notModified, "If-None-Match: \(match)")
                #expect(notModified.body.readableBytes == 0 && notModified.headers[.eTag] == etag)
            }
            let changed = try await client.get(uri, headers: [.ifNoneMatch: "\"other\""])
            #expect(changed.status == .ok && changed.body == first.body)

            let map = try await client.get("/v1/map.svg?size=100x100&center=60.17,24.94&zoom=12")
            let mapTag = try #require(map.headers[.eTag])
            let mapAgain = try await client.get("/v1/map.svg?size=100x100&center=60.17,24.94&zoom=12", headers: [.ifNoneMatch: mapTag])
            #expect(mapAgain.status == .notModified)

            let metrics = String(buffer: try await client.get("/metrics").body)
            #expect(metrics.contains(#"waymark_cache_hits_total{kind="tile"} 6"#), "\(metrics)")
            #expect(metrics.contains(#"waymark_cache_misses_total{kind="tile"} 1"#))
            #expect(metrics.contains(#"waymark_render_duration_seconds_count{kind="tile"} 1"#))
        }
    }

    /// Many requests at once for one tile not drawn yet: one drawing, every answer the same bytes
    /// and ETag. With the cache off too, where only the sharing keeps it to one drawing.
    @Test(arguments: [64 << 20, 0]) func concurrentRequestsForOneImageShareOneDrawing(cacheBytes: Int) async throws {
        try await withServer(workers: 1, cacheBytes: cacheBytes) { client, workers in
            let port = try #require(client.port)
            // The one worker held, so that every tile request arrives while the tile still waits for it.
            let held = await HeldWorker(workers.images)
            let tile = try TileID(containing: Fixture.helsinki, zoom: 14), n = 12
            let uri = "/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y).png?category=eat,see"
            let tiles = Task { try await concurrently(port: port, Array(repeating: uri, count: n)) }
            // All n in flight (with the metrics request): none can have been drawn yet.
            try await waitUntilInFlight(port: port, n + 1)
            try await held.release()
            let answers = try await tiles.value

            let style = try MapStyle.named("default"), store = try Self.store()
            let features = try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: CategoryFilter(["eat", "see"]))
            let expected = try MapRenderer.renderTile(tile, features: features, categories: ["eat", "see"], scale: 1, style: style)
            #expect(answers.count == n && answers.allSatisfy { $0.status == .ok && Data(buffer: $0.body) == expected })
            #expect(Set(answers.map { $0.headers[.eTag] }).count == 1 && answers[0].headers[.eTag] != nil)
            #expect(answers.map { $0.headers[.xCache] ?? "" }.sorted() == ["miss"] + Array(repeating: "shared", count: n - 1),
                    "one drawing, every other request waiting for it")
            let metrics = String(buffer: try await client.get("/metrics").body)
            #expect(metrics.contains(#"waymark_render_duration_seconds_count{kind="tile"} 1"# + "\n"), "\(metrics)")
            // After the drawing, a request for it is a new drawing only with the cache off.
            let again = try await client.get(uri)
            #expect(again.headers[.xCache] == (cacheBytes > 0 ? "hit" : "miss") && Data(buffer: again.body) == expected)
        }
    }

    @Test func theCacheKeepsItsByteBoundLeastRecentlyUsedFirst() {
        let cache = RenderCache(byteLimit: 800)
        let image = { (n: Int) in CachedImage([UInt8](repeating: UInt8(n), count: 100)) }
        for n in 0..<8 { cache.insert(image(n), for: "\(n)") }
        #expect(cache.count == 8 && cache.bytes == 800)
        #expect(cache["0"] != nil)                           // 0 is now the most recent
        cache.insert(image(8), for: "8")                      // evicts 1, the least recent
        #expect(cache["1"] == nil && cache["0"] != nil && cache["8"] != nil && cache.bytes == 800)
        cache.insert(image(9), for: "0")                      // replaces, does not add
        #expect(cache.count == 8 && cache.bytes == 800 && cache["0"]?.etag == image(9).etag)
        cache.insert(CachedImage([UInt8](repeating: 1, count: 101)), for: "big")  // more than an eighth: not kept
        #expect(cache["big"] == nil && cache.count == 8)
        #expect(image(3).etag == image(3).etag && image(3).etag != image(4).etag)
    }
}
