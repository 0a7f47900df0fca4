import Foundation
import Testing

/// `waymark timezone import`, `waymark timezone` and what `import` says about zones, through the
/// real executable on the world's zone polygons of Data/.
@Test func timezoneLookupAndImportWarnings() async throws {
    let workspace = try Workspace()
    // A database made by `base import` holds no zones (only `import` gives a new database the shipped ones).
    let water = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"natural": "water"}, "geometry": {"type": "Polygon", "coordinates": [[[14.4, 50.0], [14.5, 50.0], [14.5, 50.1], [14.4, 50.0]]]}}]}"#
    _ = try await run(["base", "import", "--layer", "water", try workspace.file("water.geojson", water)], env: workspace.env)
    let none = try await run(["timezone", "--lat", "50.0755", "--lon", "14.4378"], env: workspace.env)
    #expect(none.status != 0 && none.stderr.contains("holds no time zone polygons"), "\(none)")

    let file = packageRoot.appendingPathComponent("Data/timezones/tz_world_simpl001.geojson").path
    let imported = try await run(["timezone", "import", file], env: workspace.env)
    #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported)")
    #expect(imported.stdout.hasPrefix("imported ") && imported.stdout.contains(" polygon(s) of 418 time zone(s)")
            && imported.stdout.contains("left out 25 ocean zone(s)"), "\(imported.stdout)")

    let prague = try await run(["timezone", "--lat", "50.0755", "--lon", "14.4378", "--format", "json"], env: workspace.env)
    #expect(prague.status == 0 && prague.stderr.isEmpty, "\(prague)")
    let answer = try json(prague.stdout)
    #expect(answer["zone"] as? String == "Europe/Prague" && answer["found_by"] as? String == "contains")
    // Central European Time or its summer time, whenever the test runs.
    #expect(["+01:00", "+02:00"].contains(answer["utc_offset"] as? String ?? ""), "\(answer)")
    #expect([3_600, 7_200].contains(answer["utc_offset_seconds"] as? Int ?? 0))

    // At a chosen time: Prague's summer and winter offsets, and a time on Sydney's clock in its summer.
    for (point, at, offset) in [(["--lat", "50.0755", "--lon", "14.4378"], "2026-07-01", "+02:00"),
                                (["--lat", "50.0755", "--lon", "14.4378"], "2026-12-24T18:00:00Z", "+01:00"),
                                (["--lat", "-33.8688", "--lon", "151.2093"], "2027-01-10T09:00", "+11:00")] {
        let asked = try await run(["timezone", "at"] + point + ["--at", at, "--format", "json"], env: workspace.env)
        #expect(asked.status == 0, "\(asked)")
        #expect(try json(asked.stdout)["utc_offset"] as? String == offset, "\(at): \(asked.stdout)")
    }
    let badTime = try await run(["timezone", "at", "--lat", "50", "--lon", "14", "--at", "tomorrow"], env: workspace.env)
    #expect(badTime.status == 64 && badTime.stderr.contains("--at") && badTime.stderr.contains("'tomorrow'"), "\(badTime)")

    let pacific = try await run(["timezone", "at", "--lat", "0", "--lon", "-150"], env: workspace.env)
    #expect(pacific.status == 0, "\(pacific)")
    #expect(pacific.stdout.contains("Etc/GMT+10") && pacific.stdout.contains("UTC-10:00") && pacific.stdout.contains("longitude"), "\(pacific.stdout)")

    let gulf = try await run(["timezone", "--lat", "56.5", "--lon", "20.61", "--format", "geojson"], env: workspace.env)
    let feature = try json(gulf.stdout)
    let properties = try #require(feature["properties"] as? [String: Any])
    #expect(feature["type"] as? String == "Feature" && properties["zone"] as? String == "Europe/Riga"
            && properties["found_by"] as? String == "territorial_waters", "\(gulf.stdout)")
    // 34 km off Liepāja, 10.7 km past Riga's polygon (which holds its territorial waters): the nautical zone.
    let offshore = try await run(["timezone", "--lat", "56.5", "--lon", "20.45", "--format", "json"], env: workspace.env)
    #expect(try json(offshore.stdout)["zone"] as? String == "Etc/GMT-1" && json(offshore.stdout)["found_by"] as? String == "longitude",
            "\(offshore.stdout)")

    for (args, option) in [(["--lat", "91", "--lon", "0"], "--lat"), (["--lat", "0", "--lon", "-181"], "--lon")] {
        let refused = try await run(["timezone"] + args, env: workspace.env)
        #expect(refused.status != 0 && refused.stderr.contains(option), "\(refused)")
    }

    // Natural Earth's Prague, given the zone of Prague, Oklahoma; a place without a zone gets its own.
    let places = try workspace.file("places.csv", """
        name,latitude,longitude,timezone
        Prague,50.085283,14.464034,America/Chicago
        Roja,57.5094,22.8061,
        """)
    let strict = try await run(["import", "--strict-timezones", places], env: workspace.env)
    #expect(strict.status != 0 && strict.stdout.isEmpty, "\(strict)")
    #expect(strict.stderr.contains("\(places): line 2: timezone: 'America/Chicago' does not contain the position of Prague"), "\(strict.stderr)")
    let warned = try await run(["import", places], env: workspace.env)
    #expect(warned.status == 0, "\(warned)")
    #expect(warned.stdout == "imported 2 poi from 1 file(s); 1 given the time zone of their position; 1 time zone warning(s)\n", "\(warned.stdout)")
    #expect(warned.stderr.hasPrefix("warning \(places): line 2: timezone: 'America/Chicago'") && warned.stderr.contains("which is in Europe/Prague"),
            "\(warned.stderr)")
    let table = try await run(["nearest", "--lat", "57.5", "--lon", "22.8", "--limit", "1"], env: workspace.env)
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.first?.contains("timezone") == true && lines.dropFirst().first?.contains("Europe/Riga") == true, "\(table.stdout)")

    let help = try await run(["help", "import"], env: workspace.env)
    #expect(help.stdout.contains("--strict-timezones") && help.stdout.contains("America/Chicago"), "\(help.stdout)")
}
