import Foundation
import GeoCore
import GeoStore
import HTTPTypes
import HummingbirdTesting
import MapRender
import NIOCore
import Testing
import TestSupport
@testable import MapServer

/// The vector tile route over a real socket: the encoder's tile of the store's features, gzipped
/// only for a client that accepts it (unpacked here by Python's gzip), with the PNG tiles' validators.
@Suite struct VectorTileRouteTests {
    @Test func vectorTilesAreTheEncodersTilesGzippedWhenAsked() async throws {
        try await withServer { client in
            let style = try MapStyle.named("default"), store = try ImageRouteTests.store()
            let tile = try TileID(containing: Fixture.helsinki, zoom: 14)
            let uri = "/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y).mvt?category=eat,see&lang=lv"
            let features = try store.features(in: MapRenderer.fetchArea(Viewport(vectorTile: tile), style: style), categories: CategoryFilter(["eat", "see"]))
            let expected = try AnnotationVectorTile.encode(tile, features: features, categories: ["eat", "see"], style: style, language: "lv")
            #expect(!features.isEmpty && expected.count > 100)

            let plain = try await client.get(uri)
            #expect(plain.status == .ok && plain.headers[.contentType] == "application/vnd.mapbox-vector-tile")
            #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding")
            #expect(Data(buffer: plain.body) == expected)
            let etag = try #require(plain.headers[.eTag])

            let zipped = try await client.get(uri, headers: [.acceptEncoding: "deflate, gzip;q=0.8"])
            #expect(zipped.status == .ok && zipped.headers[.contentEncoding] == "gzip" && zipped.headers[.eTag] == "W/" + etag)
            #expect(zipped.body.readableBytes < expected.count)
            let unzipped = try await ChildProcess.output(of: "python3", ["-c", "import sys, gzip, base64; print(base64.b64encode(gzip.decompress(sys.stdin.buffer.read())).decode())"],
                                                         input: Data(buffer: zipped.body))
            #expect(Data(base64Encoded: unzipped.trimmingCharacters(in: .whitespacesAndNewlines)) == expected)

            for refused in ["gzip;q=0", "identity", "br", "gzip;q=0, *"] {
                let answer = try await client.get(uri, headers: [.acceptEncoding: refused])
                #expect(answer.headers[.contentEncoding] == nil && Data(buffer: answer.body) == expected, "Accept-Encoding: \(refused)")
            }
            for match in [etag, "W/" + etag] {
                let notModified = try await client.get(uri, headers: [.ifNoneMatch: match, .acceptEncoding: "gzip"])
                #expect(notModified.status == .notModified && notModified.body.readableBytes == 0, "If-None-Match: \(match)")
            }
            let hiDPI = try await client.get("/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y)@2x.mvt")
            #expect(hiDPI.status == .badRequest && String(buffer: hiDPI.body).contains("\"y\""), "\(String(buffer: hiDPI.body))")
        }
    }

    /// TileJSON leads a client to the tiles: its URL answers, every property a tile carries
    /// (decoded by mapbox-vector-tile) is among its layer's fields, and its bounds are the box
    /// round the category's places, found here by a query of the whole world.
    @Test func tileJSONLeadsToTheTiles() async throws {
        try await withServer { client in
            let answer = try await client.get("/v1/tiles.json?category=eat&lang=lv")
            #expect(answer.status == .ok && answer.headers[.contentType] == "application/json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? [String: Any])
            #expect(document["tilejson"] as? String == "3.0.0")
            let template = try #require((document["tiles"] as? [String])?.first)
            #expect(template.hasPrefix("http://") && template.hasSuffix("/v1/tiles/{z}/{x}/{y}.mvt?category=eat&lang=lv"), "\(template)")

            let store = try ImageRouteTests.store()
            let eat = try store.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), limit: 10_000,
                                              categories: ["eat"])).features.flatMap(\.geometry.coordinates)
            #expect(!eat.isEmpty && eat.count < 10_000, "one page holds them all")
            let expected = [eat.map(\.lon).min()!, eat.map(\.lat).min()!, eat.map(\.lon).max()!, eat.map(\.lat).max()!]
            let bounds = try #require(document["bounds"] as? [Double])
            #expect(bounds.count == 4 && zip(bounds, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(bounds) against \(expected)")

            let layers = try #require(document["vector_layers"] as? [[String: Any]])
            let fields = Dictionary(uniqueKeysWithValues: layers.map { ($0["id"] as! String, Set(($0["fields"] as! [String: String]).keys)) })
            let tile = try TileID(containing: Fixture.helsinki, zoom: 14)
            let path = template.replacingOccurrences(of: "{z}", with: "\(tile.z)").replacingOccurrences(of: "{x}", with: "\(tile.x)")
                .replacingOccurrences(of: "{y}", with: "\(tile.y)")
            let mvt = try await client.get(String(path[try #require(path.range(of: "/v1/")).lowerBound...]))
            #expect(mvt.status == .ok)
            let keys = try await ChildProcess.output(of: "python3", ["-c", """
                import sys, json, mapbox_vector_tile
                tile = mapbox_vector_tile.decode(sys.stdin.buffer.read())
                print(json.dumps({name: sorted({k for f in layer["features"] for k in f["properties"]}) for name, layer in tile.items()}))
                """], input: Data(buffer: mvt.body))
            let decoded = try #require(try JSONSerialization.jsonObject(with: Data(keys.utf8)) as? [String: [String]])
            #expect(Set(decoded.keys) == Set(fields.keys) && !(decoded["marks"] ?? []).isEmpty)
            for (layer, used) in decoded { #expect(Set(used).isSubset(of: fields[layer] ?? []), "\(layer): \(used)") }

            // Behind a proxy that ends TLS, an https page's tiles are https too.
            let proxied = try await client.get("/v1/tiles.json", headers: [PublicBase.forwardedProto: "https"])
            let proxiedTiles = try JSONSerialization.jsonObject(with: Data(buffer: proxied.body)) as? [String: Any]
            #expect((proxiedTiles?["tiles"] as? [String])?.first?.hasPrefix("https://") == true, "\(String(buffer: proxied.body))")

            let unknown = try await client.get("/v1/tiles.json?category=nope")
            #expect(unknown.status == .badRequest && String(buffer: unknown.body).contains("category"))
        }
    }
}
