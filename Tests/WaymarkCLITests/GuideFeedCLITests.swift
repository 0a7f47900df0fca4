import Foundation
import Testing
import TestSupport

// The travel guide's feed as AmberKit serves it (Tests/Fixtures/TravelGuide/objekti.xml: "Telts
// vietas Rojā" twice, `Ko darīt ?`, `Kur palikt?`, 12 of 14 places to stay without coordinates),
// and the CLI's words around queries. Distances by PROJ's geod:
// `echo "57.5093 22.8061 LAT LON" | geod +ellps=WGS84 -I +units=m`.

private let amberKitFeed = packageRoot.appendingPathComponent("Tests/Fixtures/TravelGuide/objekti.xml").path
private let roja = ["--lat", "57.5093", "--lon", "22.8061"]

/// The 14 places to stay of the feed, in its order (the guide's list, "Telts vietas Rojā" twice).
private let placesToStay = [
    "Sporta un atpūtas komplekss \"Dzintarkrasts\"", "Brīvdienu māja \"Vinkalni\"", "Telts vietas Rojā", "Hotel \"Rādeni\"",
    "Telts vietas Ģipkā", "Kempings \"Tāti\"", "Kempings \"Pļaucaki\"", "Brīvdienu māja \"Vimbas\"", "Brīvdienu māja \"Brājtīrumi\"",
    "Brīvdienu māja \"Vecmuižas\"", "Viesu nams \"Lēveni\"", "Lauku māja \"Klētņieki\"", "Viesu nams \"Zivtīpi\"", "Telts vietas Rojā",
]

private func workspaceWithFeed(_ extra: [String] = []) async throws -> Workspace {
    let workspace = try Workspace()
    let imported = try await run(["import", amberKitFeed] + extra, env: workspace.env)
    try #require(imported.status == 0, "\(imported.stderr)")
    return workspace
}

@Test func theAmberKitFeedImportsEveryObjectDuplicateNamesAndQuestionMarksIncluded() async throws {
    let workspace = try Workspace()
    let imported = try await run(["import", amberKitFeed], env: workspace.env)
    // Its only words on stderr: the new database's zones.
    #expect(imported.status == 0 && imported.stderr.hasPrefix("note: a new database") && imported.stderr.split(separator: "\n").count == 1, "\(imported.stderr)")
    #expect(imported.stdout == "imported 15 poi from 1 file(s); 3 given the time zone of their position\n")
    // Imported again: the same 15 rows, none doubled (each object keeps its id).
    let again = try await run(["import", amberKitFeed], env: workspace.env)
    #expect(again.stdout == "imported 15 poi from 1 file(s); 3 given the time zone of their position\n", "\(again.stderr)")
    let stats = try await run(["stats", "categories"], env: workspace.env)
    #expect(stats.stdout.split(separator: "\n").contains { $0.split(separator: " ").filter { !$0.isEmpty } == ["stay", "poi", "14", "2"] }, "\(stats.stdout)")
    #expect(stats.stdout.split(separator: "\n").contains { $0.split(separator: " ").filter { !$0.isEmpty } == ["do", "poi", "1", "1"] }, "\(stats.stdout)")
}

