import Foundation
import Testing

/// `waymark base import`: counts per layer, the same again on a re-import, refusals naming the
/// file with a failing status, and no progress line when standard error is not a terminal.
@Test func baseImportPrintsCountsAndReplacesOnReimport() async throws {
    let workspace = try Workspace()
    let extract = packageRoot.appendingPathComponent("Data/base/Helsinki.osm.pbf").path
    let first = try await run(["base", "import", extract], env: workspace.env)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.isEmpty, "progress on a pipe: \(first.stderr)")
    // 17 water: 14 mapped waters and 3 pieces of sea that the coastline closes at the extract's east edge.
    // 17 areas that cross themselves (GEOS agrees: 5 landuse, 1 park, 11 buildings) are left out
    // with the 23 ways cut too short, and counted.
    #expect(first.stdout.hasPrefix("imported 306 landuse, 17 park, 17 water, 6 waterway, 471 building, 2302 road, 318 rail, 9 border, 7 place from 1 file(s)"), "\(first.stdout)")
    #expect(first.stdout.contains("left out 40 degenerate or invalid OpenStreetMap feature(s)"), "\(first.stdout)")
    let again = try await run(["base", "import", extract], env: workspace.env)
    #expect(again.status == 0)
    #expect(again.stdout.contains("471 building") && again.stdout.contains("replaced"), "\(again.stdout)")

    let bad = try workspace.file("ponds.geojson", #"{"type":"FeatureCollection","features":[]}"#)
    let refused = try await run(["base", "import", bad], env: workspace.env)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("ponds.geojson") && refused.stderr.contains("--layer"), "\(refused.stderr)")
}
