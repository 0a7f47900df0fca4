import Foundation
import GeoCore
@testable import GeoStore
import MapRender
import PixelTesting
import Testing
import TestSupport
@testable import MapServer

/// The raster map page (`/raster`, Leaflet) in a real browser: headless Chromium (Debian's chromium, chromium-driver and
/// python3-selenium, driven by Tests/Browser/page_check.py) loads it from a live server; the
/// screenshot must show pins from our tiles in a category's colour, and after that category's
/// check-box is clicked, none of that colour while the others remain; a right-click lists the
/// nearest places with km, as brute force finds them; a click on a lone pin shows its name; its
/// name typed into the search box in lower case without diacritics is offered, and a click on it
/// moves the map to it.
@Suite struct BrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/page_check.py")

    @Test func thePageShowsOurPinsAndTogglingACategoryRemovesThem() async throws {
        let style = try MapStyle.named("default")
        let (eat, see) = (style.category("eat").color, style.category("see").color)
        // A lone pin in view (the page is opened on Helsinki at zoom 14): the place farthest from its neighbours.
        let view = Fixture.helsinki
        let inView = Fixture.shared.places.filter { abs($0.location!.lat - view.lat) < 0.007 && abs($0.location!.lon - view.lon) < 0.025 }
        let lone = try #require(inView.filter { $0.category != "eat" }.max { a, b in
            func gap(_ p: PlaceRecord) -> Double { inView.filter { $0.name != p.name }.map { Geodesic.distance($0.location!, p.location!) }.min()! }
            return gap(a) < gap(b)
        })
        try await withServer { client in
            let port = try #require(client.port)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-browser-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let (before, after) = (folder.appendingPathComponent("before.png"), folder.appendingPathComponent("after.png"))

            let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), [
                Self.script.path, "http://127.0.0.1:\(port)/raster#\(view.lat),\(view.lon),14", "eat", before.path, after.path,
                String(lone.location!.lat), String(lone.location!.lon),
                lone.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil), lone.name])
            try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "the browser run failed: \(run.stdout) \(run.stderr)")
            let report = Data(run.stdout.utf8)
            let result = try #require(try JSONSerialization.jsonObject(with: report) as? [String: Any])
            #expect(result["tiles_before"] as? Bool == true && result["tiles_after"] as? Bool == true, "tiles loaded")
            #expect(result["unchecked"] as? Bool == true)
            #expect((result["errors"] as? [String])?.isEmpty == true, "console errors: \(result["errors"] ?? "")")

            // Pixels of the map (left of the 260 px side panel) in each category's pin colour.
            func count(_ image: Pixels, _ colour: RGBA) -> Int {
                var n = 0
                for y in 0..<image.height { for x in 0..<min(image.width - 270, image.width) where image.near(x, y, colour, tolerance: 0.03) { n += 1 } }
                return n
            }
            let (first, second) = (try Pixels(png: Data(contentsOf: before)), try Pixels(png: Data(contentsOf: after)))
            #expect(count(first, eat) > 300, "eat pins on the page")
            #expect(count(first, see) > 300, "see pins on the page")
            #expect(count(second, eat) < 10, "eat switched off: \(count(second, eat)) pixels of its colour left")
            #expect(count(second, see) > 300, "see still there")

            // "Nearest to here", with "eat" unchecked: the ten nearest of the other categories.
            let at = (result["nearest_to"] as? String ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            try #require(at.count == 2, "the list names where it was asked for")
            let others = Set(Fixture.shared.rows.map(\.category)).subtracting(["eat"])
            let expected = Fixture.shared.nearest(Coordinate(lat: at[0], lon: at[1]), categories: others).prefix(10)
            let listed = result["nearest"] as? [String] ?? []
            #expect(listed.count == 10)
            for (item, want) in zip(listed, expected) {
                #expect(item == "\(want.name) \(String(format: "%.2f", want.distance / 1000)) km")
            }
            #expect((result["popup"] as? String ?? "").contains(lone.name), "the popup of \(lone.name)")
            #expect((result["search"] as? [String] ?? []).contains(lone.name), "searched for \(lone.name): \(result["search"] ?? "")")
            let went = result["went"] as? [Double] ?? []
            #expect(went.count == 3 && abs(went[0] - lone.location!.lat) < 1e-5 && abs(went[1] - lone.location!.lon) < 1e-5 && went[2] == 17,
                    "the map went to \(went), not to \(lone.location!) at zoom 17")
        }
    }
}
