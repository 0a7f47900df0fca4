import Foundation
import GeoStore
import SpatiaLiteStore
import Testing

/// A database made by `waymark import` gets the zone polygons Data/ ships (issue 30, item 2), so
/// that no record is silently UTC: a cinema in Riga whose file gives no zone has its screenings
/// in Riga's summer time, as tzdata says (Europe/Riga, UTC+3 in July).
@Test func aNewDatabaseGetsTheShippedZones() async throws {
    let workspace = try Workspace()
    let cinema = try workspace.file("kino.geojson", """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "cinema", "name": "Kino Riga",
          "screenings": [{"title": "Film", "start": "2026-07-01T20:20"}]}, "geometry": {"type": "Point", "coordinates": [24.1052, 56.9496]}}]}
        """)
    let imported = try await run(["import", cinema], env: workspace.env)
    #expect(imported.status == 0 && imported.stdout == "imported 1 cinema from 1 file(s); 1 given the time zone of their position\n", "\(imported)")
    #expect(imported.stderr.contains("note: a new database") && imported.stderr.contains("Data/timezones/tz_world_simpl001.geojson"), "\(imported.stderr)")
    let programme = try await run(["cinemas", "--lat", "56.95", "--lon", "24.1", "--date", "2026-07-01", "--format", "json"], env: workspace.env)
    let first = try #require((try json(programme.stdout)["cinemas"] as? [[String: Any]])?.first, "\(programme)")
    #expect(first["timezone"] as? String == "Europe/Riga", "\(programme.stdout)")
    #expect((first["screenings"] as? [[String: Any]])?.first?["start"] as? String == "2026-07-01T20:20:00+03:00", "\(programme.stdout)")
    // The zones are the database's own: a lookup needs no Data/.
    let lookup = try await run(["timezone", "--lat", "56.95", "--lon", "24.1", "--format", "json"], env: workspace.env.merging(["WAYMARK_DATA": "/nonexistent"]) { $1 })
    #expect(try json(lookup.stdout)["zone"] as? String == "Europe/Riga", "\(lookup)")
}

/// A database that already holds records but no zones (made before, or by the library) is not
/// given any unasked: the import says how many records it left without a zone, and how to add them.
@Test func anImportIntoADatabaseWithoutZonesSaysSo() async throws {
    let workspace = try Workspace()
    let path = try #require(workspace.env["WAYMARK_DB"])
    let first = try workspace.file("first.csv", "name,latitude,longitude\nRoja,57.5094,22.8061\n")
    _ = try SpatiaLiteStore(path: path).importFiles(try FileImport.parse(paths: [first]), skipInvalid: false)
    let second = try workspace.file("second.csv", "name,latitude,longitude,timezone\nKolka,57.7569,22.5917,\nTalsi,57.2447,22.5889,Europe/Riga\n")
    let imported = try await run(["import", second], env: workspace.env)
    #expect(imported.status == 0 && imported.stdout == "imported 2 poi from 1 file(s)\n", "\(imported)")
    #expect(imported.stderr.contains("warning: the database holds no time zone polygons, so 1 record(s) without a zone have none")
            && imported.stderr.contains("waymark timezone import"), "\(imported.stderr)")
    #expect(!imported.stderr.contains("note: a new database"), "\(imported.stderr)")
}

/// A failed import leaves nothing of itself, the zones it gave a database that was there before
/// (made by `base import`, holding no records) included.
@Test func aFailedImportTakesTheZonesItGaveOutAgain() async throws {
    let workspace = try Workspace()
    let water = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"natural": "water"}, "geometry": {"type": "Polygon", "coordinates": [[[14.4, 50.0], [14.5, 50.0], [14.5, 50.1], [14.4, 50.0]]]}}]}"#
    let base = try await run(["base", "import", "--layer", "water", try workspace.file("water.geojson", water)], env: workspace.env)
    #expect(base.status == 0, "\(base)")
    let refused = try await run(["import", try workspace.file("bad.csv", "name,latitude,longitude\nNowhere,91,0\n")], env: workspace.env)
    #expect(refused.status != 0 && refused.stderr.contains("note: a new database"), "\(refused)")
    let lookup = try await run(["timezone", "--lat", "50.0755", "--lon", "14.4378"], env: workspace.env)
    #expect(lookup.status != 0 && lookup.stderr.contains("holds no time zone polygons"), "\(lookup)")
}