@Test func nearestListsPlacesWithoutCoordinatesAfterTheOthersWithoutADistance() async throws {
    let workspace = try await workspaceWithFeed()
    let result = try await run(["nearest"] + roja + ["--category", "stay", "--limit", "20", "--format", "geojson"], env: workspace.env)
    #expect(result.status == 0, "\(result.stderr)")
    let features = try #require(try json(result.stdout)["features"] as? [[String: Any]])
    let properties = features.map { $0["properties"] as? [String: Any] ?? [:] }
    try #require(features.count == 14, "\(result.stdout)")
    // The two with a position first, nearest first (geod: 787.401 m and 4054.329 m).
    #expect(properties.prefix(2).map { $0["name"] as? String } == ["Telts vietas Rojā", "Kempings \"Pļaucaki\""])
    let distances = properties.prefix(2).compactMap { $0["distance_m"] as? Double }
    #expect(distances.count == 2 && abs(distances[0] - 787.401) < 0.01 && abs(distances[1] - 4054.329) < 0.01, "\(distances)")
    // Then the twelve without: no distance, a null geometry (RFC 7946 §3.2).
    for (feature, p) in zip(features.dropFirst(2), properties.dropFirst(2)) {
        #expect(p["distance_m"] == nil && feature["geometry"] is NSNull, "\(feature)")
    }
    var expected = placesToStay
    for located in ["Telts vietas Rojā", "Kempings \"Pļaucaki\""] { expected.remove(at: expected.firstIndex(of: located)!) }
    #expect(properties.dropFirst(2).compactMap { $0["name"] as? String }.sorted() == expected.sorted())

    // Page by page (the cursor passes from the located to the others): the same 14, none twice.
    var names: [String] = [], cursor: String?
    repeat {
        let page = try await run(["nearest"] + roja + ["--category", "stay", "--limit", "3", "--format", "json"] + (cursor.map { ["--cursor", $0] } ?? []), env: workspace.env)
        #expect(page.status == 0, "\(page.stderr)")
        let (features, next) = try plainPage(page.stdout)
        names += features.compactMap { $0["name"] as? String }
        cursor = next
    } while cursor != nil && names.count < 30
    #expect(names == properties.compactMap { $0["name"] as? String })

    // The table leaves their km empty; no radius holds them, nor any box.
    let table = try await run(["nearest"] + roja + ["--category", "stay", "--limit", "3", "--cursor", try #require(cursorAfterTwo(workspace))], env: workspace.env)
    // Every row's km cell empty: the column is as wide as its heading, "km", then two spaces.
    let rows = table.stdout.split(separator: "\n").dropFirst().prefix(3)
    #expect(rows.count == 3 && rows.allSatisfy { $0.hasPrefix("    ") }, "\(table.stdout)")
    let within = try await run(["within"] + roja + ["--radius", "20000000", "--category", "stay", "--format", "json"], env: workspace.env)
    #expect(try plainPage(within.stdout).features.count == 2)
    let box = try await run(["bbox", "--bbox", "-180,-90,180,90", "--category", "stay", "--format", "json"], env: workspace.env)
    #expect(try plainPage(box.stdout).features.count == 2)
}

/// The cursor after the first two places to stay (the located ones).
private func cursorAfterTwo(_ workspace: Workspace) async throws -> String? {
    let page = try await run(["nearest"] + roja + ["--category", "stay", "--limit", "2", "--format", "json"], env: workspace.env)
    return try plainPage(page.stdout).next
}

@Test func langTranslatesTheDescriptionAsWellAsTheName() async throws {
    let workspace = try Workspace()
    let guide = ["objekti.xml", "objekti-eng.xml"].map { packageRoot.appendingPathComponent("Data/travel-guide/\($0)").path }
    let imported = try await run(["import"] + guide, env: workspace.env)
    try #require(imported.status == 0, "\(imported.stderr)")
    // The oracle: the beach's <apraksts> in each file, as the files say it.
    func description(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return String(try #require(text.firstMatch(of: #/<apraksts>([^<]+)</apraksts>/#)).1)
    }
    for (lang, file) in [("en", guide[1]), ("lv", guide[0])] {
        for format in ["json", "geojson"] {
            let result = try await run(["nearest"] + roja + ["--category", "do", "--limit", "1", "--lang", lang, "--format", format], env: workspace.env)
            let object = try json(result.stdout)
            let features = try #require(object["features"] as? [[String: Any]])
            let p = try #require(format == "json" ? features.first : features.first?["properties"] as? [String: Any])
            #expect(p["description"] as? String == (try description(file)), "\(lang) \(format): \(p)")
            #expect(p["name"] as? String == (lang == "en" ? "Roja beach and piers" : "Rojas pludmale un moli"))
        }
    }
}

@Test func aCategoryLabelIsAcceptedWhereACodeIs() async throws {
    let workspace = try await workspaceWithFeed()
    let byCode = try await run(["nearest"] + roja + ["--category", "stay", "--limit", "20", "--format", "json"], env: workspace.env)
    for label in ["Kur palikt", "kur palikt?", "Where to stay", "Kde se ubytovat"] {
        let byLabel = try await run(["nearest"] + roja + ["--category", label, "--limit", "20", "--format", "json"], env: workspace.env)
        #expect(byLabel.status == 0 && byLabel.stderr.isEmpty, "\(label): \(byLabel.stderr)")
        #expect(byLabel.stdout == byCode.stdout, "\(label)")
    }
    let mixed = try await run(["bbox", "--bbox", "22.7,57.4,22.9,57.6", "--category", "Ko darīt,stay", "--format", "json"], env: workspace.env)
    #expect(try plainPage(mixed.stdout).features.compactMap { $0["name"] as? String }.sorted()
            == ["Kempings \"Pļaucaki\"", "Rojas pludmale un moli", "Telts vietas Rojā"])
}

@Test func sourceSelectsTheRecordsOfOneSource() async throws {
    let workspace = try await workspaceWithFeed()
    let osm = try workspace.file("roja-osm.geojson", """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "Test marina", "category": "tourism=attraction", "osm_type": "node", "osm_id": 1},
           "geometry": {"type": "Point", "coordinates": [22.8070, 57.5100]}}]}
        """)
    let imported = try await run(["import", osm], env: workspace.env)
    try #require(imported.status == 0, "\(imported.stderr)")
    for (source, expected) in [("osm", ["Test marina"]), ("travel-guide", ["Rojas pludmale un moli"]), ("osm,travel-guide", ["Rojas pludmale un moli", "Test marina"])] {
        for command in [["nearest"] + roja + ["--category", "do,see", "--limit", "5"], ["bbox", "--bbox", "22.7,57.4,22.9,57.6", "--category", "do,see"],
                        ["within"] + roja + ["--radius", "5000", "--category", "do,see"]] {
            let result = try await run(command + ["--source", source, "--format", "json"], env: workspace.env)
            #expect(try plainPage(result.stdout).features.compactMap { $0["name"] as? String }.sorted() == expected, "\(command) \(source): \(result.stderr)")
        }
    }
    let none = try await run(["nearest"] + roja + ["--source", "", "--format", "json"], env: workspace.env)
    #expect(none.status != 0 && none.stderr.contains("--source"), "\(none.stderr)")
}

@Test func anUnknownCommandIsNamedAndTheCommandsListed() async throws {
    let result = try await run(["frobnicate", "--db", "x.sqlite", "plaucaki"])
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains("'frobnicate' is not a waymark command"), "\(result.stderr)")
    #expect(!result.stderr.contains("Unknown option"), "\(result.stderr)")
    for command in ["import", "nearest", "within", "bbox", "render", "serve"] { #expect(result.stderr.contains(command), "\(result.stderr)") }
    // Known commands and options are read as before.
    let help = try await run(["--help"])
    #expect(help.status == 0 && help.stdout.contains("nearest"))
}

@Test func anEngineErrorShowsItsCommandsUsage() async throws {
    let workspace = try await workspaceWithFeed()
    for (command, usage) in [(["within"] + roja + ["--radius", "-5"], "Usage: waymark within "),
                             (["delete", "--category", "nosuchcategory"], "Usage: waymark delete ")] {
        let result = try await run(command, env: workspace.env)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(usage) && result.stderr.contains("See '\(usage.dropFirst(7))--help'"), "\(result.stderr)")
        #expect(!result.stderr.contains("<subcommand>"), "\(result.stderr)")
    }
}

@Test func aBoxGivenLatitudeFirstThatFindsNothingHintsAtTheOrder() async throws {
    let workspace = try await workspaceWithFeed()
    let latitudeFirst = try await run(["bbox", "--bbox", "57.49,22.77,57.52,22.83"], env: workspace.env)
    #expect(latitudeFirst.status == 0, "the answer stays an empty answer: \(latitudeFirst)")
    #expect(latitudeFirst.stdout.contains("(nothing found)"))
    #expect(latitudeFirst.stderr.contains("MINLON,MINLAT,MAXLON,MAXLAT") && latitudeFirst.stderr.contains("--bbox 22.77,57.49,22.83,57.52"), "\(latitudeFirst.stderr)")
    // The box it suggests holds the beach (57.50935 N 22.80612 E) and the tent sites (57.50410 N 22.79720 E).
    let suggested = try await run(["bbox", "--bbox", "22.77,57.49,22.83,57.52", "--format", "json"], env: workspace.env)
    #expect(try plainPage(suggested.stdout).features.compactMap { $0["name"] as? String }.sorted() == ["Rojas pludmale un moli", "Telts vietas Rojā"])
    #expect(suggested.stderr.isEmpty)
    // A box given longitude first that holds nothing, read the other way, holds nothing either: no hint.
    let andorra = try await run(["bbox", "--bbox", "1.4,42.4,1.8,42.7"], env: workspace.env)
    #expect(andorra.status == 0 && andorra.stdout.contains("(nothing found)") && andorra.stderr.isEmpty, "\(andorra)")
    // No hint when the box finds something, or when its longitudes cannot be latitudes.
    let far = try await run(["bbox", "--bbox", "120,-10,130,10"], env: workspace.env)
    #expect(far.stdout.contains("(nothing found)") && far.stderr.isEmpty, "\(far.stderr)")
}
