import Foundation
import HTTPTypes
import NIOCore
import Testing
import TestSupport
@testable import MapServer

/// The MapLibre style, glyph and sprite routes; the style loaded by MapLibre GL JS itself in
/// headless Chromium (Tests/Browser/style_check.py).
@Suite struct MapLibreRouteTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/style_check.py")
    /// Where scripts/install-deps.sh puts MapLibre GL JS from PyPI's maplibre wheel.
    static let mapLibre = "/usr/local/share/waymark/maplibre/maplibre-gl.js"

    @Test func theStyleNamesItsSourcesSpriteAndGlyphsOnThisServerAndPassesTheSelectionOn() async throws {
        try await withServer { client in
            let style = try await client.json("/v1/style.json?category=eat,see&lang=lv")
            #expect(style["version"] as? Int == 8)
            let sources = try #require(style["sources"] as? [String: [String: String]])
            let annotations = try #require(sources["annotations"]?["url"])
            #expect(annotations.hasPrefix("http://") && annotations.hasSuffix("/v1/tiles.json?category=eat,see&lang=lv&base=1"), "\(annotations)")
            #expect(sources["base"]?["url"]?.hasSuffix("/v1/base.json") == true)
            #expect((style["sprite"] as? String)?.hasSuffix("/v1/sprite") == true)
            #expect((style["glyphs"] as? String)?.hasSuffix("/v1/fonts/{fontstack}/{range}.pbf") == true)
            // Made once per server address and selection, then answered from the render cache.
            let first = try await client.get("/v1/style.json?category=eat,see&lang=lv"), again = try await client.get("/v1/style.json?category=eat,see&lang=lv")
            #expect(again.headers[.xCache] == "hit" && again.headers[.eTag] == first.headers[.eTag] && again.body == first.body)
            let proxied = try await client.get("/v1/style.json?category=eat,see&lang=lv", headers: [PublicBase.forwardedProto: "https"])
            #expect(proxied.headers[.xCache] == "miss" && String(buffer: proxied.body).contains("\"https://"), "\(String(buffer: proxied.body).prefix(300))")
            let refused = try await client.get("/v1/style.json?category=nonsense")
            #expect(refused.status == .badRequest && String(buffer: refused.body).contains("\"parameter\":\"category\""), "\(String(buffer: refused.body))")
        }
    }

    @Test func glyphsAreServedForTheStylesFontsAndAnythingElseIsA400NamingIt() async throws {
        try await withServer { client in
            let glyphs = try await client.get("/v1/fonts/Open%20Sans%20Regular,DejaVu%20Sans%20Bold/0-255.pbf", headers: [.acceptEncoding: "gzip"])
            #expect(glyphs.status == .ok && glyphs.headers[.contentType] == "application/x-protobuf" && glyphs.headers[.contentEncoding] == "gzip")
            #expect(glyphs.headers[.eTag] != nil && glyphs.headers[.cacheControl] != nil)
            for (uri, parameter) in [("/v1/fonts/Open%20Sans%20Regular/0-255.pbf", "fontstack"), ("/v1/fonts/DejaVu%20Sans/0-256.pbf", "range"),
                                     ("/v1/fonts/DejaVu%20Sans/65536-65791.pbf", "range")] {
                let answer = try await client.get(uri)
                #expect(answer.status == .badRequest && String(buffer: answer.body).contains("\"parameter\":\"\(parameter)\""), "\(uri): \(String(buffer: answer.body))")
            }
        }
    }

    @Test func theSpritesIndexMatchesItsImageAtBothRatios() async throws {
        try await withServer { client in
            for suffix in ["", "@2x"] {
                let index = try await client.json("/v1/sprite\(suffix).json") as? [String: [String: Int]] ?? [:]
                let image = try await client.get("/v1/sprite\(suffix).png")
                #expect(image.status == .ok && image.headers[.contentType] == "image/png")
                let png = Data(buffer: image.body)
                // The PNG's own header: width and height, big-endian, at bytes 16 and 20.
                let (width, height) = png.count > 24 ? (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
                #expect(!index.isEmpty)
                for (name, box) in index {
                    #expect(box["pixelRatio"] == (suffix.isEmpty ? 1 : 2))
                    #expect(box["x"]! + box["width"]! <= width && box["y"]! + box["height"]! <= height, "\(name) lies within \(width)×\(height)")
                }
            }
        }
    }

    @Test func mapLibreLoadsTheStyleWithoutAnErrorAndDrawsTheMarksAndNames() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.mapLibre), "scripts/install-deps.sh puts MapLibre GL JS at \(Self.mapLibre)")
        // The base map's TileJSON is another route's (until it is served, its 404 is not this style's fault).
        let ignored = Route.allCases.contains { $0.rawValue == "/v1/base.json" } ? "-" : "/v1/base"
        try await withServer { client in
            let port = try #require(client.port)
            let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), [
                Self.script.path, "http://127.0.0.1:\(port)", String(Fixture.helsinki.lat), String(Fixture.helsinki.lon), "13", Self.mapLibre, ignored])
            try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "the browser run failed: \(run.stdout) \(run.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(report["idle"] as? Bool == true, "the map finished loading: \(report)")
            #expect((report["errors"] as? [String])?.isEmpty == true, "errors: \(report["errors"] ?? "")")
            #expect((report["missing"] as? [String])?.isEmpty == true, "icons missing from the sprite: \(report["missing"] ?? "")")
            #expect(report["marks"] as? Int ?? 0 > 20, "marks drawn: \(report["marks"] ?? 0)")
            #expect(report["labels"] as? Int ?? 0 > 5, "names drawn: \(report["labels"] ?? 0)")
            let requests = report["requests"] as? [String] ?? []
            #expect(requests.contains { $0.contains("/v1/fonts/") && $0.hasSuffix(".pbf") }, "glyphs fetched from the server")
            #expect(requests.contains { $0.contains("/v1/sprite") }, "the sprite fetched from the server")
            #expect(requests.allSatisfy { $0.hasPrefix("http://127.0.0.1:\(port)/") }, "nothing fetched elsewhere: \(requests)")
            #expect((report["faults"] as? [String])?.isEmpty == false, "a faulty layer is reported as an error")
        }
    }
}
