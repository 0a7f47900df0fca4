import Foundation
import GeoCore
import GeoStore
import SpatiaLiteStore
import Testing
import TestSupport

/// `waymark atlas --base`, `--no-base` and the manifest's `base:` as a user runs them: the base's
/// names on the page (text in its PDF), a map drawn again when its base changes, and a base that
/// cannot be used refused before any map is drawn.
@Suite struct AtlasBaseCLITests {
    /// One map of central Helsinki (the fixture's places are in New York: none on it), written as
    /// the workspace's atlas.yaml; `extra` adds to its entry.
    func manifest(_ w: Workspace, defaults: String = "", extra: String = "") throws -> String {
        try w.file("atlas.yaml", defaults + #"maps:\#n  - { title: Atlas page, file: page, formats: pdf, area: { bbox: "24.935,60.170,24.954,60.180" }\#(extra) }\#n"#)
    }

    /// Central Helsinki's base imported by `waymark base import` into base.sqlite beside the
    /// workspace's database (again: replaced, with a new data version).
    func helsinkiBase(_ w: Workspace) async throws -> String {
        let base = w.directory.appendingPathComponent("base.sqlite").path
        let imported = try await run(["base", "import", "--db", base, packageRoot.appendingPathComponent("Data/base/Helsinki.osm.pbf").path])
        try #require(imported.status == 0, "\(imported.stderr)")
        return base
    }

    /// The base's names the page shows as text. The oracle: the names of the base database's own
    /// features in the map's box, read through the store.
    func baseNames(on pdf: URL, from base: String) async throws -> [String] {
        let box = BoundingBox(minLon: 24.935, minLat: 60.170, maxLon: 24.954, maxLat: 60.180)
        let names = Set(try SpatiaLiteStore(path: base, readOnly: true).baseFeatures(in: box, zoom: 16).compactMap(\.name))
        let text = try await ChildProcess.output(of: "pdftotext", [pdf.path, "-"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return names.filter { text.contains($0) }.sorted()
    }

    /// Runs the atlas into `out`, expecting it to succeed with `summary`; the base's names on its page.
    func atlas(_ w: Workspace, _ manifest: String, _ options: [String], out: String, base: String, summary: String) async throws -> [String] {
        let result = try await run(["atlas", manifest, "--output", w.directory.appendingPathComponent(out).path] + options, env: w.env)
        #expect(result.status == 0 && result.stdout.contains(summary), "\(options): \(result.stdout) \(result.stderr)")
        return try await baseNames(on: w.directory.appendingPathComponent(out).appendingPathComponent("page.pdf"), from: base)
    }

    @Test func theBaseOfAnotherDatabaseIsDrawnAndItsChangeRedrawsTheMap() async throws {
        let w = try await Workspace.withFixture()
        let base = try await helsinkiBase(w), path = try manifest(w)
        let drawn = try await atlas(w, path, ["--base", base], out: "out", base: base, summary: "1 map(s) drawn, 0 up to date")
        #expect(drawn.count >= 3, "\(drawn)")
        #expect(try await atlas(w, path, ["--base", base], out: "out", base: base, summary: "0 map(s) drawn, 1 up to date") == drawn)
        // Imported again, the base has a new data version: the map is drawn again.
        _ = try await helsinkiBase(w)
        #expect(try await atlas(w, path, ["--base", base], out: "out", base: base, summary: "1 map(s) drawn, 0 up to date") == drawn)
        // From the workspace's database, which holds no base map, and with none at all: drawn
        // again each time (another base), without the base's names.
        #expect(try await atlas(w, path, [], out: "out", base: base, summary: "1 map(s) drawn, 0 up to date") == [])
        #expect(try await atlas(w, path, ["--no-base"], out: "out", base: base, summary: "1 map(s) drawn, 0 up to date") == [])
        #expect(try await atlas(w, path, ["--no-base"], out: "out", base: base, summary: "0 map(s) drawn, 1 up to date") == [])
    }

    /// The manifest's `base:` (a map's, then the defaults') wins over `--base` and `--no-base`; a
    /// relative one is within the manifest's folder, not the working directory (the child's is a
    /// scratch folder).
    @Test func theManifestsBaseOverridesTheOptions() async throws {
        let w = try await Workspace.withFixture()
        let base = try await helsinkiBase(w)
        let relative = try await atlas(w, try manifest(w, extra: ", base: base.sqlite"), ["--no-base"], out: "relative", base: base, summary: "1 map(s) drawn")
        #expect(relative.count >= 3, "\(relative)")
        #expect(try await atlas(w, try manifest(w, extra: ", base: none"), ["--base", base], out: "none", base: base, summary: "1 map(s) drawn") == [])
        #expect(try await atlas(w, try manifest(w, defaults: "defaults: { base: none }\n"), ["--base", base], out: "defaults", base: base, summary: "1 map(s) drawn") == [])
        #expect(try await atlas(w, try manifest(w, defaults: "defaults: { base: none }\n", extra: ", base: base.sqlite"), [], out: "map", base: base,
                                summary: "1 map(s) drawn") == relative)
    }

    /// `render --base` as atlas takes it: a database without a base map is refused, naming the
    /// option, and nothing is drawn; one with a base draws.
    @Test func renderRefusesABaseDatabaseWithoutABaseMap() async throws {
        let w = try await Workspace.withFixture()
        let db = w.env["WAYMARK_DB"]!, out = w.directory.appendingPathComponent("map.png").path
        let refused = try await run(["render", "--base", db, "--bbox", "24.935,60.170,24.954,60.180", "--output", out], env: w.env)
        #expect(refused.status != 0 && refused.stderr.contains("--base: \(db) holds no base map"), "\(refused.status) \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let drawn = try await run(["render", "--base", try await helsinkiBase(w), "--bbox", "24.935,60.170,24.954,60.180", "--output", out], env: w.env)
        #expect(drawn.status == 0 && FileManager.default.fileExists(atPath: out), "\(drawn.stderr)")
    }

    /// A missing file, a database without a base map and a malformed URL, given as `--base` or as
    /// `base:`: an error naming the option (or the manifest's line, map and key) and why, a failing
    /// status, and no map drawn (not even the output folder made).
    @Test func aBaseThatCannotBeUsedIsRefusedBeforeAnyMapIsDrawn() async throws {
        let w = try await Workspace.withFixture()
        let db = w.env["WAYMARK_DB"]!, folder = w.directory.path, bad = "postgres://127.0.0.1:5432/waymark"
        let cases: [(options: [String], defaults: String, extra: String, status: Int32, message: String)] = [
            (["--base", "\(folder)/gone.sqlite"], "", "", 1, "Error: --base: no database at \(folder)/gone.sqlite"),
            (["--base", db], "", "", 1, "Error: --base: \(db) holds no base map; fill it with `waymark base import --db \(db) FILE…`"),
            (["--base", bad], "", "", 64, "Error: --base: '\(bad)' names no user"),
            (["--base", "base.sqlite", "--no-base"], "", "", 64, "Error: --base and --no-base: give one of them"),
            ([], "", ", base: gone.sqlite", 1, "Error: \(folder)/atlas.yaml:2: map 1 'Atlas page': base: no database at \(folder)/gone.sqlite"),
            ([], "defaults: { base: \"\(db)\" }\n", "", 1, "Error: \(folder)/atlas.yaml:1: map 1 'Atlas page': base: \(db) holds no base map"),
            ([], "", ", base: \"\(bad)\"", 1, "Error: \(folder)/atlas.yaml:2: map 1 'Atlas page': base: '\(bad)' names no user"),
        ]
        for c in cases {
            let out = w.directory.appendingPathComponent("out").path
            let result = try await run(["atlas", try manifest(w, defaults: c.defaults, extra: c.extra), "--output", out] + c.options, env: w.env)
            #expect(result.status == c.status && result.stderr.contains(c.message), "\(c.options) \(c.extra): \(result.status) \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(c.options) \(c.extra): a map was drawn")
        }
    }
}
