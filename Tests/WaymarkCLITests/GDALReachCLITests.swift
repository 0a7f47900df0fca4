import Foundation
import Testing
import TestSupport

/// `waymark base import` reads the files it is named and nothing else: no GDAL VRT (whose
/// `SrcDataSource` may name a URL or any file the process can read), no /vsicurl/ or other
/// virtual file system. Every case is tried against a local HTTP server that counts its requests
/// and answers each with a lake (so a fetch would import it): it must see none.
@Suite struct GDALReachCLITests {
    static func vrt(_ source: String, layer: String) -> String {
        """
        <OGRVRTDataSource>
          <OGRVRTLayer name="lakes">
            <SrcDataSource>\(source)</SrcDataSource>
            <SrcLayer>\(layer)</SrcLayer>
          </OGRVRTLayer>
        </OGRVRTDataSource>
        """
    }

    @Test func vrtAndVirtualFileSystemsAreRefusedWithoutARequest() async throws {
        let server = try LoopbackServer(body: oneLake)
        defer { server.stop() }
        let workspace = try await Workspace.withFixture()
        // A readable file elsewhere that a VRT could pass off as its own.
        let elsewhere = try workspace.file("elsewhere_lakes.geojson", oneLake)
        let cases = [
            ("x_lakes.geojson", Self.vrt("/vsicurl/\(server.url)/lakes.geojson", layer: "lakes")),
            ("y_lakes.geojson", Self.vrt(elsewhere, layer: "elsewhere_lakes")),
            ("z_lakes.vrt", Self.vrt("/vsicurl/\(server.url)/lakes.geojson", layer: "lakes")),
        ]
        for (name, content) in cases {
            let file = try workspace.file(name, content)
            let refused = try await run(["base", "import", file], env: workspace.env)
            #expect(refused.status != 0, "\(name): \(refused)")
            #expect(refused.stderr.contains(name) && refused.stderr.contains("format"), "\(name): \(refused.stderr)")
        }
        for path in ["/vsicurl/\(server.url)/lakes.geojson", "/vsicurl_streaming/\(server.url)/lakes.geojson", "\(server.url)/lakes.geojson"] {
            let refused = try await run(["base", "import", path], env: workspace.env)
            #expect(refused.status != 0, "\(path): \(refused)")
        }
        #expect(server.requests.isEmpty, "GDAL reached the server: \(server.requests)")
        #expect(try await baseRows(workspace).isEmpty)
        // The lake itself, named, is read: what is refused is the reach, not the lakes.
        let lake = try await run(["base", "import", elsewhere], env: workspace.env)
        #expect(lake.status == 0 && lake.stdout.contains("1 water"), "\(lake)")
    }

    /// A Shapefile's sidecars (.dbf names, .prj CRS) are still found with GDAL's directory listing off.
    @Test func aShapefileStillReadsItsSidecars() async throws {
        let workspace = try Workspace()
        let json = try workspace.file("lakes.geojson", oneLake)
        let shapefile = workspace.directory.appendingPathComponent("ne_test_lakes.shp").path
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "ESRI Shapefile", "-t_srs", "EPSG:3067", shapefile, json])
        let imported = try await run(["base", "import", shapefile], env: workspace.env)
        #expect(imported.status == 0 && imported.stdout.contains("1 water"), "\(imported)")
        // Read in EPSG:3067 without its .prj, the lake would lie at hundreds of thousands of
        // degrees and be refused; without its .dbf, nameless.
        let database = workspace.directory.appendingPathComponent("test.sqlite").path
        let names = try await ChildProcess.output(of: "sqlite3", [database, "SELECT name FROM base WHERE band = 0"])
        #expect(names == "lake\n", "the .dbf was not read: \(names)")
    }
}
