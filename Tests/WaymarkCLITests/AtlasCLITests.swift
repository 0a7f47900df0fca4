import Foundation
@testable import PostGISStore
import Testing
import TestSupport

/// `waymark atlas` as a user runs it: exit codes, messages, and what an interrupted batch leaves.
@Suite struct AtlasCLITests {
    /// Manhattan's fixture places on `count` maps, each an A4 page at 300 dpi (PDF and PNG).
    func manifest(_ workspace: Workspace, maps count: Int, extra: String = "") throws -> String {
        try workspace.file("atlas.yaml", "defaults: { area: fit, categories: [eat, see], dpi: 300 }\nmaps:\n"
            + (1...count).map { "  - title: Map \($0)\n" }.joined() + extra)
    }

    /// The same maps from the PostGIS copy of the database: the same pages, word for word, but for
    /// the date of the data, which only a file tells.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES", default: ""] != "",
                   "WAYMARK_TEST_POSTGRES is unset: the atlas on PostGIS was not tried"))
    func theAtlasPrintsTheSameFromPostGIS() async throws {
        let w = try await Workspace.withFixture()
        let schema = "atlas_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let url = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"]! + "?schema=" + schema
        defer { try? PostGISStore(url: url).execute("DROP SCHEMA \(schema) CASCADE") }
        #expect(try await run(["copy", "--from", w.env["WAYMARK_DB"]!, "--to", url]).status == 0)
        let path = try manifest(w, maps: 2)
        var pages: [[String]] = []
        for db in [w.env["WAYMARK_DB"]!, url] {
            let out = w.directory.appendingPathComponent("out-\(pages.count)")
            let result = try await run(["atlas", path, "--output", out.path, "--db", db])
            #expect(result.status == 0, "\(result.stderr)")
            var texts: [String] = []
            for file in ["map-1.pdf", "map-2.pdf"] {
                texts.append(try await pdfText(out.appendingPathComponent(file).path).split(separator: "\n").filter { !$0.contains("Data: ") }.joined(separator: "\n"))
            }
            pages.append(texts)
        }
        #expect(pages[0] == pages[1] && pages[0].allSatisfy { $0.contains("Midtown Diner") || $0.contains("Bryant Park") })
    }

    /// A map is drawn again from another database, even one older than the map's files: its
    /// stamp names the database it was drawn from.
    @Test func anotherDatabaseRedrawsTheMapsHoweverOld() async throws {
        let a = try await Workspace.withFixture(), b = try Workspace()
        let places = ["Bodega Nueva": ("eat", "-73.99, 40.74"), "Mirador Nuevo": ("see", "-73.97, 40.76")].map { name, place in
            #"{"type": "Feature", "properties": {"name": "\#(name)", "category": "\#(place.0)"}, "geometry": {"type": "Point", "coordinates": [\#(place.1)]}}"#
        }
        #expect(try await run(["import", try b.file("b.geojson", #"{"type": "FeatureCollection", "features": [\#(places.joined(separator: ","))]}"#)], env: b.env).status == 0)
        let older = b.env["WAYMARK_DB"]!
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: older)
        let path = try manifest(a, maps: 1)
        let out = a.directory.appendingPathComponent("out")
        for (db, summary, place) in [(a.env["WAYMARK_DB"]!, "1 map(s) drawn, 0 up to date", "Midtown Diner"),
                                     (a.env["WAYMARK_DB"]!, "0 map(s) drawn, 1 up to date", "Midtown Diner"),
                                     (older, "1 map(s) drawn, 0 up to date", "Bodega Nueva"),
                                     (older, "0 map(s) drawn, 1 up to date", "Bodega Nueva")] {
            let result = try await run(["atlas", path, "--output", out.path, "--db", db])
            #expect(result.status == 0 && result.stdout.contains(summary), "\(db): \(result.stdout) \(result.stderr)")
            let text = try await pdfText(out.appendingPathComponent("map-1.pdf").path)
            #expect(text.contains(place) && !text.contains(place == "Midtown Diner" ? "Bodega Nueva" : "Midtown Diner"), "\(db): \(text)")
        }
    }

    /// pdftotext's reading of a PDF.
    func pdfText(_ path: String) async throws -> String {
        try await ChildProcess.output(of: "pdftotext", [path, "-"])
    }

    @Test func aBadManifestFailsBeforeAnyMapIsDrawn() async throws {
        let w = try await Workspace.withFixture()
        let path = try manifest(w, maps: 2, extra: "  - title: Third\n    categories: [eat, pubs]\n")
        let out = w.directory.appendingPathComponent("out").path
        let result = try await run(["atlas", path, "--output", out], env: w.env)
        #expect(result.status == 1)
        #expect(result.stderr.contains("atlas.yaml:6: map 3 'Third': categories: unknown pubs; the known categories are"), "\(result.stderr)")
        #expect(!result.stderr.contains("Usage"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The atlas and the queries check categories the same way: a kind the database has no rows of
    /// is accepted by both (an empty map, an empty answer), an unknown code refused by both in the same words.
    @Test func theAtlasAndNearestAgreeOnCategories() async throws {
        let w = try Workspace()
        let place = try w.file("one.geojson", #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Kafejnīca","category":"eat"},"geometry":{"type":"Point","coordinates":[22.8,57.5]}}]}"#)
        #expect(try await run(["import", place], env: w.env).status == 0)
        let out = w.directory.appendingPathComponent("out").path
        for (code, accepted) in [("trip", true), ("water", true), ("pubs", false)] {
            let path = try w.file("atlas-\(code).yaml", "maps:\n  - title: Only \(code)\n    categories: [\(code)]\n    area: { center: \"57.5,22.8\", radius_m: 500 }\n    formats: [pdf]\n")
            let atlas = try await run(["atlas", path, "--output", out], env: w.env)
            let nearest = try await run(["nearest", "--lat", "57.5", "--lon", "22.8", "--category", code], env: w.env)
            #expect((atlas.status == 0) == accepted && (nearest.status == 0) == accepted, "\(code): \(atlas.stderr) \(nearest.stderr)")
            if accepted {
                #expect(nearest.stdout.contains("(nothing found)"))
            } else {
                let reason = "categories: unknown pubs; the known categories are cinema, eat, trip, water"
                #expect(atlas.stderr.contains(reason) && nearest.stderr.contains("--" + reason.replacingOccurrences(of: "categories:", with: "category:")),
                        "\(atlas.stderr) \(nearest.stderr)")
            }
        }
    }

    @Test func failuresAreListedAndTheExitCodeSaysSo() async throws {
        let w = try await Workspace.withFixture()
        let path = try manifest(w, maps: 3)
        let out = w.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("map-2.png"), withIntermediateDirectories: true)
        let result = try await run(["atlas", path, "--output", out.path, "--jobs", "2"], env: w.env)
        #expect(result.status == 1)
        #expect(result.stdout.contains("2 map(s) drawn, 0 up to date, 1 failed, of 3"))
        #expect(result.stdout.contains("FAILED map 2 'Map 2': cannot write"))
        // Not a terminal: one plain line per map, for logs.
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.count == 3)
    }

    /// On a terminal (a pseudo-terminal from util-linux's `script`), one line redrawn in place:
    /// a bar, the counts and the time left.
    @Test func aTerminalSeesABarRedrawnInPlace() async throws {
        let w = try await Workspace.withFixture()
        let path = try manifest(w, maps: 4)
        let executable = try #require(waymarkExecutable)
        let out = w.directory.appendingPathComponent("out").path
        let command = [executable.path, "atlas", path, "--output", out, "--jobs", "1"].map { "'\($0)'" }.joined(separator: " ")
        let result = try await run([], env: w.env, launch: ["/usr/bin/script", "-qec", command, "/dev/null"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\r\u{1B}[K"), "no line redrawn: \(result.stdout.debugDescription)")
        #expect(result.stdout.contains("1/4 maps") && result.stdout.contains("4/4 maps"))
        #expect(result.stdout.contains("left"), "no time left shown")
        #expect(!result.stdout.contains("[1/4]"), "plain log lines on a terminal")
    }

    /// Ctrl-C, or a SIGTERM from a service manager: exit 128 + the signal's number.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func interruptingABatchLeavesOnlyWholeFiles(signal: Int32, status: Int32) async throws {
        let w = try await Workspace.withFixture()
        let path = try manifest(w, maps: 40)
        let out = w.directory.appendingPathComponent("out")
        let executable = try #require(waymarkExecutable)
        let batch = try ChildProcess(executable, ["atlas", path, "--output", out.path, "--jobs", "1"],
                                     environment: ProcessInfo.processInfo.environment.merging(w.env) { $1 })
        // The signal once the first map is written (its progress line), while others are being
        // drawn; no deadline: a batch that ends first ends the wait too.
        _ = await batch.line { $0.hasPrefix("[1/40]") }
        batch.send(signal)
        #expect(await batch.exit() == ChildProcess.Exit(status: status, signalled: false), "\(batch.output)")
        let all = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(all.allSatisfy { !$0.hasSuffix(".tmp") && !$0.hasPrefix(".") }, "\(all)")
        // A stamp only beside both files of its map.
        let stamps = all.filter { $0.hasSuffix(".stamp") }, files = all.filter { !$0.hasSuffix(".stamp") }
        for stamp in stamps { #expect(Set(files).isSuperset(of: ["pdf", "png"].map { String(stamp.dropLast(5)) + $0 }), "\(stamp) without its map") }
        #expect(files.count < 80, "the batch ran to its end: \(files.count) files")
        for file in files {
            let data = try Data(contentsOf: out.appendingPathComponent(file))
            if file.hasSuffix(".png") {
                // A whole PNG ends with its IEND chunk.
                #expect(data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "\(file) is cut short")
            } else {
                #expect(String(decoding: data.suffix(8), as: UTF8.self).contains("%%EOF"), "\(file) is cut short")
            }
        }
    }
}
