import Foundation
import GeoCore
import GeoStore
import MapRender
import Stores
import Testing
import TestSupport

/// The base's names carried in the annotation vector tile (`base=1`), which the MapLibre page
/// draws where the server placed them: over the dense core of central Helsinki, where MapLibre
/// placing the base tiles' names itself among the marks named one street, the tile names several,
/// each set along its own street. Decoded by mapbox-vector-tile (Tests/VectorTileClients/names_check.py),
/// measured against the store's streets projected by the checker.
@Suite struct AnnotationTileNamesTests {
    static let script = packageRoot.appendingPathComponent("Tests/VectorTileClients/names_check.py").path

    @Test func theDenseCoresTileNamesItsStreetsAlongThem() async throws {
        let fixture = try TileSeamTests.database()
        let style = try MapStyle.named("default"), size = try #require(style.base).labels.fontSize
        // MapLibre's zoom 15 over the station: the page at the tiles' zoom 16.
        let tile = try TileID(containing: TileSeamTests.centre, zoom: 15), viewport = Viewport(vectorTile: tile)
        let features = try fixture.store.features(in: MapRenderer.fetchArea(viewport, style: style), categories: CategoryFilter())
        let base = try fixture.store.baseFeatures(for: viewport, style: style)
        let streets = base.filter { $0.layer == .road && $0.name != nil }.map { ["name": $0.name!, "geometry": BaseVectorTileTests.geoJSON($0.geometry)] as [String: Any] }

        func decoded(_ mvt: Data, _ name: String) async throws -> (names: [[String: Any]], marks: Int) {
            let path = fixture.path(name)
            try mvt.write(to: URL(fileURLWithPath: path))
            let input = try JSONSerialization.data(withJSONObject: ["tile": [tile.z, tile.x, tile.y], "path": path, "streets": streets])
            let output = try await ChildProcess.output(of: "python3", [Self.script], input: input)
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
            return (answer["names"] as? [[String: Any]] ?? [], answer["marks"] as? Int ?? 0)
        }
        let named = try await decoded(try AnnotationVectorTile.encode(tile, features: features, style: style, base: base), "names.mvt")
        let alone = try await decoded(try AnnotationVectorTile.encode(tile, features: features, style: style), "alone.mvt")

        #expect(alone.names.isEmpty && alone.marks == named.marks && named.marks > 50, "the marks: \(named.marks) and \(alone.marks); \(alone.names.count) names alone")
        let along = named.names.filter { $0["type"] as? String == "LineString" && $0["kind"] as? String == "street" }
        #expect(Set(along.compactMap { $0["text"] as? String }).count >= 2, "streets named in the core: \(along.map { $0["text"] ?? "" })")
        for name in along {
            // The line's middle, where the client sets the name, on its street: the name's middle
            // lies 0.075 of its size below the street's centre line (`BaseLabels` sets the baseline
            // 0.35 below it), so within 0.2 (tile units: 8 a pixel of the 512 px layout).
            let distance = try #require(name["distance"] as? Double, "\(name["text"] ?? "") names no street of the tile")
            #expect(distance < size * 0.2 * 8, "\(name["text"] ?? "") stands \(distance / 8) px off its street")
        }
    }
}
