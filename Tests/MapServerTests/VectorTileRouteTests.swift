import Foundation
import GeoCore
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
            let features = try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: CategoryFilter(["eat", "see"]))
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

            for refused in ["gzip;q=0", "identity", "br"] {
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
}
