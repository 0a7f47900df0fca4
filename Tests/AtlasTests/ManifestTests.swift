import Foundation
import GeoCore
import GeoStore
import MapRender
import SpatiaLiteStore
import Testing
@testable import Atlas

@Suite struct ManifestTests {
    @Test func theSampleManifestReads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let atlas = try AtlasManifest.load(path: root.appendingPathComponent("Data/atlas.yaml").path)
        #expect(atlas.maps.count >= 5)
        #expect(atlas.maps.contains { $0.map.projection.identifier == "EPSG:3059" && $0.map.language == "lv" })
    }

    @Test func settingsComeFromDefaultsUnlessTheMapSetsThem() throws {
        let atlas = try AtlasManifest.parse("""
        defaults: { paper: A3, dpi: 200, language: lv, categories: [see, eat], formats: [png] }
        maps:
          - title: Rojas centrs
          - title: Second
            paper: Letter
            orientation: landscape
            dpi: 600
            crs: EPSG:3059
            formats: [pdf, png]
            area: { center: [57.5, 22.8], radius_m: 2500 }
        """, file: "m.yaml")
        let (a, b) = (atlas.maps[0], atlas.maps[1])
        #expect(a.fileName == "rojas-centrs" && a.dpi == 200 && a.formats == [.png] && a.map.paper.name == "A3" && !a.map.paper.isLandscape)
        #expect(a.map.categories == ["see", "eat"] && a.map.language == "lv" && a.map.area == .fit)
        #expect(b.map.paper == Paper.named("Letter")!.landscape && b.map.paper.widthMM == 279.4 && b.dpi == 600 && b.formats == [.pdf, .png])
        #expect(b.map.projection.identifier == "EPSG:3059" && b.map.area == .around(Coordinate(lat: 57.5, lon: 22.8), radius: 2500))
    }

    /// Each bad manifest fails on parsing, before any map is drawn, naming the line, the map and the key.
    @Test(arguments: [
        ("maps:\n  - title: A\n    papr: A4\n", "m.yaml:3: map 1 'A': papr: unknown key; did you mean 'paper'?"),
        ("maps:\n  - title: A\n    paper: A5\n", "m.yaml:3: map 1 'A': paper: 'A5' is not one of A4, A3, A2, Letter"),
        ("maps:\n  - title: A\n  - title: B\n    dpi: 100\n", "m.yaml:4: map 2 'B': dpi: '100' is not a whole number from 150 to 600"),
        ("maps:\n  - title: A\n    language: de\n", "map 1 'A': language: 'de' is not one of lv, en, cs"),
        ("maps:\n  - title: A\n    formats: [pdf, svg]\n", "map 1 'A': formats: 'svg' is not pdf or png"),
        ("maps:\n  - title: A\n    orientation: sideways\n", "map 1 'A': orientation: 'sideways' is not portrait or landscape"),
        ("maps:\n  - paper: A4\n", "map 1: title: missing or empty"),
        ("maps:\n  - title: A\n    file: x\n  - title: B\n    file: x\n", "map 2 'B': file: 'x' is also the file of 'A'"),
        ("maps:\n  - title: A\n    area: { bbox: \"1,2,3\" }\n", "map 1 'A': area.bbox:"),
        ("maps:\n  - title: A\n    area: { center: \"57.5,22.8\" }\n", "map 1 'A': area.radius_m: missing"),
        ("maps:\n  - title: A\n    area: { center: \"97.5,22.8\", radius_m: 100 }\n", "map 1 'A': area.center:"),
        ("maps:\n  - title: A\n    area: somewhere\n", "map 1 'A': area: must be fit"),
        ("maps:\n  - title: A\n    area: { center: \"57.5,22.8\", radius_m: -5 }\n", "map 1 'A': area: -5.0 m is not between 0 and 2 000 km"),
        ("maps:\n  - title: A\n    area: { center: \"57.5,22.8\", radius_m: 0x1p8 }\n", "map 1 'A': area.radius_m: '0x1p8' is not a number of metres"),
        ("maps:\n  - title: A\n    file: roja-p2\n  - title: B\n    file: roja\n", "map 2 'B': file: 'roja' and 'roja-p2' (of 'A') would clash"),
        ("maps:\n  - title: A\n    crs: EPSG:3059\n    area: { bbox: \"14.3,50.0,14.5,50.1\" }\n", "map 1 'A': area: 50.0,14.3 is outside where EPSG:3059 is used"),
        ("maps:\n  - title: A\n    crs: EPSG:4326\n", "map 1 'A': crs: EPSG:4326 is not a projected CRS"),
        ("maps:\n  - title: A\n    style: default\n", "map 1 'A': style: 'default' has no print section"),
        ("defaults: { dpi: 1000 }\nmaps:\n  - title: A\n", "m.yaml:1: dpi: '1000' is not a whole number from 150 to 600"),
        ("defaults: { titel: x }\nmaps:\n  - title: A\n", "defaults.titel: unknown key"),
        ("mapz: []\n", "m.yaml:1: mapz: unknown key; did you mean 'maps'?"),
        ("maps: []\n", "maps: must be a non-empty list of maps"),
        ("maps:\n  - title: A\n   paper: [\n", "not valid YAML"),
    ])
    func badManifestsNameTheMapAndTheKey(yaml: String, message: String) {
        #expect {
            _ = try AtlasManifest.parse(yaml, file: "m.yaml")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func unknownCategoriesAreRefusedBeforeRendering() throws {
        let fixture = try AtlasFixture(), store = try SpatiaLiteStore(path: fixture.database, readOnly: true)
        let atlas = try AtlasManifest.parse("maps:\n  - title: A\n  - title: B\n    categories: [see, pubs]\n", file: "m.yaml")
        #expect(throws: ManifestError(file: "m.yaml", line: 4, map: "map 2 'B'", key: "categories",
                                      reason: "unknown pubs; the known categories are cinema, do, eat, see, stay, trip, water")) {
            try atlas.check(against: store)
        }
    }

    /// The atlas checks a map's categories as every query does: a kind with no rows (the fixture
    /// has no trips) is known to both, an unknown code refused by both in the same words.
    @Test func atlasAndQueriesAgreeOnCategories() throws {
        let fixture = try AtlasFixture(), store = try SpatiaLiteStore(path: fixture.database, readOnly: true)
        #expect(try store.categories().allSatisfy { $0.kind != .trip }, "the fixture has no trips")
        try AtlasManifest.parse("maps:\n  - title: Trips\n    categories: [trip]\n", file: "m.yaml").check(against: store)
        try store.validate(categories: CategoryFilter(parsing: "trip"))
        // The words, written out here: the atlas passes the query check's reason on, so comparing
        // the two would hold whatever the check said.
        let reason = "unknown pubs; the known categories are cinema, do, eat, see, stay, trip, water"
        let atlasError = #expect(throws: ManifestError.self) {
            try AtlasManifest.parse("maps:\n  - title: Pubs\n    categories: [pubs]\n", file: "m.yaml").check(against: store)
        }
        let queryError = #expect(throws: GeoError.self) { try store.validate(categories: CategoryFilter(parsing: "pubs")) }
        #expect(atlasError?.reason == reason && queryError?.reason.description == reason)
    }

    /// The manifest's one table: the engine's fields as its keys, in its errors and in their words.
    @Test func theEnginesFieldsAreNamedAsTheManifestsKeys() throws {
        #expect(AtlasManifest.key(for: .category) == "categories" && AtlasManifest.key(for: .bbox) == "area.bbox")
        #expect(AtlasManifest.key(for: .center) == "area.center" && AtlasManifest.key(for: .radius) == "area.radius_m")
        #expect(AtlasManifest.key(for: .source) == nil && AtlasManifest.key(for: .maxDistance) == nil)
        #expect(AtlasManifest.said("give \(Field.bbox), or \(Field.center) and \(Field.radius)") == "give area.bbox, or area.center and area.radius_m")
        #expect(throws: ManifestError(file: "m.yaml", line: 3, map: "map 1 'A'", key: "categories", reason: "'eat,,see' has an empty code")) {
            try AtlasManifest.parse("maps:\n  - title: A\n    categories: [eat, '', see]\n", file: "m.yaml")
        }
    }
}
