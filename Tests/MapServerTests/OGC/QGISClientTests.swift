import Foundation
import GeoCore
import GeoStore
import HummingbirdTesting
import NIOCore
import Testing
import TestSupport
@testable import MapServer

/// QGIS 3.22 (Debian's python3-qgis, headless) reads a live server as a QGIS user's project does:
/// the `poi` collection through its OAPIF provider, and the annotation vector tiles as a vector
/// tile layer that it draws (Tests/OGCClients/qgis_read.py). The features are compared with the
/// store's count and the fixture's records (brute force); the drawn tile with what
/// mapbox-vector-tile decodes of the same tile.
@Suite struct QGISClientTests {
    static let script = OGCClientTests.root.appendingPathComponent("Tests/OGCClients/qgis_read.py")
    /// Debian's python, which python3-qgis installs into (a python3 first on the PATH may be another).
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    /// Pixels across the drawn tile; each mark is a 5-pixel square of its colour.
    static let size = 512

    @Test func qgisReadsTheCollectionAndDrawsTheVectorTiles() async throws {
        let box = try BoundingBox(parsing: "24.93,60.16,24.96,60.18"), tile = try TileID(containing: Fixture.helsinki, zoom: 14)
        let places = Fixture.shared.places, eat = Set(places.filter { $0.category == "eat" }.map(\.name))
        try await withServer { client in
            let port = try #require(client.port), stored = try OGCClientTests.stored(.poi)
            let mvt = try await client.get("/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y).mvt")
            #expect(mvt.status == .ok)
            let marks = try await Self.decodedMarks(Data(buffer: mvt.body))
            let (shown, empty) = Self.pixelsToLookAt(marks)
            try #require(shown.count >= 5 && empty.count >= 5, "too few marks to look at: \(marks)")

            var environment = ProcessInfo.processInfo.environment
            environment["QT_QPA_PLATFORM"] = "offscreen"
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-qgis-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            // QGIS keeps its settings and network cache under HOME: a fresh one, as on a clean machine.
            environment["HOME"] = home.path
            let asked = (shown.map(\.pixel) + empty).map { [$0.x, $0.y] }
            let run = try await ChildProcess.run(Self.python, [
                Self.script.path, "http://127.0.0.1:\(port)/ogc", "24.93,60.16,24.96,60.18", "eat",
                "http://127.0.0.1:\(port)/v1/tiles/{z}/{x}/{y}.mvt", "\(tile.z)", "\(tile.x)", "\(tile.y)", "\(Self.size)",
            ], environment: environment, input: try JSONSerialization.data(withJSONObject: asked))
            try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "QGIS failed (is python3-qgis installed? scripts/install-deps.sh): \(run.stderr)")
            let read = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")

            let every = read["every"] as! [String]
            #expect(every.count == stored && Set(every) == Set(places.map(\.name)) && every.count == places.count)
            #expect(read["counted"] as? Int == stored, "featureCount after reading every feature: \(read["counted"] ?? "none")")
            let boxed = read["boxed"] as! [String]
            #expect(Set(boxed) == Fixture.shared.inBox(box, categories: OGCFeaturesTests.poiCategories) && boxed.count == Set(boxed).count && !boxed.isEmpty)
            let subset = read["subset"] as! [String]
            #expect(Set(subset) == eat && subset.count == eat.count)

            #expect(read["tilesValid"] as? Bool == true && read["tilesZooms"] as? [Int] == [0, tile.z])
            #expect(read["image"] as? [Int] == [Self.size, Self.size])
            let colours = read["pixels"] as! [String]
            for (mark, colour) in zip(shown, colours) {
                #expect(colour == mark.colour.lowercased(), "the mark at \(mark.pixel) (tile units \(mark.x), \(mark.y)) drawn \(colour)")
            }
            for (pixel, colour) in zip(empty, colours.dropFirst(shown.count)) {
                #expect(colour == "#ffffff", "\(pixel), far from every mark, drawn \(colour)")
            }
        }
    }

    struct Mark {
        let x: Double, y: Double, colour: String
        var pixel: (x: Int, y: Int) { (Int(x * Double(QGISClientTests.size) / 4096), Int(y * Double(QGISClientTests.size) / 4096)) }
    }

    /// The tile's `marks` as mapbox-vector-tile (PyPI, the python3 on the PATH) decodes them:
    /// position in tile units, y down, and colour.
    static func decodedMarks(_ tile: Data) async throws -> [Mark] {
        let output = try await ChildProcess.output(of: "python3", ["-c", """
            import sys, json, mapbox_vector_tile
            tile = mapbox_vector_tile.decode(sys.stdin.buffer.read(), default_options={"y_coord_down": True})
            assert tile["marks"]["extent"] == 4096
            print(json.dumps([f["geometry"]["coordinates"] + [f["properties"]["color"]] for f in tile["marks"]["features"]]))
            """], input: tile)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[Any]])
        func number(_ value: Any) -> Double { (value as? Double) ?? Double(value as! Int) }
        return rows.map { Mark(x: number($0[0]), y: number($0[1]), colour: $0[2] as! String) }
    }

    /// The marks whose centre pixel no other mark's square reaches, inside the tile (away from its
    /// neighbours' marks) and opaque (`#RRGGBB`); and pixels on a grid far from every mark.
    static func pixelsToLookAt(_ marks: [Mark]) -> (shown: [Mark], empty: [(x: Int, y: Int)]) {
        func apart(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int), _ d: Int) -> Bool { max(abs(a.x - b.x), abs(a.y - b.y)) >= d }
        let inside = 16..<(size - 16)
        let shown = marks.enumerated().filter { i, mark in
            mark.colour.count == 7 && inside.contains(mark.pixel.x) && inside.contains(mark.pixel.y)
                && marks.enumerated().allSatisfy { j, other in i == j || apart(mark.pixel, other.pixel, 6) }
        }.map(\.element)
        let grid = stride(from: 24, to: size - 16, by: 32).flatMap { x in stride(from: 24, to: size - 16, by: 32).map { (x: x, y: $0) } }
        return (shown, grid.filter { p in marks.allSatisfy { apart(p, $0.pixel, 12) } })
    }
}
