import Foundation
import Testing
import TestSupport

/// The package root: this file is <root>/Tests/WaymarkCLITests/Workspace.swift.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `waymark` beside the test binary (.build/<triple>/debug/WaymarkPackageTests.xctest on Linux,
/// inside the .xctest bundle on macOS), else in the package's .build/debug.
let waymarkExecutable: URL? = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var candidates = [Bundle.main.bundleURL]
    for _ in 0..<4 {
        directory.deleteLastPathComponent()
        candidates.append(directory)
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    return candidates.map { $0.appendingPathComponent("waymark") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// Runs `waymark args`, off Swift's pool (`ChildProcess`). The child never sees the caller's
/// $WAYMARK_DB, and its HOME and XDG_CACHE_HOME are a scratch directory, so no test touches
/// ~/.cache; `env` adds to that. `launch`, when given, is the command line to start instead (e.g.
/// `waymark` inside `script`). A child killed by a signal has status 128 + the signal's number,
/// as a shell says it.
func run(_ args: [String], env: [String: String] = [:], launch: [String]? = nil) async throws -> (status: Int32, stdout: String, stderr: String) {
    let executable = try #require(waymarkExecutable, "no `waymark` executable beside the tests; run `swift build` first")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try await ChildProcess.run(launch.map { URL(fileURLWithPath: $0[0]) } ?? executable,
                                            launch.map { Array($0.dropFirst()) } ?? args,
                                            environment: childEnvironment(scratch: scratch, env), directory: scratch)
    return (result.exit.signalled ? 128 + result.exit.status : result.exit.status, result.stdout, result.stderr)
}

/// The caller's environment without $WAYMARK_DB, with HOME and XDG_CACHE_HOME in `scratch`, and `env` added.
func childEnvironment(scratch: URL, _ env: [String: String]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["WAYMARK_DB"] = nil
    environment["HOME"] = scratch.path
    environment["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path
    environment["WAYMARK_DATA"] = packageRoot.appendingPathComponent("Data").path
    return environment.merging(env) { $1 }
}

/// A temporary directory holding a test's database and input files, removed afterwards.
final class Workspace {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-cli-\(UUID().uuidString)")
    /// For `run(_:env:)`: this workspace's database.
    var env: [String: String] { ["WAYMARK_DB": directory.appendingPathComponent("test.sqlite").path] }

    init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `contents` to `name` in the workspace and returns its path.
    func file(_ name: String, _ contents: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A workspace whose database holds `fixture`.
    static func withFixture() async throws -> Workspace {
        let workspace = try Workspace()
        let result = try await run(["import", try workspace.file("places.geojson", fixture)], env: workspace.env)
        try #require(result.status == 0, "importing the fixture failed: \(result.stderr)")
        #expect(result.stdout == "imported 9 poi from 1 file(s); 8 given the time zone of their position\n")
        return workspace
    }
}

/// Nine places: four in Manhattan/New Jersey, one on Long Island, two either side of the
/// antimeridian, one at 0,0 and one without a position. Geodesic distances from
/// (40.75, -73.98), by PROJ: `echo "40.75 -73.98 LAT LON" | geod +ellps=WGS84 -I +units=m`.
let fixture = """
{"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"name": "Midtown Diner", "category": "eat"}, "geometry": {"type": "Point", "coordinates": [-73.98, 40.75]}},
  {"type": "Feature", "properties": {"name": "Bryant Park", "category": "see"}, "geometry": {"type": "Point", "coordinates": [-73.9832, 40.7536]}},
  {"type": "Feature", "properties": {"name": "Café Lumière", "category": "eat"}, "geometry": {"type": "Point", "coordinates": [-73.9866, 40.7306]}},
  {"type": "Feature", "properties": {"name": "Liberty Ferry", "category": "do"}, "geometry": {"type": "Point", "coordinates": [-74.05, 40.70]}},
  {"type": "Feature", "properties": {"name": "Montauk Inn", "category": "stay"}, "geometry": {"type": "Point", "coordinates": [-71.95, 41.03]}},
  {"type": "Feature", "properties": {"name": "Dateline East", "category": "see"}, "geometry": {"type": "Point", "coordinates": [179.5, 0.5]}},
  {"type": "Feature", "properties": {"name": "Dateline West", "category": "see"}, "geometry": {"type": "Point", "coordinates": [-179.5, -0.5]}},
  {"type": "Feature", "properties": {"name": "Null Island", "category": "do"}, "geometry": {"type": "Point", "coordinates": [0.0, 0.0]}},
  {"type": "Feature", "properties": {"name": "Nowhere Hostel", "category": "stay"}, "geometry": null}
]}
"""

/// The output's JSON object.
func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
}
