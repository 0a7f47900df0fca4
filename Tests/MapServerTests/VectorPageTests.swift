import Foundation
import GeoCore
import MapRender
import PixelTesting
import Testing
import TestSupport
@testable import GeoStore
@testable import MapServer

/// The vector map page in a real browser: headless Chromium with WebGL (SwiftShader), driven by
/// Tests/Browser/vector_check.py, draws `/v1/style.json` with MapLibre GL JS from a live server.
/// Where the test itself projects a lone place (Web Mercator, from the view the page reports), the
/// screenshot has its category's colour; after that category's check-box is clicked, none of it is
/// left while another category's remains; its name typed into the search box, lower case without
/// diacritics, is offered and a click moves the map to it at zoom 17.
@Suite struct VectorPageTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/vector_check.py")

    @Test func theVectorPageDrawsOurPinsAndTogglingACategoryRemovesThem() async throws {
        let style = try MapStyle.named("default")
        let (eat, see) = (style.category("eat").color, style.category("see").color)
        let view = Fixture.helsinki
        let inView = Fixture.shared.places.filter { abs($0.location!.lat - view.lat) < 0.007 && abs($0.location!.lon - view.lon) < 0.025 }
        // A lone "see" place: the one farthest from its neighbours, so that its pin stands alone.
        let lone = try #require(inView.filter { $0.category == "see" }.max { a, b in
            func gap(_ p: PlaceRecord) -> Double { inView.filter { $0.name != p.name }.map { Geodesic.distance($0.location!, p.location!) }.min()! }
            return gap(a) < gap(b)
        })
        try await withServer { client in
            let port = try #require(client.port)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-vector-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (before, after) = (folder.appendingPathComponent("before.png"), folder.appendingPathComponent("after.png"))

            let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), [
                Self.script.path, "http://127.0.0.1:\(port)/#\(view.lat),\(view.lon),14", "eat", before.path, after.path,
                lone.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil), lone.name])
            try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "the browser run failed: \(run.stdout) \(run.stderr)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(result["idle_before"] as? Bool == true && result["idle_after"] as? Bool == true, "the map drew its tiles: \(result)")
            #expect(result["unchecked"] as? Bool == true)
            #expect((result["errors"] as? [String])?.isEmpty == true, "console errors: \(result["errors"] ?? "")")

            // The view the page opened on: the address's, MapLibre's zoom one less than the tiles'.
            let shown = try #require(result["view"] as? [Double])
            try #require(shown.count == 5)
            #expect(abs(shown[0] - view.lat) < 1e-6 && abs(shown[1] - view.lon) < 1e-6 && abs(shown[2] - 13) < 1e-9, "opened on \(shown)")
            func mercator(_ c: Coordinate) -> (x: Double, y: Double) {
                let phi = c.lat * .pi / 180
                return ((c.lon + 180) / 360, (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2)
            }
            let world = 512 * pow(2, shown[2])
            let (centre, point) = (mercator(Coordinate(lat: shown[0], lon: shown[1])), mercator(lone.location!))
            let x = Int((shown[3] / 2 + (point.x - centre.x) * world).rounded())
            let y = Int((shown[4] / 2 + (point.y - centre.y) * world).rounded())

            let (first, second) = (try Pixels(png: Data(contentsOf: before)), try Pixels(png: Data(contentsOf: after)))
            func count(_ image: Pixels, _ colour: RGBA, x xs: Range<Int>, y ys: Range<Int>) -> Int {
                var n = 0
                for y in ys.clamped(to: 0..<image.height) { for x in xs.clamped(to: 0..<image.width) where image.near(x, y, colour, tolerance: 0.03) { n += 1 } }
                return n
            }
            let map = (x: 0..<Int(shown[3]), y: 0..<Int(shown[4]))
            #expect(count(first, eat, x: map.x, y: map.y) > 300, "eat pins on the page")
            #expect(count(first, see, x: map.x, y: map.y) > 300, "see pins on the page")
            // The pin stands on its point: its body is within the 24 × 34 px above it.
            #expect(count(first, see, x: (x - 12)..<(x + 13), y: (y - 34)..<(y + 2)) > 20, "\(lone.name)'s pin at (\(x), \(y))")
            #expect(count(second, eat, x: map.x, y: map.y) < 10, "eat switched off")
            #expect(count(second, see, x: map.x, y: map.y) > 300, "see still there")
            #expect(count(second, see, x: (x - 12)..<(x + 13), y: (y - 34)..<(y + 2)) > 20, "\(lone.name)'s pin still there")

            #expect((result["search"] as? [String] ?? []).contains(lone.name), "searched for \(lone.name): \(result["search"] ?? "")")
            let went = result["went"] as? [Double] ?? []
            #expect(went.count == 3 && abs(went[0] - lone.location!.lat) < 1e-5 && abs(went[1] - lone.location!.lon) < 1e-5 && went[2] == 17,
                    "the map went to \(went), not to \(lone.location!) at zoom 17")
            #expect((result["address"] as? String ?? "").hasSuffix(",17"), "the address has the view: \(result["address"] ?? "")")
        }
    }
}
