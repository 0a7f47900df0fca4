import Foundation
import Testing
import TestSupport

// `--source`, `--replace-source`, `delete`, `cinemas` and the catch statistics through the built
// executable: exit codes, and errors that name the option at fault.

@Test func replaceSourceRemovesWhatTheNewFileNoLongerHas() async throws {
    let workspace = try Workspace()
    let first = try workspace.file("roja.csv", "name,category,lat,lon\nKafejnīca Jūra,eat,57.5068,22.8032\nRojas muzejs,see,57.5088,22.8081\n")
    #expect(try await run(["import", first], env: workspace.env).stdout == "imported 2 poi from 1 file(s); 2 given the time zone of their position\n")
    let renamed = try workspace.file("roja-2.csv", "name,category,lat,lon\nKafejnīca Jūra,eat,57.5068,22.8032\nRojas Jūras muzejs,see,57.5088,22.8081\n")
    let replaced = try await run(["import", "--source", "roja.csv", "--replace-source", renamed], env: workspace.env)
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(replaced.stdout == "imported 2 poi from 1 file(s); 2 given the time zone of their position; deleted 1 poi no longer in roja.csv\n")
    let names = try await run(["bbox", "--bbox", "22.7,57.4,22.9,57.6", "--format", "json"], env: workspace.env)
    #expect(Set(try plainPage(names.stdout).features.compactMap { $0["name"] as? String }) == ["Kafejnīca Jūra", "Rojas Jūras muzejs"])
}

/// An empty file (or one with far fewer records) as a source's new version would delete most of
/// the source: refused with the counts and a non-zero exit, nothing changed; --allow-shrink takes it.
@Test func replaceSourceByAnEmptyFileIsRefusedUnlessAllowedToShrink() async throws {
    let workspace = try Workspace()
    let first = try workspace.file("roja.csv", "name,category,lat,lon\nKafejnīca Jūra,eat,57.5068,22.8032\nRojas muzejs,see,57.5088,22.8081\n")
    #expect(try await run(["import", first], env: workspace.env).status == 0)
    let empty = try workspace.file("empty.csv", "name,category,lat,lon\n")
    let refused = try await run(["import", "--source", "roja.csv", "--replace-source", empty], env: workspace.env)
    #expect(refused.status != 0, "\(refused)")
    #expect(refused.stderr.contains("source 'roja.csv': refused, nothing was replaced: it would store 0 record(s) and remove 2")
            && refused.stderr.contains("--allow-shrink"), "\(refused.stderr)")
    let kept = try await run(["bbox", "--bbox", "22.7,57.4,22.9,57.6", "--format", "json"], env: workspace.env)
    #expect(try plainPage(kept.stdout).features.count == 2)
    let allowed = try await run(["import", "--source", "roja.csv", "--replace-source", "--allow-shrink", empty], env: workspace.env)
    #expect(allowed.status == 0 && allowed.stdout.contains("deleted 2 poi no longer in roja.csv"), "\(allowed)")
    let alone = try await run(["import", "--allow-shrink", first], env: workspace.env)
    #expect(alone.status == 64 && alone.stderr.contains("--allow-shrink: only with --replace-source"), "\(alone)")
}

@Test func deleteRefusesBadInputWithTheFieldAndChangesNothing() async throws {
    let workspace = try await Workspace.withFixture()
    for (args, words) in [(["delete", "poi/1", "poi/999"], "no poi is stored as poi/999"),
                          (["delete", "--source", "nothing.csv"], "--source: no stored record comes from 'nothing.csv'"),
                          (["delete", "--bbox", "1,2,3"], "--bbox:"),
                          (["delete", "--category", "nosuch"], "--category: unknown nosuch"),
                          (["delete", "shop/3"], "'shop/3' is not a feature id"),
                          (["delete"], "give ids, --source NAME, or --bbox/--category")] {
        let result = try await run(args, env: workspace.env)
        #expect(result.status != 0 && result.stderr.contains(words), "\(args): \(result.status) \(result.stderr)")
    }
    let all = try await run(["bbox", "--bbox", "-180,-90,180,90", "--limit", "100", "--format", "json"], env: workspace.env)
    #expect(try plainPage(all.stdout).features.count == 8, "the eight located places are all still there")

    let deleted = try await run(["delete", "--category", "eat", "--bbox", "-74.1,40.6,-73.9,40.8"], env: workspace.env)
    #expect(deleted.status == 0 && deleted.stdout == "deleted 2 poi\n", "\(deleted.stdout) \(deleted.stderr)")
    let bySource = try await run(["delete", "--source", "places.geojson"], env: workspace.env)
    #expect(bySource.status == 0 && bySource.stdout == "deleted 7 poi\n", "\(bySource.stdout) \(bySource.stderr)")
}

