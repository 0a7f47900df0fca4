import Foundation
import Testing

/// A trip's start and end read back on the clock of its zone, as the angler wrote them and as its
/// catches already were (issue 30, item 4: they came back in UTC), and the table shows the start.
/// The oracle is Prague's offset on 18 May 2024, CEST, UTC+2 (Python's zoneinfo says the same).
@Test func aTripsTimesAreReadBackOnItsOwnClock() async throws {
    let workspace = try Workspace()
    let diary = try workspace.file("diary.geojson", """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "2024-05-18-hracholusky",
         "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
         "properties": {"kind": "trip", "name": "Hracholusky, May morning", "start": "2024-05-18T05:30", "end": "2024-05-18T11:00",
           "catches": [{"species": "carp", "time": "2024-05-18T06:40"}]}}]}
        """)
    let imported = try await run(["import", diary], env: workspace.env)
    #expect(imported.status == 0, "\(imported)")
    let answer = try await run(["nearest", "--lat", "49.79", "--lon", "13.15", "--category", "trip", "--format", "json"], env: workspace.env)
    let trip = try #require((try json(answer.stdout)["features"] as? [[String: Any]])?.first, "\(answer)")
    #expect(trip["timezone"] as? String == "Europe/Prague", "\(answer.stdout)")
    #expect(trip["start"] as? String == "2024-05-18T05:30:00+02:00" && trip["end"] as? String == "2024-05-18T11:00:00+02:00", "\(answer.stdout)")
    #expect((trip["catches"] as? [[String: Any]])?.first?["time"] as? String == "2024-05-18T06:40:00+02:00", "\(answer.stdout)")
    let table = try await run(["nearest", "--lat", "49.79", "--lon", "13.15", "--category", "trip"], env: workspace.env)
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.first?.contains("start") == true && lines.dropFirst().first?.contains("2024-05-18T05:30:00+02:00") == true, "\(table.stdout)")
}
