import Foundation
import GeoCore
import GeoStore
import PixelTesting
import SpatiaLiteStore
import Stores
import Testing
@testable import MapRender

/// Maps of the real Data/ against images reviewed by eye and committed (Tests/MapRenderTests/
/// Golden/). Text and anti-aliasing may shift a little between Cairo and FreeType versions, so
/// an image matches when few pixels differ by more than a small amount. To accept a change,
/// run with WAYMARK_UPDATE_GOLDEN=1, look at every rewritten image, and commit them.
@Suite struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The default dataset, imported once into a scratch database; each test opens its own connection.
    static let database: Result<String, any Error> = Result {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-golden-\(UUID().uuidString).sqlite").path
        try DefaultDataset.importAll(from: root.appendingPathComponent("Data"), into: SpatiaLiteStore(path: path))
        return path
    }

    func store() throws -> SpatiaLiteStore { try SpatiaLiteStore(path: Self.database.get()) }

    struct Map: CustomTestStringConvertible, Sendable {
        let name: String
        let categories: CategoryFilter
        let framing: Framing
        let size: (Double, Double)
        var scale = 1.0
        var styleName = "default"
        var language: String?
        var epsg = 3857
        var testDescription: String { name }
    }

    static let maps: [Map] = [
        // The demo's map: central Helsinki's places to eat, see and stay, cinemas and waters.
        Map(name: "helsinki-centre", categories: ["eat", "see", "stay", "cinema", "water"],
            framing: .bbox(BoundingBox(minLon: 24.925, minLat: 60.162, maxLon: 24.96, maxLat: 60.175)), size: (800, 600)),
        // Roja's beach from the travel guide and the towns of northern Kurzeme, in Latvian (ā, ē, ī, ū, ļ, ņ, š, ž).
        Map(name: "kurzeme-lv", categories: ["do", "see", "eat", "city"],
            framing: .bbox(BoundingBox(minLon: 21.9, minLat: 57.0, maxLon: 23.3, maxLat: 57.8)), size: (640, 480), language: "lv"),
        // The angler's trips in Slovenia and Istria: tracks with start and end marks, at HiDPI.
        Map(name: "trips-hidpi", categories: ["trip"], framing: .fit(padding: 24, maxZoom: 16), size: (480, 360), scale: 2),
        // Czech towns for print, in S-JTSK / Krovak (EPSG:5514) through PROJ (ě, š, č, ř, ž, ů).
        Map(name: "moravia-print-krovak", categories: ["city"],
            framing: .bbox(BoundingBox(minLon: 16.3, minLat: 48.9, maxLon: 17.0, maxLat: 49.35)), size: (640, 480),
            styleName: "print", epsg: 5514),
    ]

    @Test(arguments: maps)
    func mapMatchesItsGolden(_ map: Map) throws {
        let store = try store()
        let request = try MapRequest(features: [], projection: ProjectedCRS.projection(epsg: map.epsg), categories: map.categories,
                                     framing: map.framing, width: map.size.0, height: map.size.1, scale: map.scale,
                                     style: MapStyle.named(map.styleName), language: map.language)
            .fetchingFeatures(from: store)
        #expect(!request.features.isEmpty)
        try compare(MapRenderer.render(request), golden: map.name)
    }

    @Test func annotationTileMatchesItsGolden() throws {
        let store = try store()
        let style = try MapStyle.named("default")
        let tile = try TileID(containing: Coordinate(lat: 60.1686, lon: 24.9414), zoom: 16)
        let features = try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: CategoryFilter())
        try compare(MapRenderer.renderTile(tile, features: features, scale: 2, style: style), golden: "tile-16-helsinki@2x")
    }

    func compare(_ png: Data, golden name: String) throws {
        let file = Self.folder.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["WAYMARK_UPDATE_GOLDEN"] == "1" || !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try png.write(to: file)
            Issue.record("wrote \(file.path): look at it, and commit it if it is right")
            return
        }
        let actual = try Pixels(png: png), expected = try Pixels(png: Data(contentsOf: file))
        try #require(actual.width == expected.width && actual.height == expected.height)
        var differing = 0
        for (a, b) in zip(actual.data, expected.data) where TileTests.channelDifference(a, b) > 48 { differing += 1 }
        // A label is ~250 such pixels and a pin ~550: a few glyphs drawn a little differently
        // pass, a pin moved or a label lost does not.
        let allowed = min(150, actual.data.count / 4_000)
        if differing > allowed {
            let rejected = FileManager.default.temporaryDirectory.appendingPathComponent(name + "-actual.png")
            try? png.write(to: rejected)
            Issue.record("\(name): \(differing) pixels differ from the golden (at most \(allowed)); this render: \(rejected.path)")
        }
    }
}
