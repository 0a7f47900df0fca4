import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
import MapRender
import PixelTesting
import Testing
import TestSupport
@testable import MapServer

/// The map page on a database of Roja alone (the guide's feed from Data/ and OpenStreetMap's
/// objects around Roja from ../shared), in headless Chromium (Tests/Browser/open_check.py): it
/// opens on the data, not on Helsinki, shows Roja's pins, credits OpenStreetMap, keeps its view
/// in the address, takes a view and categories from the address, and switches language.
@Suite struct RojaPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = root.appendingPathComponent("Tests/Browser/open_check.py")
    static let osm = root.deletingLastPathComponent().appendingPathComponent("shared/data/osm_derived/latvia_roja_area_all.geojson")
    static let beach = Coordinate(lat: 57.50935, lon: 22.80612)

    /// A new database of the guide's feed (lv + en) and the OpenStreetMap objects around Roja.
    static func rojaDatabase() throws -> String {
        let files = ["objekti.xml", "objekti-eng.xml"].map { root.appendingPathComponent("Data/travel-guide/\($0)").path } + [osm.path]
        // Some of the objects have no name (a problem each): the rest are what the page must show.
        return try temporaryDatabase(importing: try FileImport.parse(paths: files), skipInvalid: true)
    }

    /// The oracle of "the data": every named object's position in the OpenStreetMap file, and the guide's beach.
    static func dataBounds() throws -> (south: Double, west: Double, north: Double, east: Double) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: osm)) as? [String: Any])
        // Those with a name: the import leaves the others out.
        let named = (object["features"] as? [[String: Any]] ?? []).filter { (($0["properties"] as? [String: Any])?["name"] as? String)?.isEmpty == false }
        let points = named.compactMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [Double] }
        let lats = points.map { $0[1] } + [beach.lat], lons = points.map { $0[0] } + [beach.lon]
        return (lats.min()!, lons.min()!, lats.max()!, lons.max()!)
    }

    /// The page opened at `url`, once its tiles and (when given) `credit` are shown.
    func open(_ url: String, in folder: URL, language: String, credit: String = "") async throws -> (report: [String: Any], shot: Pixels) {
        let shot = folder.appendingPathComponent("page-\(UUID().uuidString).png")
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), [
            Self.script.path, url, shot.path, String(Self.beach.lat), String(Self.beach.lon), language, credit])
        try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "the browser run failed: \(run.stdout) \(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["tiles"] as? Bool == true, "tiles loaded")
        #expect((report["errors"] as? [String])?.isEmpty == true, "console errors: \(report["errors"] ?? "")")
        return (report, try Pixels(png: Data(contentsOf: shot)))
    }

    /// Pixels of `colour` on the map (left of the 260 px side panel), within `reach` of `point` when given.
    static func count(_ colour: RGBA, in shot: Pixels, near point: [Double]? = nil, within reach: Int = 40) -> Int {
        var n = 0
        let xs = point.map { max(0, Int($0[0]) - reach)..<min(shot.width - 270, Int($0[0]) + reach) } ?? 0..<(shot.width - 270)
        let ys = point.map { max(0, Int($0[1]) - reach)..<min(shot.height, Int($0[1]) + reach) } ?? 0..<shot.height
        for y in ys { for x in xs where shot.near(x, y, colour, tolerance: 0.03) { n += 1 } }
        return n
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: osm.path), "../shared/data is absent: the Roja page was not opened"))
    func thePageOpensOnRojaWithItsPinsAndTheOpenStreetMapCredit() async throws {
        let database = try Self.rojaDatabase()
        defer { try? FileManager.default.removeItem(atPath: (database as NSString).deletingLastPathComponent) }
        let style = try MapStyle.named("default")
        let bounds = try Self.dataBounds()
        try await withServer(database: database) { client in
            let port = try #require(client.port)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-browser-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }

            // Opened bare: fitted to the data, the credits of OpenStreetMap's objects, the view in the address.
            let (first, shot) = try await open("http://127.0.0.1:\(port)/raster", in: folder, language: "lv", credit: "© OpenStreetMap contributors")
            let view = try #require(first["view"] as? [String: Any])
            let (south, west, north, east) = (view["south"] as? Double ?? 0, view["west"] as? Double ?? 0, view["north"] as? Double ?? 0, view["east"] as? Double ?? 0)
            #expect(south <= bounds.south && west <= bounds.west && north >= bounds.north && east >= bounds.east,
                    "the view \(view) holds every object \(bounds)")
            #expect(north - south < 4 * (bounds.north - bounds.south), "fitted to the data, not the world: \(view)")
            #expect((first["attribution"] as? String ?? "").contains("© OpenStreetMap contributors"), "\(first["attribution"] ?? "")")
            let hash = try #require((view["hash"] as? String)?.firstMatch(of: #/^#(-?[0-9.]+),(-?[0-9.]+),([0-9]+)$/#), "\(view["hash"] ?? "")")
            #expect(Int(hash.3) == view["zoom"] as? Int)
            #expect((south...north).contains(Double(hash.1)!) && (west...east).contains(Double(hash.2)!))

            // Roja's marks on the screenshot: the rings of the villages and places around it (the beach is one of a ring here).
            let cityPixels = Self.count(style.category("city").color, in: shot)
            #expect(cityPixels > 100, "the villages around Roja: \(cityPixels) pixels of their colour")

            // The language switch: the labels in Latvian (the seed's words), and the address says so.
            #expect((first["labels_after"] as? [String] ?? []).contains { $0.hasPrefix("Ko darīt") }, "\(first["labels_after"] ?? "")")
            #expect((first["labels"] as? [String] ?? []).contains { $0.hasPrefix("What to do") }, "\(first["labels"] ?? "")")
            #expect((first["address"] as? String ?? "").contains("lang=lv"))

            // Opened on a view and a category from the address: that view, only that category checked.
            let (second, beachShot) = try await open("http://127.0.0.1:\(port)/raster?category=do#57.50935,22.80612,15", in: folder, language: "cs")
            let asked = try #require(second["view"] as? [String: Any])
            // The beach alone, its pin in the colour of "do" where Leaflet puts its point.
            let pin = try #require(asked["pin"] as? [Double])
            let doPixels = Self.count(style.category("do").color, in: beachShot, near: pin)
            #expect(doPixels > 100, "the beach's pin at \(pin): \(doPixels) pixels of its colour")
            #expect(asked["zoom"] as? Int == 15)
            let centre = ((asked["south"] as! Double + (asked["north"] as! Double)) / 2, (asked["west"] as! Double + (asked["east"] as! Double)) / 2)
            #expect(abs(centre.0 - 57.50935) < 0.001 && abs(centre.1 - 22.80612) < 0.001, "\(asked)")
            #expect(second["checked"] as? [String] == ["do"])
            #expect((second["labels_after"] as? [String] ?? []).contains { $0.hasPrefix("Co dělat") }, "\(second["labels_after"] ?? "")")
        }
    }
}
