import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import MapServer

/// /leaflet/ serves Leaflet's files by their exact names, the bytes of Debian's libjs-leaflet,
/// and nothing else: no NUL-truncated name, no redirect, no way out of the folder.
@Suite struct LeafletFileTests {
    static let folder = MapServerConfiguration(database: "").leafletFolder

    @Test func servesLeafletsFilesAsTheyAreOnDisk() async throws {
        try await withServer { client in
            for (name, type) in [("leaflet.css", "text/css"), ("leaflet.js", "text/javascript"), ("images/marker-icon.png", "image/png"),
                                 ("images/layers-2x.png", "image/png")] {
                let response = try await client.get("/leaflet/" + name)
                #expect(response.status == .ok && response.headers[.contentType]?.hasPrefix(type) == true, "\(name)")
                #expect(Data(buffer: response.body) == FileManager.default.contents(atPath: Self.folder + "/" + name), "\(name)")
            }
            let head = try await client.execute(uri: "/leaflet/leaflet.css", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentType]?.hasPrefix("text/css") == true)
        }
    }

    @Test func anyOtherPathIsAJSON404AndNeverARedirect() async throws {
        let paths = [
            "/leaflet/leaflet.css%00.png", "/leaflet/leaflet.css%00", "/leaflet//images", "/leaflet/images", "/leaflet/images/", "/leaflet/",
            "/leaflet//leaflet.css", "/leaflet/images//marker-icon.png", "/leaflet/./leaflet.css", "/leaflet/images/../leaflet.css",
            "/leaflet/../../../../etc/passwd", "/leaflet/..%2f..%2f..%2fetc%2fpasswd", "/leaflet/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
            "/leaflet/leaflet%2ecss", "/leaflet/leaflet.css/", "/leaflet/leaflet.css.gz", "/leaflet/leaflet.min.js.map", "/leaflet/LEAFLET.CSS",
            "/leaflet/nothing.js",
        ]
        try await withServer { client in
            for path in paths {
                let response = try await client.get(path)
                #expect(response.status == .notFound, "\(path): \(response.status) \(response.headers[.location] ?? "")")
                #expect(response.headers[.location] == nil, "\(path)")
                #expect(response.headers[.contentType] == "application/json", "\(path)")
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect((body?["error"] as? [String: Any])?["code"] as? String == "not_found", "\(path)")
            }
        }
    }
}
