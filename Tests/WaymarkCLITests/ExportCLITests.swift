import Foundation
import Testing
import TestSupport

/// `waymark export` to each format GDAL writes, read back by GDAL's own `ogrinfo` (layers, counts,
/// fields) and by QGIS, and imported again: the same records, every property kept. The records
/// come from the demo data (OSM places in two languages, GeoNames cities with populations and
/// zones, the travel guide's feed with descriptions and images, a day's cinema programme, GPX
/// tracks) and a diary with catches and a water.
@Suite struct ExportCLITests {
    static let inputs = ["osm/helsinki_waters.geojson", "osm/helsinki_cinemas.geojson", "osm/helsinki_pois.geojson",
                         "geonames/geonames_cities500_LV_CZ_tz.csv", "travel-guide/objekti.xml", "travel-guide/objekti-eng.xml",
                         "examples/cinema-programme-2012-05-08.geojson", "gpx/cerknicko-jezero.gpx"]
        .map { packageRoot.appendingPathComponent("Data/\($0)").path }

    static let diary = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "2024-05-18-pond", "geometry": {"type": "Point", "coordinates": [24.9384, 60.1699]},
       "properties": {"kind": "trip", "name": "Morning by the pond", "start": "2024-05-18T05:30", "end": "2024-05-18T11:00",
         "timezone": "Europe/Helsinki", "water": "way/45571612", "weather": "overcast, 14 °C", "notes": "Worms by the reeds",
         "catches": [{"species": "perch", "length_cm": 24.5, "weight_kg": 0.31, "time": "2024-05-18T06:40", "bait": "worm",
                      "lat": 60.1701, "lon": 24.9386},
                     {"species": "Štika", "length_cm": 71}]}},
      {"type": "Feature", "id": "2024-06-01-walk", "geometry": {"type": "LineString", "coordinates": [[24.93, 60.16], [24.94, 60.17]]},
       "properties": {"kind": "trip", "name": "Shore walk", "start": "2024-06-01T18:00+03:00"}}]}
    """

    /// The database every test exports: the inputs above in one import.
    static func database() async throws -> Workspace {
        let w = try Workspace()
        let result = try await run(["import"] + inputs + [try w.file("diary.geojson", diary)], env: w.env)
        try #require(result.status == 0, "\(result.stderr)")
        return w
    }

    /// Each stored record as `waymark export` writes it to a GeoJSON sequence, keyed by kind,
    /// source and source id: its properties but `waymark_id` (the ids of another database), and
    /// its coordinates.
    static func records(_ w: Workspace, database: String) async throws -> [String: (properties: [String: String], coordinates: [Double])] {
        let path = w.directory.appendingPathComponent("records-\(UUID().uuidString).geojsonl").path
        let result = try await run(["export", "--db", database, path])
        try #require(result.status == 0, "\(result.stderr)")
        var records: [String: (properties: [String: String], coordinates: [Double])] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let feature = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            var properties = (feature["properties"] as? [String: Any] ?? [:]).mapValues(canonical)
            properties["waymark_id"] = nil
            let key = "\(properties["kind"] ?? "-") \(properties["source"] ?? "-") \(properties["source_id"] ?? "-")"
            #expect(records[key] == nil, "\(key) twice")
            records[key] = (properties, flattened((feature["geometry"] as? [String: Any])?["coordinates"]))
        }
        return records
    }

    /// A property as comparable text: JSON values (screenings, catches, images) re-encoded with sorted keys.
    static func canonical(_ value: Any) -> String {
        if let text = value as? String {
            if text.hasPrefix("["), let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) { return canonical(json) }
            return text
        }
        if value is [Any] || value is [String: Any],
           let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) {
            return String(decoding: data, as: UTF8.self)
        }
        return "\(value)"
    }

    static func flattened(_ coordinates: Any?) -> [Double] {
        if let number = coordinates as? Double { return [number] }
        return (coordinates as? [Any] ?? []).flatMap(flattened)
    }

    /// The formats, each with the target's name, the `waymark export` options it needs, and the
    /// layers GDAL must find in it with the kinds each holds. A FlatGeobuf holds no record without
    /// a position (GDAL leaves them out), so it is the located ones'; a Shapefile's texts hold 254
    /// bytes, too few for a cinema's programme, so it is the places' and waters'.
    static let formats: [(name: String, options: [String], layers: [String: [String]])] = [
        ("out.gpkg", [], ["poi": ["poi"], "water": ["water"], "cinema": ["cinema"], "trip": ["trip"]]),
        ("out.kml", [], ["poi": ["poi"], "water": ["water"], "cinema": ["cinema"], "trip": ["trip"]]),
        ("out.geojson", [], ["out": ["poi", "water", "cinema", "trip"]]),
        ("out.geojsonl", [], ["out": ["poi", "water", "cinema", "trip"]]),
        ("out.csv", [], ["out": ["poi", "water", "cinema", "trip"]]),
        ("out.fgb", ["--bbox", "-180,-90,180,90"], ["out": ["poi", "water", "cinema", "trip"]]),
        ("shapes", ["--format", "shp", "--kind", "poi,water"], ["poi": ["poi"], "water": ["water"]]),
    ]

    @Test(arguments: formats.indices)
    func anExportImportsBackToTheSameRecords(_ index: Int) async throws {
        let (name, options, layers) = Self.formats[index]
        let located = options.contains("--bbox")
        let w = try await Self.database()
        let database = w.env["WAYMARK_DB"]!, target = w.directory.appendingPathComponent(name).path
        let exported = try await run(["export", "--db", database, target] + options)
        try #require(exported.status == 0, "\(exported.stderr)")

        // GDAL's own count of each kind in the database, and in each layer of the export.
        var stored: [String: Int] = [:]
        for kind in ["poi", "water", "cinema", "trip"] {
            let position = kind == "trip" ? "spot" : "geom"
            stored[kind] = try await Self.count(database, "SELECT COUNT(*) FROM \(kind)" + (located ? " WHERE \(position) IS NOT NULL" : ""))
        }
        #expect(stored.values.allSatisfy { $0 > 0 }, "\(stored)")
        for (layer, kinds) in layers {
            let inLayer = try await Self.count(target, "SELECT COUNT(*) FROM \"\(layer)\"")
            #expect(inLayer == kinds.reduce(0) { $0 + stored[$1]! }, "\(name) layer \(layer): \(inLayer) of \(kinds.map { stored[$0]! })")
        }

        // Imported into a new database: the same records, property for property.
        let back = w.directory.appendingPathComponent("back.sqlite").path
        let paths = name == "shapes" ? layers.keys.sorted().map { "\(target)/\($0).shp" } : [target]
        let imported = try await run(["import", "--db", back] + paths)
        try #require(imported.status == 0, "\(imported.stderr)")
        let kinds = Set(layers.values.joined())
        let before = try await Self.records(w, database: database).filter { key, record in
            kinds.contains(String(key.prefix { $0 != " " })) && (!located || !record.coordinates.isEmpty)
        }
        let after = try await Self.records(w, database: back)
        #expect(Set(before.keys) == Set(after.keys), "lost: \(Set(before.keys).subtracting(after.keys).sorted().prefix(5)); new: \(Set(after.keys).subtracting(before.keys).sorted().prefix(5))")
        var differing: [String] = []
        for (key, record) in before {
            guard let other = after[key] else { continue }
            if record.properties != other.properties {
                let changed = Set(record.properties.keys).union(other.properties.keys).filter { record.properties[$0] != other.properties[$0] }
                differing.append("\(key): " + changed.sorted().map { "\($0) \(record.properties[$0] ?? "-") → \(other.properties[$0] ?? "-")" }.joined(separator: "; "))
            }
            if record.coordinates.count != other.coordinates.count || zip(record.coordinates, other.coordinates).contains(where: { abs($0 - $1) > 1e-7 }) {
                differing.append("\(key): coordinates \(record.coordinates.prefix(4)) → \(other.coordinates.prefix(4))")
            }
        }
        #expect(differing.isEmpty, "\(name): \(differing.count) records differ: \(differing.prefix(5))")
    }

    /// The export holds what the input files say, read from them here: an OSM place's names in
    /// every language, a GeoNames city's population and zone, a programme's screenings, a diary's
    /// times in its zone, its water and its catches; and each record's source and id.
    @Test func theExportHoldsWhatTheFilesSaid() async throws {
        let w = try await Self.database()
        let path = w.directory.appendingPathComponent("all.geojson").path
        let exported = try await run(["export", "--db", w.env["WAYMARK_DB"]!, path])
        try #require(exported.status == 0, "\(exported.stderr)")
        let features = try Self.features(path)
        func record(_ kind: String, _ source: String, _ id: String) throws -> [String: Any] {
            try #require(features.first { $0["kind"] as? String == kind && $0["source"] as? String == source && $0["source_id"] as? String == id },
                         "no \(kind) \(source) \(id)")
        }

        let pois = try Self.features(packageRoot.appendingPathComponent("Data/osm/helsinki_pois.geojson").path)
        let named = try #require(pois.first { p in p.keys.filter { $0.hasPrefix("name:") }.count >= 2 && p["osm_id"] != nil })
        let place = try record("poi", "osm", "\(named["osm_type"]!)/\(named["osm_id"]!)")
        for (key, value) in named where key == "name" || key.hasPrefix("name:") { #expect(place[key] as? String == value as? String, "\(key)") }

        let prague = try record("poi", "geonames", "3067696")
        #expect(prague["population"] as? Int == 1_165_581 && prague["timezone"] as? String == "Europe/Prague" && prague["name"] as? String == "Prague")

        let programme = try #require(try Self.features(packageRoot.appendingPathComponent("Data/examples/cinema-programme-2012-05-08.geojson").path).first)
        let cinema = try record("cinema", "cinema-programme-2012-05-08.geojson", "cinema-city-plzen-plaza")
        let given = programme["screenings"] as! [[String: Any]], written = try #require(cinema["screenings"] as? [[String: Any]])
        #expect(written.map { $0["title"] as? String } == given.map { $0["title"] as? String })
        #expect(written.map { $0["minutes"] as? Int } == given.map { $0["minutes"] as? Int })
        // Prague in May is two hours ahead of UTC.
        #expect(written.map { $0["start"] as? String } == ["2012-05-08T17:30:00+02:00", "2012-05-08T18:00:00+02:00", "2012-05-08T20:45:00+02:00"])

        // Helsinki in May is three hours ahead of UTC.
        let trip = try record("trip", "diary.geojson", "2024-05-18-pond")
        #expect(trip["start"] as? String == "2024-05-18T05:30:00+03:00" && trip["end"] as? String == "2024-05-18T11:00:00+03:00")
        #expect(trip["water"] as? String == "way/45571612" && trip["weather"] as? String == "overcast, 14 °C")
        let catches = try #require(trip["catches"] as? [[String: Any]])
        #expect(catches.map { $0["species"] as? String } == ["perch", "Štika"])
        #expect(catches.first?["time"] as? String == "2024-05-18T06:40:00+03:00" && catches.first?["weight_kg"] as? Double == 0.31)
        #expect(catches.first?["lat"] as? Double == 60.1701 && catches.first?["lon"] as? Double == 24.9386)
    }

    /// The properties of each feature of a GeoJSON file.
    static func features(_ path: String) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (root["features"] as? [[String: Any]] ?? []).map { ($0["properties"] as? [String: Any] ?? [:]) }
    }

    /// What a query selects is what GDAL finds in the same box of the database, and what
    /// `nearest` answers; the export says so in its layers' counts.
    @Test func aQueryExportsItsAnswer() async throws {
        let w = try await Self.database()
        let database = w.env["WAYMARK_DB"]!
        let boxed = w.directory.appendingPathComponent("boxed.gpkg").path
        #expect(try await run(["export", "--db", database, boxed, "--bbox", "24.93,60.16,24.96,60.18", "--kind", "poi"]).status == 0)
        // SpatiaLite's MbrIntersects answers -1 (true to SQL) for a NULL geometry.
        let inBox = try await Self.count(database, "SELECT COUNT(*) FROM poi WHERE geom IS NOT NULL AND MbrIntersects(geom, BuildMbr(24.93, 60.16, 24.96, 60.18)) = 1")
        #expect(inBox > 100)
        #expect(try await Self.count(boxed, "SELECT COUNT(*) FROM poi") == inBox)

        let near = w.directory.appendingPathComponent("near.geojson").path
        #expect(try await run(["export", "--db", database, near, "--near", "60.1699,24.9384", "--limit", "7", "--category", "eat"]).status == 0)
        let nearest = try await run(["nearest", "--db", database, "--lat", "60.1699", "--lon", "24.9384", "--limit", "7", "--category", "eat", "--format", "json"])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(nearest.stdout.utf8)) as? [String: Any])
        let ids = Set((answer["features"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        let exported = Set(try Self.features(near).compactMap { $0["waymark_id"] as? String })
        #expect(ids.count == 7 && exported == ids)

        // The nearest of one kind: records of other kinds nearer still do not count.
        let waters = w.directory.appendingPathComponent("waters.geojson").path
        #expect(try await run(["export", "--db", database, waters, "--near", "60.1699,24.9384", "--limit", "5", "--kind", "water"]).status == 0)
        let nearestWaters = try await run(["nearest", "--db", database, "--lat", "60.1699", "--lon", "24.9384", "--limit", "5", "--category", "water", "--format", "json"])
        let waterAnswer = try #require(try JSONSerialization.jsonObject(with: Data(nearestWaters.stdout.utf8)) as? [String: Any])
        let waterIDs = Set((waterAnswer["features"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        let exportedWaters = Set(try Self.features(waters).compactMap { $0["waymark_id"] as? String })
        #expect(waterIDs.count == 5 && exportedWaters == waterIDs, "\(exportedWaters) against \(waterIDs)")
    }

    /// Refusals name the option or the reason, exit non-zero, and leave no file behind (or the
    /// one that was there, unchanged).
    @Test func refusalsLeaveNothingHalfWritten() async throws {
        let w = try await Self.database()
        let database = w.env["WAYMARK_DB"]!
        func refused(_ arguments: [String], saying words: String) async throws {
            let result = try await run(["export", "--db", database] + arguments)
            #expect(result.status != 0 && result.stderr.contains(words), "\(arguments): \(result.status) \(result.stderr)")
        }
        let existing = try w.file("there.geojson", "{}")
        try await refused([existing], saying: "already exists; give --overwrite")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "{}")
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: w.directory.path))
        try await refused([w.directory.appendingPathComponent("all.fgb").path], saying: "holds no record without a position")
        try await refused([w.directory.appendingPathComponent("all.shp").path, "--kind", "poi,water"], saying: "a Shapefile holds one layer")
        try await refused([w.directory.appendingPathComponent("shapes").path, "--format", "shp"], saying: "its screenings as JSON has")
        try await refused([w.directory.appendingPathComponent("x.gpkg").path, "--kind", "fish"], saying: "--kind: 'fish' is not one of poi, water, cinema, trip")
        try await refused([w.directory.appendingPathComponent("x.gpkg").path, "--category", "nosuch"], saying: "--category: unknown nosuch")
        try await refused([w.directory.appendingPathComponent("x.gpkg").path, "--near", "95,24", "--limit", "3"], saying: "--near: 95")
        try await refused([w.directory.appendingPathComponent("x.gpkg").path, "--near", "60,24"], saying: "--near needs --limit")
        try await refused([w.directory.appendingPathComponent("x.gpkg").path, "--source", "nowhere"], saying: "--source: no stored record comes from 'nowhere'")
        try await refused([w.directory.appendingPathComponent("x.txt").path], saying: "no format for its extension")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: w.directory.path)) == before)

        // --overwrite replaces a file by one rename, and a directory's Shapefiles one by one,
        // leaving the directory's other files; a file is never taken for a directory, nor one for a file.
        #expect(try await run(["export", "--db", database, existing, "--kind", "cinema", "--overwrite"]).status == 0)
        #expect(try Self.features(existing).count == (try await Self.count(database, "SELECT COUNT(*) FROM cinema")))
        let shapes = w.directory.appendingPathComponent("shapes")
        try FileManager.default.createDirectory(at: shapes, withIntermediateDirectories: true)
        let notes = try w.file("shapes/notes.txt", "mine")
        #expect(try await run(["export", "--db", database, shapes.path, "--format", "shp", "--kind", "water", "--overwrite"]).status == 0)
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "mine")
        #expect(try await Self.count(shapes.appendingPathComponent("water.shp").path, "SELECT COUNT(*) FROM water") == (try await Self.count(database, "SELECT COUNT(*) FROM water")))
        try await refused([shapes.path, "--overwrite"], saying: "no format for its extension")
        try await refused([shapes.path, "--format", "geojson", "--overwrite"], saying: "is a directory; name the file to write")
        try await refused([existing, "--format", "shp", "--overwrite"], saying: "is a file, not a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.directory.path).filter { $0.contains(".partial-") }.isEmpty)
    }

    /// QGIS (Debian's python3-qgis, headless) opens each layer of a GeoPackage export with its count.
    @Test func qgisOpensTheGeoPackage() async throws {
        let w = try await Self.database()
        let database = w.env["WAYMARK_DB"]!, path = w.directory.appendingPathComponent("qgis.gpkg").path
        #expect(try await run(["export", "--db", database, path]).status == 0)
        let script = """
        import json, sys
        from qgis.core import QgsApplication, QgsVectorLayer
        app = QgsApplication([], False)
        app.initQgis()
        counts = {}
        for name in ["poi", "water", "cinema", "trip"]:
            layer = QgsVectorLayer(sys.argv[1] + "|layername=" + name, name, "ogr")
            counts[name] = layer.featureCount() if layer.isValid() else -1
        print(json.dumps(counts))
        """
        var environment = ProcessInfo.processInfo.environment
        environment["QT_QPA_PLATFORM"] = "offscreen"
        environment["HOME"] = w.directory.path
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, path], environment: environment)
        try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "QGIS failed (is python3-qgis installed? scripts/install-deps.sh): \(run.stderr)")
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Int], "\(run.stdout)")
        for kind in ["poi", "water", "cinema", "trip"] {
            let stored = try await Self.count(database, "SELECT COUNT(*) FROM \(kind)")
            #expect(counts[kind] == stored, "\(kind): \(counts)")
        }
    }

    /// GDAL's answer to an SQL count on a file (SQLite dialect).
    static func count(_ file: String, _ sql: String) async throws -> Int {
        let output = try await ChildProcess.output(of: "ogrinfo", ["-ro", "-q", "-dialect", "sqlite", "-sql", sql, file])
        let line = try #require(output.split(separator: "\n").first { $0.contains("(Integer") }, "\(output)")
        return try #require(Int(line.split(separator: "=").last!.trimmingCharacters(in: .whitespaces)))
    }
}