@Test func cinemasListTheDaysProgrammeFromTheExampleFile() async throws {
    let workspace = try Workspace()
    let example = packageRoot.appendingPathComponent("Data/examples/cinema-programme-2012-05-08.geojson").path
    let imported = try await run(["import", "--source", "cinemacity", example], env: workspace.env)
    #expect(imported.stdout.hasPrefix("imported 1 cinema from 1 file(s)"), "\(imported.stdout) \(imported.stderr)")
    let table = try await run(["cinemas", "--lat", "49.7475", "--lon", "13.3776", "--date", "2012-05-08", "--film", "avengers"], env: workspace.env)
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("Cinema City Plzeň Plaza") && table.stdout.contains("2012-05-08 20:45 +02:00"), "\(table.stdout)")
    #expect(!table.stdout.contains("Muži v naději"))
    let far = try await run(["cinemas", "--lat", "49.7475", "--lon", "13.3776", "--date", "2012-05-08", "--radius", "100"], env: workspace.env)
    #expect(far.stdout.contains("(no cinema with screenings on that day)"), "\(far.stdout)")
    let noFilm = try await run(["cinemas", "--lat", "49.7475", "--lon", "13.3776", "--date", "2012-05-08", "--film", "Titanik"], env: workspace.env)
    #expect(noFilm.status == 0 && noFilm.stdout.contains("(no cinema nearby shows a film whose title contains 'Titanik' on that day)"), "\(noFilm.stdout)")
    let bad = try await run(["cinemas", "--lat", "49.7", "--lon", "13.3", "--date", "2012-13-01"], env: workspace.env)
    #expect(bad.status != 0 && bad.stderr.contains("--date: '2012-13-01' is not a date"), "\(bad.stderr)")
    let badRadius = try await run(["cinemas", "--lat", "49.7", "--lon", "13.3", "--radius", "-5"], env: workspace.env)
    #expect(badRadius.status != 0 && badRadius.stderr.contains("--radius:"), "\(badRadius.stderr)")
}

@Test func catchStatisticsAsJSONAndTheirBadGrouping() async throws {
    let workspace = try Workspace()
    let diary = try workspace.file("diary.geojson", """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "t1", "geometry": {"type": "Point", "coordinates": [1.525, 42.469]},
       "properties": {"kind": "trip", "name": "Ráno", "timezone": "Europe/Andorra",
         "catches": [{"species": "Pstruh obecný", "time": "2024-01-01T00:30"}, {"species": "pstruh obecný", "weight_kg": 0.4,
                      "time": "2024-01-01T00:40"}]}},
      {"type": "Feature", "id": "t2", "geometry": {"type": "Point", "coordinates": [1.525, 42.469]},
       "properties": {"kind": "trip", "name": "Nic", "timezone": "Europe/Andorra", "start": "2024-01-03T07:00", "end": "2024-01-04T09:00"}}]}
    """)
    #expect(try await run(["import", diary], env: workspace.env).status == 0)
    let table = try await run(["stats", "catches", "--by", "species,year"], env: workspace.env)
    // The blank trip of two days, then the trout's trip; the columns by name.
    let lines = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
    #expect(lines.first?.suffix(5) == ["cm", "trips", "days", "out", "blank"], "\(table.stdout)")
    #expect(lines.dropFirst().first?.prefix(3) == ["(no", "catch)", "2024"] && lines.dropFirst().first?.suffix(4) == ["0", "1", "2", "1"], "\(table.stdout)")
    #expect(table.stdout.contains("Pstruh obecný") && table.stdout.contains("1 of 2"), "\(table.stdout)")
    #expect(lines.last?.suffix(3) == ["1", "1", "0"], "\(table.stdout)")
    let result = try await run(["stats", "catches", "--by", "species,year", "--format", "json", "--species", "PSTRUH OBECNÝ"], env: workspace.env)
    let entries = try #require(try json(result.stdout)["catches"] as? [[String: Any]])
    #expect(entries.count == 1)
    #expect(entries.first?["year"] as? String == "2024" && entries.first?["unweighed"] as? Int == 1 && entries.first?["total_weight_kg"] as? Double == 0.4)
    #expect(entries.first?["trips"] as? Int == 1 && entries.first?["days_out"] as? Int == 1 && entries.first?["blank_trips"] as? Int == 0)
    let none = try await run(["stats", "catches", "--year", "2023", "--water", "Valira"], env: workspace.env)
    #expect(none.status == 0 && none.stdout.contains("(no trips recorded in 2023, on Valira)"), "\(none.stdout)")
    let bad = try await run(["stats", "catches", "--by", "fish"], env: workspace.env)
    #expect(bad.status != 0 && bad.stderr.contains("--by: 'fish' is not one of water, species, year"), "\(bad.stderr)")
    let badYear = try await run(["stats", "catches", "--year", "24/25"], env: workspace.env)
    #expect(badYear.status != 0 && badYear.stderr.contains("--year: '24/25' is not a year"), "\(badYear.stderr)")
}

