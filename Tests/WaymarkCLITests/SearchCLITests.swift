import Foundation
import Testing

/// `waymark search` through the real executable: the examples, paging with the printed cursor,
/// the point, and refusals that name the option.
@Test func searchFindsByFoldedNamesPagesAndRefuses() async throws {
    let workspace = try Workspace()
    let places = try workspace.file("places.csv", """
        name,latitude,longitude
        Pļaucaki,57.51,22.80
        Plzeň,49.7475,13.3776
        Muzejs,56.95,24.11
        Helsingin muzejs,60.18,24.95
        Muzeju nakts,56.96,24.12
        Helsinki,60.17,24.94
        """)
    let imported = try await run(["import", places], env: workspace.env)
    #expect(imported.status == 0, "\(imported)")

    let plaucaki = try await run(["search", "plaucaki", "--format", "json"], env: workspace.env)
    #expect(plaucaki.status == 0, "\(plaucaki)")
    let answer = try json(plaucaki.stdout)
    let features = try #require(answer["features"] as? [[String: Any]])
    #expect(features.map { $0["name"] as? String } == ["Pļaucaki"] && answer["total"] as? Int == 1, "\(plaucaki.stdout)")

    let typo = try await run(["search", "helsinky"], env: workspace.env)
    #expect(typo.status == 0 && typo.stdout.contains("Helsinki") && typo.stdout.contains("1 found"), "\(typo)")

    // Three pages of one: each printed cursor continues, and every match comes once.
    var seen: [String] = [], cursor: [String] = []
    for _ in 0..<4 {
        let page = try await run(["search", "muze", "--limit", "1", "--format", "geojson"] + cursor, env: workspace.env)
        #expect(page.status == 0, "\(page)")
        let body = try json(page.stdout)
        seen += (body["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
        #expect(body["total"] as? Int == 3)
        guard let next = body["next"] as? String else { break }
        cursor = ["--cursor", next]
    }
    #expect(seen.sorted() == ["Helsingin muzejs", "Muzejs", "Muzeju nakts"], "\(seen)")

    // Scoped to the names: these places have no address, so nothing outside them.
    let inNames = try await run(["search", "muze", "--in", "name"], env: workspace.env)
    #expect(inNames.status == 0 && inNames.stdout.contains("3 found"), "\(inNames)")
    let inAddress = try await run(["search", "muze", "--in", "address"], env: workspace.env)
    #expect(inAddress.status == 0 && inAddress.stdout.contains("nothing found"), "\(inAddress)")

    let near = try await run(["search", "muzejs", "--lat", "60.18", "--lon", "24.95"], env: workspace.env)
    let rows = near.stdout.split(separator: "\n")
    #expect(rows.first?.contains("km") == true && rows.dropFirst().first?.contains("Helsingin muzejs") == true, "\(near.stdout)")

    for (args, says) in [(["search", ",;"], "the query"), (["search", "riga", "--radius", "100"], "--radius"),
                         (["search", "riga", "--lat", "91", "--lon", "0"], "--lat"), (["search", "riga", "--kind", "lake"], "--kind"),
                         (["search", "riga", "--lat", "1"], "--lon"), (["search", "riga", "--category", "nosuch"], "--category"),
                         (["search", "riga", "--in", "name,adress"], "--in")] {
        let refused = try await run(args, env: workspace.env)
        #expect(refused.status != 0 && refused.stderr.contains(says), "\(args): \(refused)")
    }
}
