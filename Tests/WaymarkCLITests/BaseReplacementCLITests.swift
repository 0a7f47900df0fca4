import Foundation
import Testing
import TestSupport

/// The Andorra extract of ../shared/data (read there, never copied: ../shared/data/README.md).
let sharedAndorra = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/osm/andorra.osm.pbf").path
let hasSharedAndorra = FileManager.default.fileExists(atPath: sharedAndorra)
let helsinkiExtract = packageRoot.appendingPathComponent("Data/base/Helsinki.osm.pbf").path

/// The database's full-detail base rows (band 0) by source, as sqlite3 reads them.
func baseRows(_ workspace: Workspace) async throws -> [String: Int] {
    let database = workspace.directory.appendingPathComponent("test.sqlite").path
    let output = try await ChildProcess.output(of: "sqlite3", [database, "SELECT source, count(*) FROM base WHERE band = 0 GROUP BY source"])
    var rows: [String: Int] = [:]
    for line in output.split(separator: "\n") {
        guard let bar = line.lastIndex(of: "|"), let count = Int(line[line.index(after: bar)...]) else { continue }
        rows[String(line[..<bar])] = count
    }
    return rows
}

/// A lake as Natural Earth's lakes layer would hold it.
let oneLake = """
    {"type":"FeatureCollection","features":[
    {"type":"Feature","properties":{"name":"lake"},"geometry":{"type":"Polygon","coordinates":[[[24,60],[25,60],[25,61],[24,60]]]}}]}
    """

