import BaseData
import Foundation
import GeoCore
import GeoStore
import MapRender
import SpatiaLiteStore
import Stores

/// The base map (issue 15): central Helsinki drawn over its OpenStreetMap base against Mapnik
/// (`mapnik_base.py` of ../shared/peers, on the same extract, box, size and places), a base +
/// annotation tile, and `base import` of two extracts. Every row's name starts with "base": they
/// run when `--only` is absent or starts with "base" (`--only base` runs them alone).
enum BaseMapBench {
    /// The box of ../shared/peers/README.md (all that Data/base/Helsinki.osm.pbf holds, so the
    /// zoom-16 tiles are taken from it too) and the categories of its places.
    static let centre = BoundingBox(minLon: 24.935, minLat: 60.164, maxLon: 24.953, maxLat: 60.179)
    static let categories = CategoryFilter(["eat", "see", "stay", "cinema"])

    static func run(work: URL, shared: URL, renders: Int) throws {
        guard only.map({ $0.hasPrefix("base") }) ?? true else { return }
        let peers = shared.deletingLastPathComponent().appendingPathComponent("peers")
        let andorra = shared.appendingPathComponent("osm/andorra.osm.pbf")
        guard let data = DefaultDataset.dataDirectory() else {
            print("\nskipped the base map rows: no Data/ directory found (set $WAYMARK_DATA)")
            return
        }
        let helsinki = data.appendingPathComponent("base/Helsinki.osm.pbf")
        for needed in [peers.appendingPathComponent("mapnik_base.py"), peers.appendingPathComponent("make-osm-base.sh"), andorra]
        where !FileManager.default.fileExists(atPath: needed.path) {
            print("\nskipped the base map rows: \(needed.path) is absent (give --shared the shared data folder, with peers/ beside it)")
            return
        }
        guard Shell.succeeds("/usr/bin/python3", ["-c", "import mapnik"]) else {
            print("\nskipped the base map rows: /usr/bin/python3 cannot import mapnik (apt-get install python3-mapnik)")
            return
        }

        // The demo database as `waymark` builds it: Data/'s features, then its base.
        let path = work.appendingPathComponent("base-helsinki.sqlite").path
        removeDatabase(path)
        let building = try SpatiaLiteStore(path: path)
        try DefaultDataset.importAll(from: data, into: building)
        _ = try building.importBase([source(helsinki.path)])
        let store = try SpatiaLiteStore(path: path, readOnly: true)

        // The peer's layers (once per work folder) and its places: those the box shows.
        let layers = work.appendingPathComponent("mapnik-osm-base")
        if !FileManager.default.fileExists(atPath: layers.appendingPathComponent("roads.geojson").path) {
            guard Shell.succeeds("/bin/bash", [peers.appendingPathComponent("make-osm-base.sh").path, helsinki.path, layers.path]) else {
                print("\nskipped the base map rows: make-osm-base.sh failed (is gdal-bin installed?)")
                return
            }
        }
        let places = try store.features(in: centre, categories: categories)
        let points = work.appendingPathComponent("mapnik-base-points.csv")
        try (["lon,lat,category,name"] + places.map { f in
            let c = f.geometry.coordinates[0], name = f.name(in: nil) ?? ""
            return String(format: "%.7f,%.7f,", c.lon, c.lat) + f.category + ",\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }).joined(separator: "\n").write(to: points, atomically: true, encoding: .utf8)

        let style = try MapStyle.named("default")
        let request = MapRequest(features: [], categories: categories, framing: .bbox(centre), width: 1024, height: 768, style: style)
        var rows: [Row] = []
        for labels in [true, false] {
            let name = "base Helsinki 1024×768, \(places.count) places, " + (labels ? "labels" : "markers, no labels")
            if let only, !name.contains(only) { continue }
            // Waymark has no switch for its annotations' names: without labels, the places are handed over nameless.
            let ours = try measure(name, renders) { _ in
                var fetched = try request.fetchingFeatures(from: store, base: store)
                if !labels { fetched.features = fetched.features.map { f in var f = f; f.name = nil; f.names = [:]; return f } }
                return try MapRenderer.render(fetched).count > 0 ? 1 : 0
            }
            let peer = Shell.output("/usr/bin/python3", [peers.appendingPathComponent("mapnik_base.py").path, "--base", layers.path,
                                                          "--points", points.path, "--bbox", [centre.minLon, centre.minLat, centre.maxLon, centre.maxLat].map { String($0) }.joined(separator: ","), "--size", "1024x768",
                                                          "--repeat", String(renders)] + (labels ? [] : ["--no-labels"]))
            let figures = peer.flatMap(PeerFigures.init)
            if figures == nil { print("\nskipped Mapnik beside \(name): mapnik_base.py failed or printed no p50/p99") }
            rows.append(Row(ours: ours.0, peer: figures, target: labels ? "≥ 3×" : "≥ 1.5×"))
            // The same map as a person makes it: `waymark render`, the whole process, start-up included.
            if labels, FileManager.default.isExecutableFile(atPath: waymarkCLI.path) {
                let box = [centre.minLon, centre.minLat, centre.maxLon, centre.maxLat].map { String($0) }.joined(separator: ",")
                let arguments = ["render", "--db", path, "--bbox", box, "--category", categories.codes.sorted().joined(separator: ","), "--size", "1024x768", "--output", work.appendingPathComponent("base-helsinki.png").path]
                _ = try StartupBench.wall(waymarkCLI, arguments)
                let wall = try (0..<max(5, renders / 4)).map { _ in try StartupBench.wall(waymarkCLI, arguments) * 1000 }
                rows.append(Row(ours: Timing(name: "the same, `waymark render` whole process", samples: wall), peer: figures, target: "≥ 3× (issue 33)"))
            }
        }

        // Opaque tiles as the server draws them (its lean connection, no tile cache): the
        // annotations of every category over the base, each fetched for its own tile.
        let lean = try SpatiaLiteStore(path: path, readOnly: true, memory: .lean)
        let corner = (try TileID(containing: Coordinate(lat: centre.maxLat, lon: centre.minLon), zoom: 16),
                      try TileID(containing: Coordinate(lat: centre.minLat, lon: centre.maxLon), zoom: 16))
        let tiles = try (corner.0.y...corner.1.y).flatMap { y in try (corner.0.x...corner.1.x).map { x in try TileID(z: 16, x: x, y: y) } }
        let tileName = "base + annotation tile 256 px, z16, \(tiles.count) tiles"
        if only.map({ tileName.contains($0) }) ?? true {
            let tile = try measure(tileName, tiles.count * 10) { i in
                let tile = tiles[i % tiles.count]
                let features = try lean.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: CategoryFilter())
                let base = try lean.baseFeatures(for: Viewport(tile: tile), style: style)
                return try MapRenderer.renderTile(tile, features: features, style: style, base: base).count > 0 ? 1 : 0
            }
            rows.append(Row(ours: tile.0, peer: nil, target: "p50 ≤ 10 ms"))
        }
        // The vector page's annotation tiles (`base=1`): each z15 vector tile over the same area (the
        // z16 layout, 512 px), its marks and labels and the base's names placed among them.
        let vectorTiles = Array(Set(try tiles.map { try TileID(z: 15, x: $0.x / 2, y: $0.y / 2) })).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        // Beside it the same tiles without the names (`base=0`), so that their cost stands out.
        for names in [true, false] {
            let name = "base names in the annotation vector tile, z15 (the z16 layout), \(vectorTiles.count) tiles" + (names ? "" : ": without them")
            if let only, !name.contains(only) { continue }
            let timing = try measure(name, vectorTiles.count * 20) { i in
                let tile = vectorTiles[i % vectorTiles.count], viewport = Viewport(vectorTile: tile)
                let features = try lean.features(in: MapRenderer.fetchArea(viewport, style: style), categories: CategoryFilter())
                let base = names ? try lean.baseFeatures(for: viewport, style: style) : []
                return try AnnotationVectorTile.encode(tile, features: features, style: style, base: base).count > 0 ? 1 : 0
            }
            rows.append(Row(ours: timing.0, peer: nil, target: "—"))
        }
        // The base map's vector tile as the server makes it (the lean connection, no tile cache):
        // the station's tile fetched and encoded, and its bytes beside the PNG base tile's at @2x.
        var sizes: [String] = []
        for zoom in [15, 13] {
            let tile = try TileID(containing: Coordinate(lat: 60.1699, lon: 24.9384), zoom: zoom)
            let name = "base vector tile, central Helsinki z\(zoom) (\(tile.x)/\(tile.y))"
            if let only, !name.contains(only) { continue }
            let timing = try measure(name, renders * 20) { _ in
                try BaseVectorTile.encode(tile, base: try lean.baseFeatures(for: Viewport(vectorTile: tile), style: style), style: style).count > 0 ? 1 : 0
            }
            rows.append(Row(ours: timing.0, peer: nil, target: "p50 ≤ 3 ms"))
            let mvt = try BaseVectorTile.encode(tile, base: try lean.baseFeatures(for: Viewport(vectorTile: tile), style: style), style: style)
            let gzipped = try Deflate.compress(mvt, into: .gzip)
            let png = try MapRenderer.renderTile(tile, features: [], scale: 2, style: style, base: try lean.baseFeatures(for: Viewport(tile: tile), style: style))
            sizes.append(String(format: "%@: %d bytes, %d gzipped; the PNG base tile @2x: %d bytes (vector ÷ PNG: %.2f, gzipped %.2f)",
                                name, mvt.count, gzipped.count, png.count, Double(mvt.count) / Double(png.count), Double(gzipped.count) / Double(png.count)))
        }
        report(rows)
        for line in sizes { print("\n" + line) }

        for (label, file) in [("Helsinki", helsinki), ("Andorra", andorra)] {
            let name = "base import \(label) (\(file.lastPathComponent)) into a fresh database"
            if let only, !name.contains(only) { continue }
            let fresh = work.appendingPathComponent("base-import-\(label).sqlite").path
            removeDatabase(fresh)
            // VmHWM is the process's peak; "5" in clear_refs brings it down to the present RSS.
            let rssBefore = memoryStatus("VmRSS")
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
            var summary: BaseImportSummary?
            let wall = try seconds { summary = try SpatiaLiteStore(path: fresh).importBase([source(file.path)]) }
            let kept = summary?.features.values.reduce(0, +) ?? 0
            print(String(format: "\n%@: %.2f s wall, %d base features; RSS %@ before, peak %@ (VmHWM, reset before the import)",
                         name, wall, kept, rssBefore ?? "?", memoryStatus("VmHWM") ?? "?"))
        }
    }

    /// A file as `waymark base import` reads it into a store.
    static func source(_ path: String) -> BaseSource {
        let reader = BaseReader(path: path)
        return BaseSource(name: reader.sourceName) { batch in _ = try reader.read(batch) }
    }

    /// A line of /proc/self/status, e.g. "123456 kB".
    static func memoryStatus(_ key: String) -> String? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
            .map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    /// What `mapnik_base.py` prints: "… p50 123.4 ms, p99 234.5 ms over 20 renders".
    struct PeerFigures {
        let p50: Double, p99: Double
        init?(_ text: String) {
            let numbers = ["p50", "p99"].compactMap { key -> Double? in
                guard let range = text.range(of: key + " ") else { return nil }
                return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." })
            }
            guard numbers.count == 2 else { return nil }
            (p50, p99) = (numbers[0], numbers[1])
        }
    }

    struct Row {
        let ours: Timing
        let peer: PeerFigures?
        let target: String
    }

    static func report(_ rows: [Row]) {
        print("\n## the base map (ms)\n")
        print("| map | p50 ms | p99 ms | mapnik_base.py p50 ms | p99 ms | Mapnik p50 / ours | target |")
        print("|---|---:|---:|---:|---:|---:|---|")
        for row in rows {
            let ours = String(format: "%.2f | %.2f", row.ours.p50 / 1000, row.ours.p99 / 1000)
            let peer = row.peer.map { String(format: "%.1f | %.1f | %.1f×", $0.p50, $0.p99, $0.p50 / (row.ours.p50 / 1000)) } ?? "— | — | —"
            print("| \(row.ours.name) | \(ours) | \(peer) | \(row.target) |")
        }
    }
}

/// Programs the base rows run: the peer and its data preparation.
enum Shell {
    static func succeeds(_ program: String, _ arguments: [String]) -> Bool { output(program, arguments) != nil }

    /// Standard output, or nil when the program cannot start or fails.
    static func output(_ program: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
