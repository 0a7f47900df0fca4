import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import PostGISStore
import Testing

/// A place's population, by which maps name cities: read by the importers, refused when it is no
/// count of people, stored and migrated into older databases, and returned by every query, the
/// same by both stores. The expected numbers are read from the files by the tests themselves.
@Suite struct PopulationTests {
    private static let geoNamesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Data/geonames/geonames_cities500_LV_CZ_tz.csv").standardized.path

    /// The fixture's population by geonameid, split by hand (the file has no quoted fields).
    private static func geoNamesPopulations() throws -> [String: Int] {
        let lines = try String(contentsOfFile: geoNamesFile, encoding: .utf8).split(whereSeparator: \.isNewline)
        let header = lines[0].split(separator: ",").map(String.init)
        let id = try #require(header.firstIndex(of: "geonameid")), population = try #require(header.firstIndex(of: "population"))
        return Dictionary(uniqueKeysWithValues: try lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return (String(fields[id]), try #require(Int(fields[population])))
        })
    }

    /// The features' populations by source id (their details' `source_id`).
    private static func populations(_ features: [Feature], in store: any FeatureStore) throws -> [String: Int?] {
        let detailed = try store.withDetails(FeaturePage(features: features, next: nil)).features
        return Dictionary(uniqueKeysWithValues: detailed.map { ($0.properties["source_id"] ?? "?", $0.population) })
    }