/// A small OpenStreetMap extract in XML: `roads` primary roads across its bounds.
func osmXML(roads: Int, west: Double = 10, south: Double = 50) -> String {
    var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<osm version="0.6" generator="waymark-tests">"#,
                 #"<bounds minlat="\#(south)" minlon="\#(west)" maxlat="\#(south + 0.01)" maxlon="\#(west + 0.01)"/>"#]
    for road in 0..<roads {
        let lat = south + 0.01 * Double(road) / Double(max(1, roads - 1))
        lines.append(#"<node id="\#(2 * road + 1)" lat="\#(lat)" lon="\#(west)" version="1"/>"#)
        lines.append(#"<node id="\#(2 * road + 2)" lat="\#(lat)" lon="\#(west + 0.01)" version="1"/>"#)
    }
    for road in 0..<roads {
        lines.append(#"<way id="\#(1000 + road)" version="1"><nd ref="\#(2 * road + 1)"/><nd ref="\#(2 * road + 2)"/>"#
                     + #"<tag k="highway" v="primary"/><tag k="name" v="Road \#(road)"/></way>"#)
    }
    lines.append("</osm>")
    return lines.joined(separator: "\n")
}

/// What replaces a stored base map must be whole: an extract cut on a block boundary (a valid
/// prefix), its header block alone, or a file of another format under its name replaces nothing;
/// a source is its file, not its file's name; the same file twice is read once.
@Suite struct BaseReplacementCLITests {
    @Test(.enabled(if: hasSharedAndorra, "../shared/data/osm/andorra.osm.pbf is missing: the cut extracts were not tried"))
    func aCutOrForeignExtractReplacesNothing() async throws {
        let workspace = try Workspace()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sharedAndorra))
        let path = workspace.directory.appendingPathComponent("andorra.osm.pbf")
        try bytes.write(to: path)
        let whole = try await run(["base", "import", path.path], env: workspace.env)
        try #require(whole.status == 0, "\(whole)")
        let before = try await baseRows(workspace)
        let stored = before.values.reduce(0, +)
        try #require(stored > 0)

        // 10 of its 11 blocks (513 483 bytes): every block whole, the relations' block missing.
        try bytes.prefix(513_483).write(to: path)
        let cut = try await run(["base", "import", path.path], env: workspace.env)
        #expect(cut.status != 0, "\(cut)")
        #expect(cut.stderr.contains("andorra.osm.pbf") && cut.stderr.contains("\(stored)") && cut.stderr.contains("--allow-shrink"), "\(cut.stderr)")
        #expect(try await baseRows(workspace) == before)

        // Its header block alone (138 bytes), and a GeoJSON file under its name.
        for (what, content) in [("its header block", bytes.prefix(138)), ("GeoJSON", Data(oneLake.utf8))] {
            try content.write(to: path)
            let refused = try await run(["base", "import", path.path], env: workspace.env)
            #expect(refused.status != 0, "\(what): \(refused)")
            #expect(refused.stderr.contains("andorra.osm.pbf"), "\(what): \(refused.stderr)")
            #expect(try await baseRows(workspace) == before, "\(what)")
        }
        let foreign = try await run(["base", "import", "--allow-shrink", path.path], env: workspace.env)
        #expect(foreign.status != 0 && foreign.stderr.contains("GeoJSON"), "\(foreign)")

        // Said to be meant, the cut extract replaces the whole one.
        try bytes.prefix(513_483).write(to: path)
        let allowed = try await run(["base", "import", "--allow-shrink", path.path], env: workspace.env)
        #expect(allowed.status == 0, "\(allowed)")
        let after = try await baseRows(workspace).values.reduce(0, +)
        #expect(after > 0 && after < stored)
    }

    /// Two different extracts of one name in two folders: the second does not replace the first
    /// unless told to; the refusal names both files.
    @Test func twoExtractsOfOneNameDoNotReplaceEachOther() async throws {
        let workspace = try Workspace()
        let folders = ["a", "b"].map { workspace.directory.appendingPathComponent($0) }
        for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let first = folders[0].appendingPathComponent("extract.osm.pbf"), second = folders[1].appendingPathComponent("extract.osm.pbf")
        try FileManager.default.copyItem(atPath: helsinkiExtract, toPath: first.path)
        try osmXML(roads: 3).write(to: second, atomically: true, encoding: .utf8)

        let imported = try await run(["base", "import", first.path], env: workspace.env)
        try #require(imported.status == 0, "\(imported)")
        let before = try await baseRows(workspace)
        let clash = try await run(["base", "import", second.path], env: workspace.env)
        #expect(clash.status != 0, "\(clash)")
        #expect(clash.stderr.contains(first.path) && clash.stderr.contains(second.path), "\(clash.stderr)")
        #expect(try await baseRows(workspace) == before)

        // Told to, it replaces the file of the same name: here with far fewer features, which
        // --allow-shrink must say as well.
        let smaller = try await run(["base", "import", "--replace-same-name", second.path], env: workspace.env)
        #expect(smaller.status != 0 && smaller.stderr.contains("--allow-shrink"), "\(smaller)")
        #expect(try await baseRows(workspace) == before)
        let replaced = try await run(["base", "import", "--replace-same-name", "--allow-shrink", second.path], env: workspace.env)
        #expect(replaced.status == 0, "\(replaced)")
        #expect(try await baseRows(workspace).values.sorted() == [3])
    }

    /// One file named twice (or by two paths) is one source, read once.
    @Test func theSameFileTwiceIsReadOnce() async throws {
        let once = try Workspace(), twice = try Workspace()
        let single = try await run(["base", "import", helsinkiExtract], env: once.env)
        try #require(single.status == 0, "\(single)")
        let relative = helsinkiExtract.replacingOccurrences(of: "/Data/base/", with: "/Data/base/../base/")
        let double = try await run(["base", "import", helsinkiExtract, relative], env: twice.env)
        #expect(double.status == 0, "\(double)")
        #expect(try await baseRows(twice) == baseRows(once))
        #expect(double.stdout.hasPrefix(single.stdout.prefix { $0 != "(" }), "\(double.stdout) vs \(single.stdout)")
    }

    /// A zone file that would store fewer polygons than it replaces (an empty FeatureCollection)
    /// is refused with both counts; --allow-shrink takes it.
    @Test func anEmptyZoneFileReplacesNoZones() async throws {
        let workspace = try await Workspace.withFixture()
        let world = packageRoot.appendingPathComponent("Data/timezones/tz_world_simpl001.geojson").path
        try #require(try await run(["timezone", "import", world], env: workspace.env).status == 0)
        let empty = try workspace.file("empty.geojson", #"{"type": "FeatureCollection", "features": []}"#)
        let refused = try await run(["timezone", "import", empty], env: workspace.env)
        #expect(refused.status != 0 && refused.stderr.contains("--allow-shrink") && refused.stderr.contains(" 0 "), "\(refused)")
        let riga = try await run(["timezone", "--lat", "56.95", "--lon", "24.1"], env: workspace.env)
        #expect(riga.status == 0 && riga.stdout.contains("Europe/Riga"), "\(riga)")
        let allowed = try await run(["timezone", "import", "--allow-shrink", empty], env: workspace.env)
        #expect(allowed.status == 0, "\(allowed)")
        let none = try await run(["timezone", "--lat", "56.95", "--lon", "24.1"], env: workspace.env)
        #expect(none.status != 0 && none.stderr.contains("holds no time zone polygons"), "\(none)")
    }
}
