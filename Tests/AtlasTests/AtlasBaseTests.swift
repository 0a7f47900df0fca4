import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import SpatiaLiteStore
import Testing
@testable import Atlas

/// The base map under a page's markers read from another database (`--base`, the manifest's
/// `base:`), checked against the base's own water areas projected onto the page.
@Suite struct AtlasBaseTests {
    /// Central Helsinki around the bay north of Kaisaniemi, where the extract has sea and a lake.
    static func helsinki(_ extra: String = "") -> String {
        #"{ title: Helsinki, file: helsinki, formats: png, dpi: 150, area: { bbox: "24.935,60.170,24.954,60.180" }\#(extra) }"#
    }

    /// The base's water fill in Styles/print.json, read as JSON (not through the style's decoder).
    static func waterFill() throws -> RGBA {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Styles/print.json")
        let style = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let hex = try #require(((style["base"] as? [String: Any])?["water"] as? [String: Any])?["fill"] as? String)
        let value = try #require(Int(hex.dropFirst(), radix: 16))
        return RGBA(r: Double(value >> 16 & 0xFF) / 255, g: Double(value >> 8 & 0xFF) / 255, b: Double(value & 0xFF) / 255)
    }

    /// Samples of the page's map every 3 points, each at least 3 points (6 pixels) from a water's
    /// edge and 1.5 from the grid's lines: the share of those inside the base's water areas, and of those outside them, whose
    /// pixel is the water's fill. The oracle: the water areas read from the base database in full
    /// detail and projected by Web Mercator written out here (the renderer's own projection is not used).
    static func waterShares(_ pixels: Pixels, layout: PrintLayout, waters: [Geometry], fill: RGBA, dpi: Double) -> (inside: Double, outside: Double, samples: Int) {
        let v = layout.viewport, rect = layout.mapRect, size = 256 * pow(2, v.zoom)
        func project(_ c: Coordinate) -> (x: Double, y: Double) {
            let lat = c.lat * .pi / 180
            return ((c.lon + 180) / 360 * size, (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * size)
        }
        let centre = project(v.center)
        // Each area's rings in page points.
        let areas: [[[(x: Double, y: Double)]]] = waters.flatMap { geometry -> [[[Coordinate]]] in
            switch geometry {
            case let .polygon(rings): [rings]
            case let .multiPolygon(polygons): polygons
            default: []
            }
        }.map { rings in
            rings.map { ring in ring.map { c in let p = project(c); return (rect.midX + p.x - centre.x, rect.midY + p.y - centre.y) } }
        }
        var inside = (samples: 0, water: 0), outside = (samples: 0, water: 0)
        for y in stride(from: rect.y + 6, to: rect.maxY - 6, by: 3.0) {
            for x in stride(from: rect.x + 6, to: rect.maxX - 6, by: 3.0) {
                var within = false, nearest = Double.infinity
                for rings in areas {
                    var crossings = 0
                    for ring in rings {
                        for (a, b) in zip(ring, ring.dropFirst()) {
                            if (a.y > y) != (b.y > y), x < a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) { crossings += 1 }
                            let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
                            let t = length == 0 ? 0 : max(0, min(1, ((x - a.x) * dx + (y - a.y) * dy) / length))
                            nearest = min(nearest, hypot(x - a.x - t * dx, y - a.y - t * dy))
                        }
                    }
                    if crossings % 2 == 1 { within = true }
                }
                // Off the reference grid's lines, which are drawn over the base.
                let columns = Double(layout.grid.columns), rows = Double(layout.grid.rows)
                let column = (x - rect.x) / rect.width * columns, row = (y - rect.y) / rect.height * rows
                let offGrid = abs(column - column.rounded()) * rect.width / columns > 1.5 && abs(row - row.rounded()) * rect.height / rows > 1.5
                guard nearest >= 3, offGrid else { continue }
                let water = pixels.near(Int(x * dpi / 72), Int(y * dpi / 72), fill, tolerance: 0.03) ? 1 : 0
                if within { inside = (inside.samples + 1, inside.water + water) } else { outside = (outside.samples + 1, outside.water + water) }
            }
        }
        return (Double(inside.water) / Double(max(1, inside.samples)), Double(outside.water) / Double(max(1, outside.samples)), inside.samples)
    }

