import Foundation
import Testing

/// `waymark trips`: the diary's home screen (issue 30, item 4), newest first, each trip with its
/// date on its own clock, its length, water and catches; pages continue by the printed cursor.
@Test func tripsListTheDiaryNewestFirst() async throws {
    let workspace = try Workspace()
    let diary = try workspace.file("diary.geojson", """
        {"type": "FeatureCollection", "features": [
         {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
          "properties": {"kind": "trip", "name": "May morning", "start": "2024-05-18T05:30", "end": "2024-05-18T11:00",
           "catches": [{"species": "carp"}, {"species": "pike"}, {"species": "carp"}]}},
         {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
          "properties": {"kind": "trip", "name": "Summer evening", "start": "2025-07-01T19:00", "end": "2025-07-01T21:15"}},
         {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
          "properties": {"kind": "trip", "name": "Undated"}}]}
        """)
    #expect(try await run(["import", diary], env: workspace.env).status == 0)
    let table = try await run(["trips"], env: workspace.env)
    #expect(table.status == 0, "\(table)")
    let lines = table.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.split(separator: " ") == ["start", "hours", "water", "catches", "name", "id"], "\(table.stdout)")
    #expect(lines.count == 4 && lines[1].hasPrefix("2025-07-01T19:00:00+02:00") && lines[1].contains(" 2.2 ") && lines[1].contains("Summer evening"), "\(table.stdout)")
    #expect(lines[2].hasPrefix("2024-05-18T05:30:00+02:00") && lines[2].contains(" 5.5 ") && lines[2].contains("3: carp ×2, pike"), "\(table.stdout)")
    #expect(lines[3].hasPrefix("(no date)") && lines[3].contains("Undated"), "\(table.stdout)")

    let first = try await run(["trips", "--limit", "1", "--format", "json"], env: workspace.env)
    let page = try json(first.stdout)
    #expect((page["features"] as? [[String: Any]])?.first?["name"] as? String == "Summer evening", "\(first.stdout)")
    let next = try #require(page["next"] as? String, "\(first.stdout)")
    let second = try await run(["trips", "--limit", "1", "--cursor", next, "--format", "json"], env: workspace.env)
    let trip = try #require((try json(second.stdout)["features"] as? [[String: Any]])?.first, "\(second)")
    #expect(trip["name"] as? String == "May morning" && (trip["catches"] as? [Any])?.count == 3, "\(second.stdout)")
    let refused = try await run(["trips", "--cursor", "poi/1"], env: workspace.env)
    #expect(refused.status == 64 && refused.stderr.contains("--cursor"), "\(refused)")
}
