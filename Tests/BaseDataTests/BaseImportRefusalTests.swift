import BaseData
import Foundation
import GeoCore
import TestSupport
import Testing

/// Bad files are refused whole, with the file and the reason, and leave the database as it was.
@Suite struct BaseImportRefusalTests {
    /// One lake, as a lakes layer of GeoJSON holds it.
    static let oneLake = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"lake"},"geometry":{"type":"Polygon","coordinates":[[[24,60],[25,60],[25,61],[24,60]]]}}]}
        """

    /// Cut inside a block: the walk of the file's blocks finds the last one short (GDAL's OSM driver
    /// would stop there as if the file ended, with an error).
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
        #expect(error.reason.contains("ends inside its block") && error.reason.contains("cut short"), "\(error.reason)")
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

    /// The issue's invalid areas, each beside a valid lake in a lakes file: refused, naming the
    /// file, the layer, the feature and the fault, and the stored base left as it was.
    @Test(arguments: [
        ("[[[24,60],[25,61],[25,60],[24,61],[24,60]]]", "ring 0 crosses itself near 24.5,60.5"),
        ("[[[24,60],[25,60],[25,61],[24,61],[24,60]],[[26,62],[27,62],[27,63],[26,62]]]", "ring 1 (a hole) lies outside its shell near 26.0,62.0"),
        ("[[[24,60],[24,60],[24,60],[24,60]]]", "ring 0 has 1 distinct position(s), needs at least 3 near 24.0,60.0"),
    ])
    func vectorFileWithInvalidAreaIsRefused(coordinates: String, reason: String) throws {
        try refusedWithOneLakeBefore(#"{"type":"Polygon","coordinates":\#(coordinates)}"#, "layer 'bad_lakes', feature 1: geometry: " + reason)
    }

    @Test func vectorFileWithOverlappingPartsIsRefused() throws {
        try refusedWithOneLakeBefore(#"{"type":"MultiPolygon","coordinates":[[[[24,60],[26,60],[26,62],[24,62],[24,60]]],[[[25,61],[27,61],[27,63],[25,63],[25,61]]]]}"#,
                                     "layer 'bad_lakes', feature 1: geometry: parts 0 and 1 overlap")
    }

    private func refusedWithOneLakeBefore(_ geometry: String, _ reason: String) throws {
        let fixture = try BaseFixture()
        let good = fixture.path("good_lakes.geojson")
        try Data(Self.oneLake.utf8).write(to: URL(fileURLWithPath: good))
        try fixture.importBase([good])
        let before = try fixture.counts()
        let bad = fixture.path("bad_lakes.geojson")
        try Data("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"whole"},"geometry":{"type":"Polygon","coordinates":[[[24,60],[25,60],[25,61],[24,60]]]}},
            {"type":"Feature","properties":{"name":"invalid"},"geometry":\(geometry)}]}
            """.utf8).write(to: URL(fileURLWithPath: bad))
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([good, bad]) }
        #expect(error.file == bad)
        #expect(error.reason.hasPrefix(reason), "\(error.reason)")
        #expect(try fixture.counts() == before)
    }

    /// Natural Earth's 767 European lakes as a Shapefile: without its .dbf GDAL would read every
    /// lake with no name; refused, naming the missing file. With it, they import, named.
    @Test(.enabled(if: hasNaturalEarth, "../shared/data/naturalearth is absent: a real Shapefile was not made"))
    func shapefileWithoutItsDBFIsRefused() async throws {
        let fixture = try BaseFixture()
        let shapefile = fixture.path("ne_10m_lakes_europe.shp")
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "ESRI Shapefile", shapefile,
                                                          naturalEarth.appendingPathComponent("ne_10m_lakes_europe.geojson").path])
        let dbf = fixture.path("ne_10m_lakes_europe.dbf")
        let kept = fixture.path("kept.dbf")
        try FileManager.default.moveItem(atPath: dbf, toPath: kept)
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([shapefile]) }
        #expect(error.file == shapefile)
        #expect(error.reason.contains("ne_10m_lakes_europe.dbf is missing"), "\(error.reason)")
        #expect(try fixture.counts().isEmpty)
        try FileManager.default.moveItem(atPath: kept, toPath: dbf)
        let summary = try fixture.importBase([shapefile])
        #expect(summary.features[.water] == 767)
        let named = try await ogrCount(shapefile, "SELECT count(*) FROM ne_10m_lakes_europe WHERE name IS NOT NULL AND name <> ''")
        #expect(named > 300)
        #expect(try fixture.features(zoom: 20).count { $0.name?.isEmpty == false } == named)
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

    /// Andorra's extract without its last block (of 11): every block whole, its relations and
    /// last ways missing. Nothing in the file tells (PBF has no count and no end mark); it would
    /// store fewer features than the whole extract it replaces, which is refused.
    @Test(.enabled(if: hasAndorra, "../shared/data/osm/andorra.osm.pbf is missing"))
    func anExtractCutBetweenBlocksReplacesNothing() throws {
        let fixture = try BaseFixture()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: andorra))
        let copy = URL(fileURLWithPath: fixture.path("andorra.osm.pbf"))
        try bytes.write(to: copy)
        try fixture.importBase([copy.path])
        let before = try fixture.counts()
        try bytes.prefix(513_483).write(to: copy)
        let error = try #require(throws: (any Error).self) { try fixture.importBase([copy.path]) }
        let whole = before.filter { $0.key.hasPrefix("z20 ") }.values.reduce(0, +)
        #expect("\(error)".contains("\(whole)") && "\(error)".contains("andorra.osm.pbf"), "\(error)")
        #expect(try fixture.counts() == before)
    }

    /// Cut inside its nodes, on a block boundary (5 of 11 blocks): no ways at all, and its tagged
    /// nodes stop short of the east of the box its header gives. Refused even into an empty map.
    @Test(.enabled(if: hasAndorra, "../shared/data/osm/andorra.osm.pbf is missing"))
    func anExtractShortOfItsBoxIsRefused() throws {
        let fixture = try BaseFixture()
        let cut = fixture.path("andorra.osm.pbf")
        try Data(contentsOf: URL(fileURLWithPath: andorra)).prefix(195_150).write(to: URL(fileURLWithPath: cut))
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([cut]) }
        #expect(error.reason.contains("east") && error.reason.contains("box"), "\(error.reason)")
        #expect(try fixture.counts().isEmpty)
    }

    /// The header block alone: a well-formed start, no data.
    @Test func anExtractOfItsHeaderAloneIsRefused() throws {
        let fixture = try BaseFixture()
        let header = fixture.path("Helsinki.osm.pbf")
        try Data(contentsOf: URL(fileURLWithPath: helsinki)).prefix(98).write(to: URL(fileURLWithPath: header))
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([header]) }
        #expect(error.reason.contains("header block alone"), "\(error.reason)")
        #expect(try fixture.counts().isEmpty)
    }

    /// The content decides the format, and a name that says otherwise is refused rather than
    /// read for what it is not: GeoJSON named .osm.pbf, an extract named .geojson.
    @Test func aNameThatBeliesTheContentIsRefused() throws {
        let fixture = try BaseFixture()
        let lakes = fixture.path("lakes.osm.pbf")
        try Data(Self.oneLake.utf8).write(to: URL(fileURLWithPath: lakes))
        let geojson = try #require(throws: BaseReadError.self) { try fixture.importBase([lakes]) }
        #expect(geojson.reason.contains("GeoJSON") && geojson.reason.contains("OpenStreetMap"), "\(geojson.reason)")
        let extract = fixture.path("ne_10m_lakes.geojson")
        try FileManager.default.copyItem(atPath: helsinki, toPath: extract)
        let osm = try #require(throws: BaseReadError.self) { try fixture.importBase([extract]) }
        #expect(osm.reason.contains("OpenStreetMap"), "\(osm.reason)")
        #expect(try fixture.counts().isEmpty)
    }

    /// A VRT file under a vector file's name, whose data source is another local file: GDAL is not
    /// let open VRT at all, so the other file is never read.
    @Test func aVRTFileIsRefused() throws {
        let fixture = try BaseFixture()
        let elsewhere = fixture.path("elsewhere_lakes.geojson")
        try Data(Self.oneLake.utf8).write(to: URL(fileURLWithPath: elsewhere))
        let vrt = fixture.path("x_lakes.geojson")
        try Data("""
            <OGRVRTDataSource><OGRVRTLayer name="lakes"><SrcDataSource>\(elsewhere)</SrcDataSource>\
            <SrcLayer>elsewhere_lakes</SrcLayer></OGRVRTLayer></OGRVRTDataSource>
            """.utf8).write(to: URL(fileURLWithPath: vrt))
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([vrt]) }
        #expect(error.reason.contains("format"), "\(error.reason)")
        #expect(try fixture.counts().isEmpty)
    }

    @Test func missingFileIsNamed() throws {
        let fixture = try BaseFixture()
        let error = try #require(throws: BaseReadError.self) { try fixture.importBase([fixture.path("nowhere.osm.pbf")]) }
        #expect(error.description.contains("nowhere.osm.pbf"))
    }
}