    /// Where a page's base comes from: the map's `base:` over the defaults' over the batch's
    /// (`--base`, `--no-base`) over the markers' database (the fixture's holds no base map). A
    /// relative `base:` is within the manifest's folder.
    @Test(arguments: [
        ("--base", "maps:\n  - \(helsinki())\n", "option", true),
        ("the database's own", "maps:\n  - \(helsinki())\n", "database", false),
        ("--no-base", "maps:\n  - \(helsinki())\n", "none", false),
        ("base: none over --base", "maps:\n  - \(helsinki(", base: none"))\n", "option", false),
        ("defaults' base: none over --base", "defaults: { base: none }\nmaps:\n  - \(helsinki())\n", "option", false),
        ("a relative base: over --no-base", "maps:\n  - \(helsinki(", base: helsinki-base.sqlite"))\n", "none", true),
        ("a map's base: over the defaults'", "defaults: { base: none }\nmaps:\n  - \(helsinki(", base: helsinki-base.sqlite"))\n", "none", true),
    ])
    func aPageShowsTheWaterOfTheBaseItIsDrawnOver(_ name: String, manifest: String, option: String, water: Bool) throws {
        let fixture = try AtlasFixture()
        let base = try fixture.helsinkiBase()
        let batchBase: MapBase = switch option { case "option": .other(base); case "none": .none; default: .database }
        let (atlas, batch) = try fixture.batch(manifest, file: fixture.directory.appendingPathComponent("atlas.yaml").path,
                                               base: batchBase, bases: [base: try BaseDatabase.check(base)])
        let report = batch.run { _, _, _, _ in }
        #expect(report.failures.isEmpty, "\(name): \(report.failures.map(\.reason))")
        let layout = try batch.layout(atlas.maps[0], store: SpatiaLiteStore(path: fixture.database, readOnly: true))
        let waters = try SpatiaLiteStore(path: base, readOnly: true)
            .baseFeatures(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), zoom: 20).filter { $0.layer == .water }.map(\.geometry)
        let pixels = try Pixels(png: Data(contentsOf: fixture.output.appendingPathComponent("helsinki.png")))
        let shares = Self.waterShares(pixels, layout: layout, waters: waters, fill: try Self.waterFill(), dpi: 150)
        // Enough of the page is water to tell (the bay and Töölönlahti); bridges and a ferry's
        // dashed line cover a little of it.
        #expect(shares.samples > 300, "\(name): \(shares.samples) samples over water")
        if water {
            #expect(shares.inside > 0.9 && shares.outside < 0.01, "\(name): \(shares)")
        } else {
            #expect(shares.inside == 0 && shares.outside == 0, "\(name): \(shares)")
        }
    }

    /// A map's words go into the stamp beside it, for anyone to read: a base's password is not among them.
    @Test func theStampsWordsHoldNoPassword() throws {
        let manifest = try AtlasManifest.parse("""
            defaults: { base: "postgres://me:s3cret@127.0.0.1:5432/waymark" }
            maps:
              - { title: A, base: "postgresql://you:other-secret@db.example/x?schema=y" }
            """, file: "/tmp/atlas.yaml")
        let words = try #require(manifest.maps.first).words
        #expect(!words.contains("s3cret") && !words.contains("other-secret"), "\(words)")
        #expect(words.contains("postgres://me@127.0.0.1:5432/waymark") && words.contains("postgresql://you@db.example/x?schema=y"), "\(words)")
    }

    /// A base database that cannot be used is refused before any map is drawn, naming the
    /// manifest's line, the map and the key, or (`BaseDatabase.check`) saying why for `--base`.
    @Test func aBaseThatCannotBeUsedIsRefusedNamingItsKey() throws {
        let fixture = try AtlasFixture()
        let file = fixture.directory.appendingPathComponent("atlas.yaml").path
        let folder = fixture.directory.standardizedFileURL.path
        let missing = try AtlasManifest.parse("maps:\n  - title: A\n  - title: B\n    base: gone.sqlite\n", file: file)
        #expect(throws: ManifestError(file: file, line: 4, map: "map 2 'B'", key: "base", reason: "no database at \(folder)/gone.sqlite")) {
            try missing.checkBases()
        }
        // The fixture's database holds places but no base map: said where the defaults name it.
        let empty = try AtlasManifest.parse("defaults:\n  base: fixture.sqlite\nmaps:\n  - title: A\n", file: file)
        #expect(throws: ManifestError(file: file, line: 2, map: "map 1 'A'", key: "base",
                                      reason: "\(folder)/fixture.sqlite holds no base map; fill it with `waymark base import --db \(folder)/fixture.sqlite FILE…`")) {
            try empty.checkBases()
        }
        #expect(throws: ManifestError(file: file, line: 2, map: "map 1 'A'", key: "base", reason: "'postgres://127.0.0.1:5432/waymark' names no user (postgres://user@host…)")) {
            try AtlasManifest.parse("maps:\n  - { title: A, base: \"postgres://127.0.0.1:5432/waymark\" }\n", file: file)
        }
        #expect(throws: ManifestError(file: file, line: 2, map: "map 1 'A'", key: "base", reason: "is empty; give a SpatiaLite file, a postgres:// URL or none")) {
            try AtlasManifest.parse("maps:\n  - { title: A, base: \"\" }\n", file: file)
        }
        #expect(throws: ManifestError(file: file, line: 2, map: "map 1 'A'", key: "base", reason: "must be a single value")) {
            try AtlasManifest.parse("maps:\n  - { title: A, base: [a.sqlite, b.sqlite] }\n", file: file)
        }
        // A base that can be used, and `none`, pass; so does a manifest naming none.
        let base = try fixture.helsinkiBase()
        let good = try AtlasManifest.parse("defaults: { base: none }\nmaps:\n  - { title: A, base: helsinki-base.sqlite }\n  - { title: B }\n", file: file)
        #expect(try good.checkBases() == [base: try BaseDatabase.check(base)])
        #expect(good.maps.map(\.base) == [.other(base), MapBase.none])
        #expect(try AtlasManifest.parse("maps:\n  - { title: A }\n", file: file).maps[0].base == nil)
    }
}
