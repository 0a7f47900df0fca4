import BaseData
import Foundation
import GeoCore
import TestSupport
import Testing

@Suite struct VectorImportTests {
    /// A file in another CRS (the Finnish ETRS-TM35FIN) comes back in WGS84 longitude/latitude.
    @Test func reprojectsToWGS84() async throws {
        let fixture = try BaseFixture()
        let json = fixture.path("lakes.geojson")
        let ring = [[24.9, 60.1], [25.0, 60.1], [25.0, 60.2], [24.9, 60.1]]
        try Data("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"Järvi","name_sv":"Sjö"},"geometry":{"type":"Polygon","coordinates":[\(ring)]}}]}
            """.utf8).write(to: URL(fileURLWithPath: json))
        let shapefile = fixture.path("finnish_lakes.shp")
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "ESRI Shapefile", "-t_srs", "EPSG:3067", shapefile, json])
        try fixture.importBase([shapefile])
        let lake = try #require(try fixture.features(zoom: 20).first)
        #expect(lake.layer == .water && lake.kind == "lake" && lake.name == "Järvi" && lake.names == ["sv": "Sjö"])
        guard case let .polygon(rings) = lake.geometry else { Issue.record("not a polygon: \(lake.geometry)"); return }
        // The Shapefile writer turns outer rings clockwise: compare as sets of corners.
        let corners = Set(rings[0].map { "\(($0.lon * 1e6).rounded()),\(($0.lat * 1e6).rounded())" })
        #expect(corners == Set(ring.map { "\(($0[0] * 1e6).rounded()),\(($0[1] * 1e6).rounded())" }))
    }

    @Test(.enabled(if: hasNaturalEarth, "../shared/data/naturalearth is absent: Natural Earth was not imported"))
    func naturalEarthFiles() async throws {
        let fixture = try BaseFixture()
        let files = ["ne_50m_lakes", "ne_50m_land", "ne_50m_rivers_lake_centerlines", "ne_110m_populated_places", "ne_110m_admin_0_countries"]
            .map { naturalEarth.appendingPathComponent("\($0).geojson").path }
        let summary = try fixture.importBase(files)
        var counts: [BaseLayer: Int] = [:]
        for (file, layer) in zip(files, [BaseLayer.water, .land, .waterway, .place, .place]) {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            counts[layer, default: 0] += try await ogrCount(file, "SELECT count(*) FROM \"\(name)\" WHERE geometry IS NOT NULL")
        }
        // Each country is a place, its name (its land borders: CountryBordersTests).
        for layer in [BaseLayer.water, .land, .waterway, .place] { #expect(summary.features[layer] == counts[layer], "\(layer)") }
        #expect(summary.features[.border, default: 0] > 0)
        let places = try fixture.features(zoom: 20).filter { $0.layer == .place }
        let riga = try #require(places.first { $0.name == "Riga" })
        #expect(riga.kind == "city" && riga.rank > 500_000)
        #expect(riga.names["de"] == "Riga" && riga.names["ru"] == "Рига")
        // The largest first, in each layer.
        #expect(places.map(\.rank) == places.map(\.rank).sorted(by: >))
    }
}
