import BaseData
import Foundation
import GeoCore
import TestSupport
import Testing

/// Bad files are refused whole, with the file and the reason, and leave the database as it was.
@Suite struct BaseImportRefusalTests {
    /// The OSM driver stops at a damaged block as if the file ended there; its error is what tells.
    @Test func truncatedExtractIsRefused() throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let before = try fixture.counts()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: helsinki))
        // The same name, so that a half-read import would have replaced the whole one.
        let truncated = fixture.path("Helsinki.osm.pbf")
        try bytes.prefix(bytes.count * 6 / 10).write(to: URL(fileURLWithPath: truncated))
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([truncated]) }
        #expect(error.file == truncated)
        #expect(error.reason.contains("pars"), "\(error.reason)")
        #expect(try fixture.counts() == before)
    }

    /// A ring of three points (two distinct): no map can hold it, and the file is refused, not
    /// its valid feature stored.
    @Test func shapefileWithBrokenGeometryIsRefused() async throws {
        let fixture = try BaseFixture()
        let json = fixture.path("broken.geojson")
        try Data("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"whole"},"geometry":{"type":"Polygon","coordinates":[[[24,60],[25,60],[25,61],[24,60]]]}},
            {"type":"Feature","properties":{"name":"broken"},"geometry":{"type":"Polygon","coordinates":[[[24,60],[25,60],[24,60]]]}}]}
            """.utf8).write(to: URL(fileURLWithPath: json))
        let shapefile = fixture.path("broken_land.shp")
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "ESRI Shapefile", shapefile, json])
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([shapefile]) }
        #expect(error.file == shapefile)
        #expect(error.reason.contains("ring"), "\(error.reason)")
        #expect(try fixture.counts().isEmpty)
    }

    @Test func shapefileWithoutIndexIsRefused() async throws {
        let fixture = try BaseFixture()
        let json = fixture.path("lakes.geojson")
        try Data("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"lake"},"geometry":{"type":"Polygon","coordinates":[[[24,60],[25,60],[25,61],[24,60]]]}}]}
            """.utf8).write(to: URL(fileURLWithPath: json))
        let shapefile = fixture.path("some_lakes.shp")
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "ESRI Shapefile", shapefile, json])
        try FileManager.default.removeItem(atPath: fixture.path("some_lakes.shx"))
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([shapefile]) }
        #expect(error.reason.contains(".shx"), "\(error.reason)")
        #expect(try fixture.counts().isEmpty)
    }

    @Test func unknownLayerNamesTheNamesUnderstood() throws {
        let fixture = try BaseFixture()
        let json = fixture.path("ponds.geojson")
        try Data("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"pond","name_lv":"dīķis"},"geometry":{"type":"Polygon","coordinates":[[[24,60],[25,60],[25,61],[24,60]]]}}]}
            """.utf8).write(to: URL(fileURLWithPath: json))
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([json]) }
        #expect(error.reason.contains("'ponds'") && error.reason.contains("lakes") && error.reason.contains("--layer"), "\(error.reason)")
        // Said what it is, it is imported, names and all.
        try fixture.importBase([json], layer: .water)
        let pond = try #require(try fixture.features(zoom: 20).first)
        #expect(pond.layer == .water && pond.name == "pond" && pond.names == ["lv": "dīķis"])
    }

    @Test func missingFileIsNamed() throws {
        let fixture = try BaseFixture()
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([fixture.path("nowhere.osm.pbf")]) }
        #expect(error.description.contains("nowhere.osm.pbf"))
    }
}