    @Test(arguments: StoreKind.available)
    func everyQueryReturnsTheGeoNamesPopulations(_ kind: StoreKind) throws {
        let oracle = try Self.geoNamesPopulations()
        #expect(oracle.count == 2_901 && oracle["456172"] == 742_572) // Riga, as the file's line says
        let database = TemporaryStore(kind)
        let store = try database.open()
        _ = try store.importFiles(try FileImport.parse(paths: [Self.geoNamesFile]), skipInvalid: false)

        // The whole world page after page, as maps fetch their features (`features(in:categories:)`).
        var everything: [Feature] = [], after: Cursor?
        repeat {
            let page = try store.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90),
                                               limit: maximumLimit, categories: CategoryFilter(["city"]), after: after))
            everything += page.features
            after = page.next
        } while after != nil
        #expect(try Self.populations(everything, in: store) == oracle.mapValues(Optional.some))

        // A small box (an ordered walk), nearest of every kind and of cities, and within (the
        // unordered walk of a whole range) around Riga.
        let riga = Coordinate(lat: 56.946, lon: 24.10589)
        let pages = [
            try store.bbox(BoxQuery(box: BoundingBox(minLon: 23.9, minLat: 56.8, maxLon: 24.3, maxLat: 57.1), limit: 20)),
            try store.nearest(NearestQuery(center: riga, limit: 10)),
            try store.nearest(NearestQuery(center: riga, limit: 10, categories: CategoryFilter(["city"]))),
            try store.nearest(NearestQuery(center: riga, limit: maximumLimit, maxDistance: 60_000)),
        ]
        for page in pages {
            #expect(page.features.count >= 10)
            for (id, population) in try Self.populations(page.features, in: store) { #expect(population == oracle[id], "geonameid \(id)") }
        }
        #expect(pages[1].features.first?.name == "Riga" && pages[1].features.first?.population == 742_572)
    }

    /// OSM's `population` tag (a number, or text as OSM keeps tags), Natural Earth's `POP_MAX`
    /// (-99: not known), and none.
    private static let geoJSON = #"""
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"osm_type": "node", "osm_id": 26707263, "name": "Jelgava", "category": "place=city", "population": 63534},
           "geometry": {"type": "Point", "coordinates": [23.7128, 56.6511]}},
          {"type": "Feature", "properties": {"osm_type": "node", "osm_id": 1, "name": "Roja", "category": "place=village", "population": "3298"},
           "geometry": {"type": "Point", "coordinates": [22.8067, 57.5046]}},
          {"type": "Feature", "id": "ne-liepaja", "properties": {"NAME": "Liepāja", "FEATURECLA": "Populated place", "POP_MAX": 85132, "POP_MIN": 80000},
           "geometry": {"type": "Point", "coordinates": [21.0097, 56.5047]}},
          {"type": "Feature", "id": "ne-daugavpils", "properties": {"NAME": "Daugavpils", "POP_MAX": 1.11564e5},
           "geometry": {"type": "Point", "coordinates": [26.5162, 55.8714]}},
          {"type": "Feature", "id": "ne-unknown", "properties": {"NAME": "Nekur", "POP_MAX": -99},
           "geometry": {"type": "Point", "coordinates": [25.0, 57.0]}},
          {"type": "Feature", "id": "plain", "properties": {"name": "Pludmale", "category": "do"},
           "geometry": {"type": "Point", "coordinates": [22.8, 57.51]}}
        ]}
        """#

    /// The populations the GeoJSON gives by name, read through Foundation's JSON reader.
    private static func geoJSONPopulations() throws -> [String: Int?] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(geoJSON.utf8)) as? [String: Any])
        var expected: [String: Int?] = [:]
        for feature in try #require(root["features"] as? [[String: Any]]) {
            let properties = try #require(feature["properties"] as? [String: Any])
            let name = try #require((properties["name"] ?? properties["NAME"]) as? String)
            let given = properties["population"] ?? properties["POP_MAX"]
            let number = (given as? NSNumber)?.doubleValue ?? (given as? String).flatMap(Double.init)
            expected.updateValue(number.flatMap { $0 == -99 ? nil : Int(exactly: $0) }, forKey: name)
        }
        return expected
    }

    @Test(arguments: StoreKind.available)
    func geoJSONPopulationsFromOSMAndNaturalEarthAreStoredAndUpdated(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        let file = database.files.directory.appendingPathComponent("places.geojson")
        try Data(Self.geoJSON.utf8).write(to: file)
        _ = try store.importFiles(try FileImport.parse(paths: [file.path]), skipInvalid: false)
        let everywhere = BoxQuery(box: BoundingBox(minLon: 20, minLat: 55, maxLon: 28, maxLat: 58), limit: 100)
        func stored() throws -> [String: Int?] {
            Dictionary(uniqueKeysWithValues: try store.bbox(everywhere).features.map { ($0.name ?? "", $0.population) })
        }
        let expected = try Self.geoJSONPopulations()
        #expect(expected.values.compactMap { $0 }.sorted() == [3_298, 63_534, 85_132, 111_564])
        #expect(try stored() == expected)

        // Imported again with Jelgava's population changed and Roja's gone: both rows follow.
        let changed = Self.geoJSON.replacingOccurrences(of: #""population": 63534"#, with: #""population": 56000"#)
            .replacingOccurrences(of: #", "population": "3298""#, with: "")
        try Data(changed.utf8).write(to: file)
        _ = try store.importFiles(try FileImport.parse(paths: [file.path]), skipInvalid: false)
        var updated = expected
        (updated["Jelgava"], updated["Roja"]) = (56_000, .some(nil))
        #expect(try stored() == updated)
        #expect(try store.count("poi") == 6)
    }

    @Test func aPopulationThatIsNoCountOfPeopleIsAProblemNamingItsField() throws {
        let csv = "name,lat,lon,population,pop_max\n"
            + "Plain,56.9,24.1,742572,\n"
            + "Letters,56.9,24.1,abc,\n"
            + "Negative,56.9,24.1,-5,\n"
            + "Fraction,56.9,24.1,12.5,\n"
            + "Too many,56.9,24.1,1.5e10,\n"
            + "Ten billion,56.9,24.1,10000000000,\n"
            + "Written as real,56.9,24.1,63534.0,\n"
            + "Nobody,56.9,24.1,0,\n"
            + "Natural Earth,56.9,24.1,,85132\n"
            + "Not known,56.9,24.1,,-99\n"
            + "Negative max,56.9,24.1,,-3\n"
            + "Both,56.9,24.1,10,20\n"
        let parsed = try CSVParser.parse(Data(csv.utf8), file: "places.csv", kind: nil)
        #expect(parsed.reasons == [
            "line 3": "population: 'abc' is not a number",
            "line 4": "population: '-5' is negative",
            "line 5": "population: '12.5' is not a whole number",
            "line 6": "population: '1.5e10' is more than 10000000000, more people than live on Earth",
            "line 12": "pop_max: '-3' is negative",
        ])
        let expected: [String: Int?] = ["line 2": 742_572, "line 7": 10_000_000_000, "line 8": 63_534, "line 9": 0,
                                         "line 10": 85_132, "line 11": nil, "line 13": 10]
        #expect(parsed.placesByRecord.mapValues { $0.population } == expected)

        let geoJSON = #"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "A", "population": "many"}, "geometry": null},
              {"type": "Feature", "properties": {"name": "B", "population": true}, "geometry": null},
              {"type": "Feature", "properties": {"name": "C", "pop_max": 2.5}, "geometry": null}
            ]}
            """#
        let features = try GeoJSONParser.parse(Data(geoJSON.utf8), file: "places.geojson", kind: nil)
        #expect(features.reasons == [
            "feature 0": "population: 'many' is not a number",
            "feature 1": "population: true is a boolean, not text or a number",
            "feature 2": "pop_max: '2.5' is not a whole number",
        ])
    }

    @Test(arguments: StoreKind.available)
    func aBadPopulationRefusesTheImportOrIsSkipped(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        let parsed = try CSVParser.parse(Data("name,lat,lon,population\nRiga,56.946,24.106,742572\nRoja,57.5,22.8,-3298\n".utf8),
                                         file: "cities.csv", kind: nil)
        let failure = #expect(throws: ImportFailure.self) { try store.importFiles([parsed], skipInvalid: false) }
        #expect(failure?.problems.map { "\($0.file) \($0.record): \($0.reason)" } == ["cities.csv line 3: population: '-3298' is negative"])
        #expect(try store.count("poi") == 0)
        let summary = try store.importFiles([parsed], skipInvalid: true)
        #expect(summary.inserted == [.poi: 1] && summary.skipped.map(\.record) == ["line 3"])
        #expect(try store.texts("SELECT name || ' ' || population FROM poi") == ["Riga 742572"])
    }

    // MARK: Databases from before the population

    /// Rows as a Waymark of schema version 2 stored them: two places of GeoNames, one of a file.
    private static let oldRows = [
        ("city", "Riga", "geonames", "456172", 24.10589, 56.946),
        ("city", "Roja", "geonames", "456107", 22.80881, 57.50146),
        ("do", "Pludmale", "roja.geojson", "beach", 22.80612, 57.50935),
    ]

    /// After the migration: the old rows with no population, found by the queries; a GeoNames
    /// import then gives Riga's row (by its source id) the file's population.
    private func checkMigrated(_ store: any TestedStore, oracle: [String: Int]) throws {
        #expect(try store.texts("SELECT name || ' ' || coalesce(CAST(population AS text), 'NULL') FROM poi ORDER BY id")
            == ["Riga NULL", "Roja NULL", "Pludmale NULL"])
        let found = try store.nearest(NearestQuery(center: Coordinate(lat: 57.5, lon: 22.8), limit: 10)).features
        #expect(found.map(\.name) == ["Roja", "Pludmale", "Riga"] && found.allSatisfy { $0.population == nil })
        let riga = "geonameid,name,latitude,longitude,population,timezone\n456172,Riga,56.946,24.10589,\(oracle["456172"]!),Europe/Riga\n"
        _ = try store.importFiles([try CSVParser.parse(Data(riga.utf8), file: "cities.csv", kind: nil)], skipInvalid: false)
        #expect(try store.texts("SELECT id || ' ' || name || ' ' || coalesce(CAST(population AS text), 'NULL') FROM poi ORDER BY id")
            == ["1 Riga 742572", "2 Roja NULL", "3 Pludmale NULL"])
    }

    @Test func aSpatiaLiteDatabaseOfSchemaVersion2IsMigratedKeepingItsRows() throws {
        let database = TemporaryDatabase()
        do {
            let db = try oldSpatiaLiteDatabase(database.path, version: 2)
            for (category, name, source, id, lon, lat) in Self.oldRows {
                try db.execute("""
                    INSERT INTO poi (category, name, source, source_id, geom)
                    VALUES ('\(category)', '\(name)', '\(source)', '\(id)', MakePoint(\(lon), \(lat), 4326))
                    """)
            }
            #expect(try !db.texts("SELECT name FROM pragma_table_info('poi')").contains("population"))
        }
        let store = try SpatiaLiteStore(path: database.path)
        #expect(store.schemaVersion == Schema.version)
        try checkMigrated(store, oracle: try Self.geoNamesPopulations())
        #expect(try store.db.count("idx_poi_geom") == 3)
    }

    @Test(.enabled(if: StoreKind.postgresURL != nil, "WAYMARK_TEST_POSTGRES is unset: PostGIS's migration was not checked"))
    func aPostGISDatabaseOfSchemaVersion2IsMigratedKeepingItsRows() throws {
        let temporary = TemporaryStore(.postGIS)
        do {
            // Made by the migrations a Waymark of version 2 ran, in the schema the store opens.
            let old = try oldPostGISSchema(temporary, version: 2)
            for (i, (category, name, source, id, lon, lat)) in Self.oldRows.enumerated() {
                try old.execute("""
                    INSERT INTO poi (id, category, name, source, source_id, geom)
                    VALUES (\(i + 1), '\(category)', '\(name)', '\(source)', '\(id)', 'SRID=4326;POINT(\(lon) \(lat))')
                    """)
            }
            #expect(try old.texts("SELECT count(*) FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'population'") == ["0"])
        }
        let store = try temporary.open()
        #expect((store as? PostGISStore)?.schemaVersion == PostGISSchema.current)
        try checkMigrated(store, oracle: try Self.geoNamesPopulations())
    }
}
