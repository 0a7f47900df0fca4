import Foundation
import Testing
import TestSupport

/// A layer that yields nothing says why (issue 29): `base import` of a CSV whose positions GDAL
/// cannot find notes it instead of passing it over in silence; Natural Earth's populated places as
/// CSV (longitude and latitude columns) import every place.
@Suite struct EmptyLayerNoteCLITests {
    @Test func csvWithoutPositionsNoted() async throws {
        let workspace = try Workspace()
        let csv = try workspace.file("towns.csv", "name,pop_max,east,north\nRoja,3000,22.8,57.5\nTalsi,9000,22.6,57.2\n")
        let result = try await run(["base", "import", "--layer", "place", csv], env: workspace.env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("imported nothing from 1 file(s)"), "\(result.stdout)")
        #expect(result.stderr.contains("note: \(csv): layer 'towns': left out: none of its 2 feature(s) has a point, line or area "
                                       + "(a CSV's positions come from lon/lat, longitude/latitude or x/y columns, or a WKT column)"), "\(result.stderr)")
    }

    /// A refused import says what its files left out too, as one that succeeds does: a
    /// GeoPackage whose one layer holds an invalid place and whose other holds nothing.
    @Test func aRefusedImportSaysWhatItsFilesLeftOut() async throws {
        let workspace = try Workspace()
        let places = try workspace.file("p.geojson", """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"category": "eat", "name": ""}, "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}},
              {"type": "Feature", "properties": {"category": "eat", "name": "Kahvila"}, "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}}]}
            """)
        let gpkg = workspace.directory.appendingPathComponent("t.gpkg").path
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GPKG", "-nln", "places", gpkg, places])
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GPKG", "-update", "-nln", "nothing", "-where", "name = 'x'", gpkg, places])
        let result = try await run(["import", gpkg], env: workspace.env)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("t.gpkg: layer 'places', feature 1: name: missing"), "\(result.stderr)")
        #expect(result.stderr.contains("note: \(gpkg): layer 'nothing': left out: it holds no features"), "\(result.stderr)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: naturalEarthPlaces), "../shared/data/naturalearth is absent"))
    func naturalEarthPlacesAsCSV() async throws {
        let workspace = try Workspace()
        // GDAL's own count of the rows, read as plain CSV.
        let info = try await ChildProcess.output(of: "ogrinfo", ["-ro", "-so", naturalEarthPlaces, "ne_10m_populated_places_slim"])
        let count = try #require(info.split(separator: "\n").first { $0.hasPrefix("Feature Count:") }.flatMap { Int($0.split(separator: " ").last!) })
        let result = try await run(["base", "import", naturalEarthPlaces], env: workspace.env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("imported \(count) place from 1 file(s)"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}

let naturalEarthPlaces = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/naturalearth/ne_10m_populated_places_slim.csv").path
