import Foundation
import Testing
import TestSupport

// End-to-end tests of the built `waymark` executable, run as a subprocess. Every expectation comes
// from `fixture` (Workspace.swift) or from the files in Data/, worked out by hand or with PROJ's `geod`.

/// The features of a `--format json` answer, and its cursor.
func plainPage(_ text: String) throws -> (features: [[String: Any]], next: String?) {
    let object = try json(text)
    return (try #require(object["features"] as? [[String: Any]]), object["next"] as? String)
}

@Test func nearestAsGeoJSON() async throws {
    let workspace = try await Workspace.withFixture()
    let separate = try await run(["nearest", "--lat", "40.75", "--lon", "-73.98", "--limit", "2", "--format", "geojson"], env: workspace.env)
    let joined = try await run(["nearest", "--lat=40.75", "--lon=-73.98", "--limit=2", "--format=geojson"], env: workspace.env)
    #expect(separate.status == 0 && separate.stderr.isEmpty, "\(separate.stderr)")
    #expect(joined.stdout == separate.stdout)

    let collection = try json(separate.stdout)
    #expect(collection["type"] as? String == "FeatureCollection")
    let features = try #require(collection["features"] as? [[String: Any]])
    try #require(features.count == 2)
    for feature in features {
        #expect(feature["type"] as? String == "Feature")
        #expect(feature["id"] is String)
        let properties = try #require(feature["properties"] as? [String: Any])
        for key in ["name", "category", "kind", "distance_m"] { #expect(properties[key] != nil, "no \(key) in \(properties)") }
        #expect(properties["kind"] as? String == "poi")
    }
    let properties = features.map { $0["properties"] as? [String: Any] ?? [:] }
    #expect(properties.map { $0["name"] as? String } == ["Midtown Diner", "Bryant Park"])
    #expect(properties.map { $0["category"] as? String } == ["eat", "see"])
    #expect(properties[0]["distance_m"] as? Double == 0)
    let second = try #require(properties[1]["distance_m"] as? Double)
    #expect(abs(second - 482.547) < 0.002, "geod says 482.547 m, waymark says \(second)")
    // RFC 7946: [lon, lat].
    let coordinates = features.map { ($0["geometry"] as? [String: Any])?["coordinates"] as? [Double] }
    #expect(coordinates == [[-73.98, 40.75], [-73.9832, 40.7536]])
}

@Test(arguments: [
    ("-74.1,40.6,-73.9,40.8", ["Midtown Diner", "Bryant Park", "Café Lumière", "Liberty Ferry"]),
    ("170,-10,-170,10", ["Dateline East", "Dateline West"]),
    ("-180,-90,180,90", ["Midtown Diner", "Bryant Park", "Café Lumière", "Liberty Ferry", "Montauk Inn",
                         "Dateline East", "Dateline West", "Null Island"]),
])
func bboxFindsExactlyThePlacesInside(box: String, expected: [String]) async throws {
    let workspace = try await Workspace.withFixture()
    let result = try await run(["bbox", "--bbox", box, "--format", "json"], env: workspace.env)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let names = try plainPage(result.stdout).features.map { $0["name"] as? String ?? "?" }
    #expect(names.sorted() == expected.sorted())
}

@Test func withinAsTable() async throws {
    let workspace = try await Workspace.withFixture()
    let result = try await run(["within", "--lat", "40.75", "--lon", "-73.98", "--radius", "10000", "--format", "table"], env: workspace.env)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 5, "\(result.stdout)")
    #expect(lines[0].split(separator: " ").first == "km")
    // Nearest first, kilometres from geod (see `fixture`) with 3 decimals.
    let expected = [("0.000", "Midtown Diner"), ("0.483", "Bryant Park"), ("2.225", "Café Lumière"), ("8.112", "Liberty Ferry")]
    /// Where `text` starts in `line`, in characters as a terminal shows them.
    func column(of text: String, in line: String) -> Int? {
        line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }
    let nameColumn = try #require(column(of: "name", in: lines[0]))
    for ((km, name), line) in zip(expected, lines.dropFirst()) {
        #expect(line.split(separator: " ").first.map(String.init) == km, "\(line)")
        #expect(column(of: name, in: line) == nameColumn, "'\(name)' is not under 'name':\n\(result.stdout)")
    }
}

@Test(arguments: [
    (["nearest", "--lat", "95", "--lon", "0"], ["--lat", "95"]),
    (["nearest", "--lat", "0", "--lon", "-181"], ["--lon", "-181"]),
    (["nearest", "--lat", "nan", "--lon", "0"], ["--lat", "nan"]),
    (["nearest", "--lat", "0x1p4", "--lon", "0"], ["--lat", "0x1p4", "not a decimal number"]),
    // A decimal comma, as many languages write it: the hint names the number as it is meant.
    (["nearest", "--lat", "57,5", "--lon", "22"], ["--lat", "'57,5' is not a decimal number; use a decimal point: 57.5"]),
    (["within", "--lat", "57.5", "--lon", "22", "--radius=-1,5"], ["--radius", "use a decimal point: -1.5"]),
    // A misspelt option is said to be unknown (not taken for a missing --lat), with the nearest one.
    (["nearest", "--lattitude", "57.5", "--lon", "22"], ["'--lattitude' is not an option of waymark nearest; did you mean '--lat'?"]),
    (["cinemas", "--lat", "49.7", "--longitude=13.3"], ["'--longitude' is not an option of waymark cinemas; did you mean '--lon'?"]),
    (["timezone", "import", "--allow-shrnk", "zones.geojson"], ["'--allow-shrnk' is not an option of waymark timezone import; did you mean '--allow-shrink'?"]),
    (["within", "--lat", "0", "--lon", "0", "--radius", "+500"], ["--radius", "+500", "not a decimal number"]),
    (["render", "--center", "0,0", "--zoom", "inf", "--output", "x.png"], ["--zoom", "inf", "not a decimal number"]),
    (["nearest", "--lat", "0", "--lon", "0", "--limit", "0"], ["--limit", "0"]),
    (["within", "--lat", "0", "--lon", "0", "--radius", "-5"], ["--radius", "-5", "more than 0"]),
    (["nearest", "--lat", "0", "--lon", "0", "--max-distance", "-5"], ["--max-distance", "-5", "more than 0"]),
    (["bbox", "--bbox", "1,2,3"], ["--bbox", "got 3 value"]),
    (["bbox", "--bbox", "1,50,3,40"], ["--bbox", "minLat"]),
    (["nearest", "--lat", "0", "--lon", "0", "--lang", "l\tv"], ["--lang", "not a language code"]),
    (["render", "--center", "0,0", "--zoom", "3", "--lang", "x", "--output", "x.png"], ["--lang", "not a language code"]),
    (["nearest", "--lat", "0", "--lon", "0", "--category", "nosuchcode"],
     ["--category", "nosuchcode", "the known categories are cinema, do, eat, see, stay, trip, water"]),
])
func invalidArgumentsAreRefused(args: [String], message: [String]) async throws {
    let workspace = try await Workspace.withFixture()
    let result = try await run(args, env: workspace.env)
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    for part in message { #expect(result.stderr.contains(part), "'\(part)' not in: \(result.stderr)") }
}

@Test func invalidImports() async throws {
    let workspace = try await Workspace.withFixture()
    let world = ["bbox", "--bbox", "-180,-90,180,90", "--limit", "100", "--format", "json"]
    func storedNames() async throws -> Set<String> {
        Set(try plainPage(try await run(world, env: workspace.env).stdout).features.compactMap { $0["name"] as? String })
    }
    let before = try await storedNames()
    let mixed = try workspace.file("mixed.geojson", """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "Newcomer", "category": "eat"}, "geometry": {"type": "Point", "coordinates": [10, 10]}},
          {"type": "Feature", "properties": {"category": "eat"}, "geometry": {"type": "Point", "coordinates": [11, 11]}},
          {"type": "Feature", "properties": {"name": "Off the map", "category": "eat"}, "geometry": {"type": "Point", "coordinates": [200, 0]}}
        ]}
        """)

    let refused = try await run(["import", mixed], env: workspace.env)
    #expect(refused.status != 0)
    #expect(refused.stdout.isEmpty)
    for part in ["\(mixed): feature 1: name: missing", "\(mixed): feature 2: lon: 200", "nothing was stored"] {
        #expect(refused.stderr.contains(part), "'\(part)' not in: \(refused.stderr)")
    }
    #expect(try await storedNames() == before)

    let skipping = try await run(["import", "--skip-invalid", mixed], env: workspace.env)
    #expect(skipping.status == 0)
    #expect(skipping.stdout == "imported 1 poi from 1 file(s); 1 given the time zone of their position; skipped 2 invalid record(s)\n")
    #expect(skipping.stderr.contains("skipped \(mixed): feature 1: name: missing"), "\(skipping.stderr)")
    #expect(skipping.stderr.contains("skipped \(mixed): feature 2: lon: 200"), "\(skipping.stderr)")
    #expect(try await storedNames() == before.union(["Newcomer"]))

    let unknown = try workspace.file("notes.doc", "Midtown Diner,40.75,-73.98\n")
    let missing = workspace.directory.appendingPathComponent("missing.geojson").path
    // A .txt is read as a GeoNames dump: a line of another kind is refused, naming it.
    let notGeoNames = try workspace.file("notes.txt", "Midtown Diner,40.75,-73.98\n")
    for (file, reason) in [(unknown, "unknown format"), (missing, "cannot read"), (notGeoNames, "not a GeoNames place dump: line 1 has 1 tab-separated field(s)")] {
        let result = try await run(["import", file], env: workspace.env)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(file) && result.stderr.contains(reason), "\(result.stderr)")
    }
}

/// An import that fails removes the database it created, and leaves one that was there as it was.
@Test func aFailedImportLeavesNoNewDatabaseAndTheOldOneAsItWas() async throws {
    let workspace = try await Workspace.withFixture()
    let missing = workspace.directory.appendingPathComponent("nosuch.geojson").path
    let invalid = try workspace.file("invalid.geojson", #"{"type": "Feature", "properties": {"category": "eat"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}"#)
    for (file, reason) in [(missing, "cannot read"), (invalid, "name: missing")] {
        let new = workspace.directory.appendingPathComponent("new.sqlite").path
        let result = try await run(["import", "--db", new, file])
        #expect(result.status != 0 && result.stderr.contains(reason), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path).filter { $0.hasPrefix("new.sqlite") }
        #expect(left.isEmpty, "\(left)")

        let old = workspace.directory.appendingPathComponent("test.sqlite")
        let before = try Data(contentsOf: old)
        #expect(try await run(["import", "--db", old.path, file]).status != 0)
        #expect(try Data(contentsOf: old) == before)
    }
}

@Test func stats() async throws {
    let empty = try Workspace()
    let created = try await run(["import", try empty.file("none.geojson", #"{"type": "FeatureCollection", "features": []}"#)], env: empty.env)
    #expect(created.status == 0 && created.stdout == "imported nothing from 1 file(s)\n", "\(created)")
    let catches = try await run(["stats", "catches"], env: empty.env)
    #expect(catches.status == 0 && catches.stderr.isEmpty, "\(catches.stderr)")
    #expect(catches.stdout == "(no trips recorded)\n", "\(catches.stdout)")

    let workspace = try await Workspace.withFixture()
    let categories = try await run(["stats", "categories"], env: workspace.env)
    #expect(categories.status == 0 && categories.stderr.isEmpty, "\(categories.stderr)")
    let rows = categories.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ").map(String.init) }
    // category, kind, count, with position: counted in `fixture`.
    #expect(rows == [["do", "poi", "2", "2"], ["eat", "poi", "2", "2"], ["see", "poi", "3", "3"], ["stay", "poi", "2", "1"]])
}

@Test func defaultDataset() async throws {
    let cache = try Workspace()
    let env = ["XDG_CACHE_HOME": cache.directory.path]
    let nearest = try await run(["nearest", "--lat", "57.50935", "--lon", "22.80612", "--limit", "1", "--format", "json"], env: env)
    #expect(nearest.status == 0 && nearest.stderr.isEmpty, "\(nearest.stderr)")
    // The first <objekts> of Data/travel-guide/objekti.xml lies at exactly this point.
    let first = try #require(try plainPage(nearest.stdout).features.first)
    #expect(first["name"] as? String == "Rojas pludmale un moli")
    #expect(first["distance_m"] as? Double == 0)

    let database = cache.directory.appendingPathComponent("waymark/default.sqlite").path
    let built = try FileManager.default.attributesOfItem(atPath: database)

    // Stays: the travel guide's "Kur palikt" (with or without a position) and Helsinki's lodgings.
    let data = packageRoot.appendingPathComponent("Data")
    let guide = try String(contentsOf: data.appendingPathComponent("travel-guide/objekti.xml"), encoding: .utf8)
        .components(separatedBy: "<objekts>").filter { $0.contains("<tips>Kur palikt</tips>") }
    let lodging = Set(["hotel", "guest_house", "hostel", "motel", "camp_site", "caravan_site", "chalet", "apartment"].map { "tourism=" + $0 })
    let helsinki = try #require(try json(String(contentsOf: data.appendingPathComponent("osm/helsinki_pois.geojson"), encoding: .utf8))["features"]
        as? [[String: Any]]).filter { lodging.contains(($0["properties"] as? [String: Any])?["category"] as? String ?? "") }
    let stays = guide.count + helsinki.count
    let located = guide.filter { !$0.contains("<latitude></latitude>") }.count + helsinki.filter { $0["geometry"] is [String: Any] }.count

    let categories = try await run(["stats", "categories"], env: env)
    #expect(categories.status == 0 && categories.stderr.isEmpty, "\(categories.stderr)")
    let stay = categories.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.first { $0.first == "stay" }
    #expect(stay == ["stay", "poi", String(stays), String(located)], "\(categories.stdout)")

    // The default database holds the world's zones: its OpenStreetMap cinemas, which name none, are in Helsinki's.
    let zone = try await run(["timezone", "--lat", "56.95", "--lon", "24.1", "--format", "json"], env: env)
    #expect(try json(zone.stdout)["zone"] as? String == "Europe/Riga", "\(zone)")
    let cinemas = try await run(["nearest", "--lat", "60.17", "--lon", "24.94", "--category", "cinema", "--format", "json"], env: env)
    #expect(Set(try plainPage(cinemas.stdout).features.map { $0["timezone"] as? String }) == ["Europe/Helsinki"], "\(cinemas.stdout)")

    // The later runs reused the database built by the first.
    let reused = try FileManager.default.attributesOfItem(atPath: database)
    #expect(reused[.modificationDate] as? Date == built[.modificationDate] as? Date)
    #expect(reused[.systemFileNumber] as? Int == built[.systemFileNumber] as? Int)
}

/// The default database is the demo's, rebuilt from Data/ alone: an import must name a database
/// of its own, else its rows would vanish at the next rebuild.
@Test func importWithoutADatabaseOfItsOwnIsRefused() async throws {
    let workspace = try Workspace()
    let places = try workspace.file("places.geojson", fixture)
    let cache = ["XDG_CACHE_HOME": workspace.directory.appendingPathComponent("cache").path]
    for env in [cache, cache.merging(["WAYMARK_DB": ""]) { $1 }] {
        let refused = try await run(["import", places], env: env)
        #expect(refused.status != 0 && refused.stdout.isEmpty, "\(refused)")
        #expect(refused.stderr.contains("--db") && refused.stderr.contains("$WAYMARK_DB"), "\(refused.stderr)")
    }
    let empty = try await run(["import", "--db", "", places], env: cache)
    #expect(empty.status != 0 && empty.stderr.contains("--db: empty"), "\(empty.stderr)")
    // Nothing was written, nor the default database built.
    #expect(!FileManager.default.fileExists(atPath: cache["XDG_CACHE_HOME"]! + "/waymark/default.sqlite"))
}

@Test(arguments: [
    ["nearest", "--lat", "40.75", "--lon", "-73.98"],
    ["bbox", "--bbox", "-180,-90,180,90"],
])
func pagingWalksTheWholeAnswer(query: [String]) async throws {
    let workspace = try await Workspace.withFixture()
    let all = try plainPage(try await run(query + ["--limit", "100", "--format", "json"], env: workspace.env).stdout)
    // Nearest lists the place without a position too (last); no box holds it.
    #expect(all.features.count == (query[0] == "nearest" ? 9 : 8) && all.next == nil)
    let allIDs = all.features.map { $0["id"] as? String }

    let table = try await run(query + ["--limit", "1"], env: workspace.env)
    let more = try #require(table.stdout.split(separator: "\n").last { $0.hasPrefix("more: --cursor ") }, "\(table.stdout)")
    let cursor = String(more.dropFirst("more: --cursor ".count))
    let second = try plainPage(try await run(query + ["--limit", "1", "--cursor", cursor, "--format", "json"], env: workspace.env).stdout)
    #expect(second.features.map { $0["id"] as? String } == [allIDs[1]])

    var walked: [String?] = []
    var next: String? = nil
    repeat {
        let page = try plainPage(try await run(query + ["--limit", "1", "--format", "json"] + (next.map { ["--cursor", $0] } ?? []),
                                         env: workspace.env).stdout)
        walked += page.features.map { $0["id"] as? String }
        next = page.next
    } while next != nil && walked.count <= allIDs.count
    #expect(walked == allIDs)
}

/// `waymark render`: the image is written whole with the size asked for, wherever the map is
/// centred; bad arguments are refused naming the option, and no file is left behind.
@Test(arguments: [
    ["--center", "0,0", "--zoom", "0"],
    ["--center", "0,179.9", "--zoom", "3"],
    ["--center", "40.75,-73.98", "--zoom", "12"],
    ["--bbox", "170,-10,-170,10"],
    [],
])
func renderWritesAWholeImage(framing: [String]) async throws {
    let workspace = try await Workspace.withFixture()
    let output = workspace.directory.appendingPathComponent("map.png").path
    let result = try await run(["render", "--size", "320x200", "--scale", "2", "--output", output] + framing, env: workspace.env)
    #expect(result.status == 0, "\(framing): \(result.stderr)")
    let png = try Data(contentsOf: URL(fileURLWithPath: output))
    // The PNG signature, then IHDR's width and height (big-endian) at bytes 16…23.
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let be = { (o: Int) in png[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be(16) == 640 && be(20) == 400)
}

@Test(arguments: [
    (["--size", "0x10"], "--size"), (["--size", "9000x10"], "--size"), (["--size", "3000x3000", "--scale", "3"], "--size"),
    (["--scale", "4"], "--scale"), (["--center", "89,0", "--zoom", "3"], "--center"), (["--zoom", "3"], "--zoom"),
    (["--center", "1,1", "--zoom", "30"], "--zoom"), (["--category", "nosuch"], "--category"), (["--style", "nosuch"], "nosuch"),
])
func renderRefusesBadArguments(args: [String], field: String) async throws {
    let workspace = try await Workspace.withFixture()
    let output = workspace.directory.appendingPathComponent("bad.png").path
    let result = try await run(["render", "--output", output] + args, env: workspace.env)
    #expect(result.status != 0 && result.stderr.contains(field), "\(args): \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
}

/// `waymark render --crs`: a projected CRS draws the map (at the default size), anything else is
/// refused naming `--crs`, and no file is left behind.
@Test func renderDrawsInAProjectedCRS() async throws {
    let workspace = try await Workspace.withFixture()
    let output = workspace.directory.appendingPathComponent("latvia.png").path
    let result = try await run(["render", "--crs", "EPSG:3059", "--bbox", "20.9,55.6,28.3,58.1", "--output", output], env: workspace.env)
    #expect(result.status == 0, "\(result.stderr)")
    let png = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR's width and height (big-endian) at bytes 16…23: the default --size 1024x768.
    let be = { (o: Int) in png[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(png.count > 24 && png[12..<16] == Data("IHDR".utf8))
    #expect(be(16) == 1024 && be(20) == 768)
}

@Test(arguments: [
    ("EPSG:4326", "not a projected CRS"), ("nonsense", "nonsense"), ("EPSG:999999", "999999"),
])
func renderRefusesACRSThatIsNotAProjectedOne(crs: String, reason: String) async throws {
    let workspace = try await Workspace.withFixture()
    let output = workspace.directory.appendingPathComponent("bad.png").path
    let result = try await run(["render", "--crs", crs, "--bbox", "20.9,55.6,28.3,58.1", "--output", output], env: workspace.env)
    #expect(result.status != 0)
    #expect(result.stderr.contains("--crs") && result.stderr.contains(reason), "\(crs): \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
}
