import Foundation
import Testing
import TestSupport

/// `waymark import` of files read through GDAL, refused: a malformed file of each format names the
/// file and the reason on stderr, exits with status 1, and leaves the database as it was, byte for byte.
@Suite struct VectorImportCLITests {
    static let pois = packageRoot.appendingPathComponent("Data/osm/helsinki_pois.geojson").path

    /// ogr2ogr's copy of the demo's places in `format`, in the workspace as `name`.
    static func written(_ format: String, _ name: String, in workspace: Workspace, options: [String] = []) async throws -> String {
        let path = workspace.directory.appendingPathComponent(name).path
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", format] + options + [path, pois])
        return path
    }

    /// The first `bytes` of the file, written over it.
    static func truncate(_ path: String, to bytes: Int) throws {
        try Data(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(bytes)).write(to: URL(fileURLWithPath: path))
    }

    static func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: path) }

    enum Damage: String, CaseIterable, Sendable {
        case truncatedGeoPackage, truncatedShapefile, truncatedFlatGeobuf, truncatedSequence, truncatedKML
        case missingDBF, missingSHX, wrongCRS, emptyLayer
    }

    /// The damaged file and words its refusal must hold.
    static func damaged(_ damage: Damage, in workspace: Workspace) async throws -> (path: String, words: String) {
        switch damage {
        case .truncatedGeoPackage:
            let path = try await written("GPKG", "cut.gpkg", in: workspace)
            try truncate(path, to: 100_000)
            return (path, "cut.gpkg: ")
        case .truncatedShapefile:
            let path = try await written("ESRI Shapefile", "cut.shp", in: workspace)
            try truncate(path, to: 10_000)
            return (path, "cut.shp: layer 'cut': Error in fread()")
        case .truncatedFlatGeobuf:
            let path = try await written("FlatGeobuf", "cut.fgb", in: workspace)
            try truncate(path, to: 100_000)
            return (path, "cut.fgb: layer 'helsinki_pois': Unexpected I/O failure")
        case .truncatedSequence:
            let path = try await written("GeoJSONSeq", "cut.geojsonl", in: workspace)
            try truncate(path, to: 100_000)
            return (path, "cut.geojsonl: file: it ends inside a feature")
        case .truncatedKML:
            let path = try await written("LIBKML", "cut.kml", in: workspace)
            try truncate(path, to: 100_000)
            return (path, "cut.kml: ")
        case .missingDBF:
            let path = try await written("ESRI Shapefile", "nodbf.shp", in: workspace)
            try remove(String(path.dropLast(4)) + ".dbf")
            return (path, "nodbf.shp: file: its attribute table nodbf.dbf is missing")
        case .missingSHX:
            let path = try await written("ESRI Shapefile", "noshx.shp", in: workspace)
            try remove(String(path.dropLast(4)) + ".shx")
            return (path, "noshx.shp: file: ")
        case .wrongCRS:
            // Metres of ETRS-TM35FIN with nothing to say so: read as degrees, no place is on Earth.
            let path = try await written("ESRI Shapefile", "metres.shp", in: workspace, options: ["-t_srs", "EPSG:3067"])
            try remove(String(path.dropLast(4)) + ".prj")
            return (path, "metres.shp: layer 'metres', feature 0: lat: ")
        case .emptyLayer:
            let path = try await written("GPKG", "empty.gpkg", in: workspace, options: ["-where", "osm_id < 0"])
            return (path, "empty.gpkg: file: nothing to import: layer 'helsinki_pois': left out: it holds no features")
        }
    }

    @Test(arguments: Damage.allCases)
    func malformedFileRefused(damage: Damage) async throws {
        let workspace = try await Workspace.withFixture()
        let database = URL(fileURLWithPath: try #require(workspace.env["WAYMARK_DB"]))
        let (path, words) = try await Self.damaged(damage, in: workspace)
        let before = try Data(contentsOf: database)
        let result = try await run(["import", path], env: workspace.env)
        #expect(result.status == 1, "exit status \(result.status): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(words), "\(damage): \(result.stderr)")
        #expect(try Data(contentsOf: database) == before)
    }

    /// A GeoPackage whose layers are all read imports every place, and says so.
    @Test func geoPackageImported() async throws {
        let workspace = try Workspace()
        let path = try await Self.written("GPKG", "places.gpkg", in: workspace)
        let result = try await run(["import", path], env: workspace.env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 741 poi, 4 cinema from 1 file(s); 745 given the time zone of their position\n")
    }
}