@Test func aSourceNamedLikeAGlobalOneIsRefused() async throws {
    let workspace = try Workspace()
    let file = try workspace.file("a.csv", "name,category,lat,lon\nA,eat,57.5,22.8\n")
    let result = try await run(["import", "--source", "osm", file], env: workspace.env)
    #expect(result.status != 0 && result.stderr.contains("--source: 'osm'"), "\(result.stderr)")
}

/// `delete --source` reads a comma-separated list as the queries' `--source` does, and deletes
/// every record of each source, in one transaction; one unknown name deletes nothing.
@Test func deleteSourceTakesAListAndDeletesEveryOne() async throws {
    let workspace = try Workspace()
    for (name, place) in [("a.csv", "Alpha"), ("b.csv", "Beta"), ("c.csv", "Gamma")] {
        let imported = try await run(["import", try workspace.file(name, "name,category,lat,lon\n\(place),eat,57.5,22.8\n")], env: workspace.env)
        #expect(imported.status == 0, "\(imported.stderr)")
    }
    let world = ["bbox", "--bbox", "-180,-90,180,90", "--format", "json"]
    func names() async throws -> Set<String> {
        Set(try plainPage(try await run(world, env: workspace.env).stdout).features.compactMap { $0["name"] as? String })
    }
    let refused = try await run(["delete", "--source", "a.csv,nosuch.csv"], env: workspace.env)
    #expect(refused.status != 0 && refused.stderr.contains("--source: no stored record comes from 'nosuch.csv'; the known sources are a.csv, b.csv, c.csv"),
            "\(refused.stderr)")
    #expect(try await names() == ["Alpha", "Beta", "Gamma"])
    let deleted = try await run(["delete", "--source", "a.csv, b.csv"], env: workspace.env)
    #expect(deleted.status == 0 && deleted.stdout == "deleted 2 poi\n", "\(deleted.stdout) \(deleted.stderr)")
    #expect(try await names() == ["Gamma"])
}

/// An unknown source is an error wherever `--source` selects, as an unknown category is, naming
/// the option and the known sources.
@Test(arguments: [
    ["nearest", "--lat", "40.75", "--lon", "-73.98"], ["within", "--lat", "40.75", "--lon", "-73.98", "--radius", "5000"],
    ["bbox", "--bbox", "-180,-90,180,90"], ["search", "diner"], ["cinemas", "--lat", "40.75", "--lon", "-73.98"],
])
func anUnknownSourceIsRefusedNamingTheOption(_ command: [String]) async throws {
    let workspace = try await Workspace.withFixture()
    let refused = try await run(command + ["--source", "places.geojson,nosuch"], env: workspace.env)
    #expect(refused.status != 0 && refused.stdout.isEmpty, "\(command): \(refused.stdout)")
    #expect(refused.stderr.contains("Error: --source: no stored record comes from 'nosuch'; the known sources are places.geojson"),
            "\(command): \(refused.stderr)")
    let known = try await run(command + ["--source", "places.geojson"], env: workspace.env)
    #expect(known.status == 0, "\(command): \(known.stderr)")
}

/// The engine's fields as the CLI types them, from its one table: the radius is --max-distance on
/// nearest and --radius elsewhere; a map fitted to nothing names --category and says how to frame
/// it in options, where the server says it in parameters.
@Test func theEnginesFieldsAreNamedAsTheOptions() async throws {
    let workspace = try await Workspace.withFixture()
    for (args, words) in [
        (["nearest", "--lat", "0", "--lon", "0", "--max-distance", "0"], "Error: --max-distance: 0.0 is not more than 0"),
        (["within", "--lat", "0", "--lon", "0", "--radius", "0"], "Error: --radius: 0.0 is not more than 0"),
        (["search", "diner", "--radius", "10"], "Error: --radius: needs a point (--lat and --lon) to measure from"),
        (["search", ",;"], "Error: the query: ',;' has no letters or digits to search for"),
        (["render", "--category", "trip", "--output", "x.png"],
         "Error: --category: no selected feature has a position; give --bbox, or --center and --zoom"),
    ] {
        let result = try await run(args, env: workspace.env)
        #expect(result.status != 0 && result.stderr.contains(words), "\(args): \(result.stderr)")
    }
}
