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
    #expect(first.stdout.hasPrefix("imported 311 landuse, 18 park, 17 water, 6 waterway, 482 building, 2302 road, 318 rail, 9 border, 7 place from 1 file(s)"), "\(first.stdout)")
    let again = try await run(["base", "import", extract], env: workspace.env)
    #expect(again.status == 0)
    #expect(again.stdout.contains("482 building") && again.stdout.contains("replaced"), "\(again.stdout)")

    let bad = try workspace.file("ponds.geojson", #"{"type":"FeatureCollection","features":[]}"#)
    let refused = try await run(["base", "import", bad], env: workspace.env)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("ponds.geojson") && refused.stderr.contains("--layer"), "\(refused.stderr)")
}
