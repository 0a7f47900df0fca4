import Foundation
import GeoCore
import GeoStore
import PixelTesting
import SpatiaLiteStore
import Stores
import Testing
@testable import MapRender

/// Annotation tiles against the overview of the same area: tiles rendered apart, each handed only
/// the features of its own fetch area, must fit together into the image drawn in one piece.
@Suite struct TileTests {
    let style: MapStyle
    let zoom = 16
    /// The tile in the centre of Helsinki whose south-east corner the 2×2 mosaic meets at.
    let northWest: TileID

    init() throws {
        style = try MapStyle.named("default")
        northWest = try TileID(containing: Coordinate(lat: 60.1699, lon: 24.9384), zoom: zoom)
    }

    /// A dense town: 1 500 places in four categories within about 3 km, names with diacritics
    /// and names in two lines, so that clusters, labels and pins straddle the tile edges.
    func town() -> [Feature] {
        var rng = SeededRandom(seed: 42)
        let categories = ["eat", "see", "stay", "do"]
        let names = ["Ķīpsala", "Šťastný dvůr", "Cafe Ūdens", "Țara Șoimilor", "Řeka", "Museum", "Helsingin kaupunginmuseo ja Kansallismuseo"]
        return (0..<1_500).map { i in
            let c = Coordinate(lat: 60.1699 + .random(in: -0.012...0.012, using: &rng), lon: 24.9384 + .random(in: -0.025...0.025, using: &rng))
            return Feature(id: FeatureID(kind: .poi, row: Int64(i + 1)), category: categories[i % 4],
                           name: "\(names[i % names.count]) \(i)", geometry: .point(c))
        }
    }

    /// What a server would fetch for the tile: the features inside its fetch area.
    func fetched(_ features: [Feature], for tile: TileID) -> [Feature] {
        within(MapRenderer.fetchArea(tile: tile, style: style), features)
    }

    func fetched(_ features: [Feature], forVectorTile tile: TileID) -> [Feature] {
        within(MapRenderer.fetchArea(Viewport(vectorTile: tile), style: style), features)
    }

    private func within(_ area: BoundingBox, _ features: [Feature]) -> [Feature] {
        features.filter { f in f.geometry.coordinates.contains { area.contains($0) } }
    }

    /// Also over a base: opaque tiles, as the server's base tiles are, where land and sea, a lake
    /// with its island, cased roads and dashed rail (the dashes in phase) cross the seams. The
    /// base is unnamed: a tile keeps its base names within itself, the overview places them anywhere.
    @Test(arguments: [(1.0, false), (2.0, false), (1.0, true)])
    func aMosaicOfTilesIsTheOverview(scale: Double, withBase: Bool) throws {
        let features = town()
        let n = Double(1 << zoom), world = WebMercator.tileSize / n
        // The overview: 512 × 512 layout pixels centred on the corner the four tiles share.
        let corner = WebMercator.coordinate(x: Double(northWest.x + 1) * world, y: Double(northWest.y + 1) * world)
        let base = withBase ? Self.acrossTheSeams(corner) : []
        let overview = try Pixels(png: MapRenderer.render(MapRequest(
            features: features, layers: .annotations, framing: .center(corner, zoom: Double(zoom)),
            width: 512, height: 512, scale: scale, style: style, base: base)))
        let side = Int(256 * scale)
        #expect(overview.width == 2 * side && overview.height == 2 * side)

        // Away from the seams the images must agree to rounding; at a seam, text and curves cut
        // by the tile's edge may be anti-aliased a little differently.
        let band = Int(4 * scale)
        var differing = 0, seamDiffering = 0, inked = 0
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let id = try TileID(z: zoom, x: northWest.x + dx, y: northWest.y + dy)
            let own = fetched(features, for: id)
            #expect(own.count < features.count, "the tile must be handed less than everything")
            let tile = try Pixels(png: MapRenderer.renderTile(id, features: own, scale: scale, style: style, base: base))
            #expect(tile.width == side && tile.height == side)
            for y in 0..<side {
                for x in 0..<side {
                    let a = tile.data[y * side + x], b = overview.data[(y + dy * side) * overview.width + x + dx * side]
                    if a >> 24 != 0 { inked += 1 }
                    // Channel by channel: premultiplied ARGB as Cairo reads it back.
                    let difference = Self.channelDifference(a, b)
                    let atSeam = abs(x + dx * side - side) < band || abs(y + dy * side - side) < band
                    // Cairo tessellates a long stroke within the surface it draws on, so a base
                    // line's anti-aliased edge may differ by a few levels more.
                    if atSeam ? difference > 24 : difference > (withBase ? 8 : 2) { differing += 1 }
                    if atSeam && difference > 2 { seamDiffering += 1 }
                }
            }
        }
        let total = 4 * side * side
        #expect(Double(inked) / Double(total) > (withBase ? 0.99 : 0.1), "the mosaic should be busy with pins and labels, or opaque with a base")
        if withBase { #expect(Set(overview.data).count > 20, "the overview shows sea, land, water, roads and rail") }
        #expect(differing == 0, "\(differing) of \(total) pixels differ between the tiles and the overview")
        #expect(seamDiffering <= total / 2_000, "\(seamDiffering) pixels at the seams differ slightly")
    }

    /// Unnamed land and sea, a lake with an island, a park, roads of three classes, rail and a
    /// border, all crossing the point `corner` where four tiles meet.
    static func acrossTheSeams(_ corner: Coordinate) -> [BaseFeature] {
        func at(_ dLat: Double, _ dLon: Double) -> Coordinate { Coordinate(lat: corner.lat + dLat, lon: corner.lon + dLon) }
        return [
            BaseFeature(layer: .land, kind: "land", geometry: .polygon([[at(-0.01, -0.01), at(-0.01, 0.003), at(0.01, 0.0045), at(0.01, -0.01), at(-0.01, -0.01)]])),
            BaseFeature(layer: .water, kind: "lake", geometry: .polygon([[at(-0.0008, -0.0034), at(-0.0009, -0.0005), at(0.0006, -0.0012), at(0.0009, -0.003), at(-0.0008, -0.0034)],
                                                                          [at(-0.0002, -0.0024), at(-0.0003, -0.0016), at(0.0002, -0.0019), at(-0.0002, -0.0024)]])),
            BaseFeature(layer: .park, kind: "park", geometry: .polygon([[at(0.0002, 0.0002), at(0.0002, 0.002), at(0.0009, 0.002), at(0.0009, 0.0002), at(0.0002, 0.0002)]])),
            BaseFeature(layer: .road, kind: "primary", geometry: .lineString([at(-0.002, -0.004), at(0.0003, 0.0001), at(0.002, 0.004)])),
            BaseFeature(layer: .road, kind: "residential", geometry: .lineString([at(0.0011, -0.005), at(-0.0004, 0.005)])),
            BaseFeature(layer: .road, kind: "footway", geometry: .lineString([at(-0.0015, 0.0003), at(0.0015, -0.0002)])),
            BaseFeature(layer: .rail, kind: "rail", geometry: .lineString([at(-0.0012, -0.005), at(0.0013, 0.0047)])),
            BaseFeature(layer: .border, kind: "8", geometry: .lineString([at(0.0016, -0.005), at(-0.0016, 0.005)])),
        ]
    }

    /// Two rivers cut into stretches, as OpenStreetMap has them, imported into a store and drawn
    /// as annotation tiles (which show no shapes, so waters are pinned): across every tile each
    /// river has one pin, on its longest stretch (known from how the stretches were cut), where a
    /// pin per stretch would stand ten times along them.
    @Test func aRiverCutIntoStretchesIsPinnedOnceAcrossTiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-rivers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Valira: 25 points along 0.06° cut at uneven vertices, so that the stretch 10–18 is the
        // longest; Arinsal: 0.01° north, cut in three, 3–9 the longest.
        func river(_ name: String, lat: Double, points: Int, cuts: [Int]) -> [(id: String, line: [Coordinate])] {
            let line = (0..<points).map { i in Coordinate(lat: lat + 0.0015 * sin(Double(i) / 4), lon: 1.49 + Double(i) * 0.0025) }
            let ends = [0] + cuts + [points - 1]
            return zip(ends, ends.dropFirst()).map { a, b in ("\(name)-\(a)", Array(line[a...b])) }
        }
        let valira = river("Valira", lat: 42.5, points: 25, cuts: [3, 6, 10, 18, 20, 22]), arinsal = river("Arinsal", lat: 42.51, points: 12, cuts: [3, 9])
        let features = (valira.map { ("Valira", $0) } + arinsal.map { ("Riu d'Arinsal", $0) }).map { name, stretch in
            let coordinates = stretch.line.map { "[\($0.lon), \($0.lat)]" }.joined(separator: ", ")
            return #"{"type": "Feature", "id": "\#(stretch.id)", "properties": {"name": "\#(name)"}, "geometry": {"type": "LineString", "coordinates": [\#(coordinates)]}}"#
        }
        let file = directory.appendingPathComponent("rivers.geojson")
        try Data(#"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#.utf8).write(to: file)
        let store = try SpatiaLiteStore(path: directory.appendingPathComponent("rivers.sqlite").path)
        _ = try store.importFiles(FileImport.parse(paths: [file.path], kind: .water), skipInvalid: false)
        // Each stored stretch by its feature id, with the id it was imported under.
        let stored = try store.withDetails(FeaturePage(features: store.features(in: BoundingBox(minLon: 1, minLat: 42, maxLon: 2, maxLat: 43),
                                                                                  categories: CategoryFilter()), next: nil)).features
        let stretchOf = Dictionary(uniqueKeysWithValues: stored.map { ($0.id.description, $0.properties["source_id"]!) })
        #expect(stretchOf.count == valira.count + arinsal.count)

        var pinned: [String: [String]] = [:]
        let zoom = 15
        let first = try TileID(containing: Coordinate(lat: 42.52, lon: 1.485), zoom: zoom), last = try TileID(containing: Coordinate(lat: 42.49, lon: 1.555), zoom: zoom)
        for x in first.x...last.x {
            for y in first.y...last.y {
                let tile = try TileID(z: zoom, x: x, y: y), v = Viewport(tile: tile)
                let features = try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: CategoryFilter())
                let drawn = try MapRenderer.drawn(MapRequest(features: features, layers: .annotations, framing: .center(v.center, zoom: v.zoom),
                                                             width: v.width, height: v.height, style: style))
                // Each mark counted in the tile its point stands in.
                for mark in drawn.annotations.marks where (0..<256.0).contains(mark.anchor.x) && (0..<256.0).contains(mark.anchor.y) {
                    for member in mark.group.members { pinned[member.label ?? "", default: []].append(stretchOf[member.id]!) }
                }
            }
        }
        #expect(pinned == ["Valira": ["Valira-10"], "Riu d'Arinsal": ["Arinsal-3"]], "\(pinned)")
    }

    /// A tile is the same image whatever order its features come in.
    @Test func aTileIgnoresInputOrder() throws {
        let own = fetched(town(), for: northWest)
        var rng = SeededRandom(seed: 44)
        let reference = try MapRenderer.renderTile(northWest, features: own, style: style)
        for _ in 0..<3 { #expect(try MapRenderer.renderTile(northWest, features: own.shuffled(using: &rng), style: style) == reference) }
    }

    /// The largest difference between two pixels' channels.
    static func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
        }
        return worst
    }

    @Test func aPinAcrossATileEdgeIsDrawnWholeInBoth() throws {
        // A pin whose tip is 3 px west of the edge between two tiles: its head reaches into the east tile.
        let n = Double(1 << zoom), world = WebMercator.tileSize / n
        let edgeX = Double(northWest.x + 1) * world, midY = (Double(northWest.y) + 0.7) * world
        let tip = WebMercator.coordinate(x: edgeX - 3 / n, y: midY)
        let pin = Feature(id: FeatureID(kind: .poi, row: 1), category: "see", name: nil, geometry: .point(tip))
        let colour = style.category("see").color
        let west = try Pixels(png: MapRenderer.renderTile(northWest, features: [pin], style: style))
        let east = try Pixels(png: MapRenderer.renderTile(try TileID(z: zoom, x: northWest.x + 1, y: northWest.y), features: [pin], style: style))
        let row = Int(0.7 * 256) - 14  // in the pin's body, below its head (where the glyph is)
        #expect(west.near(252, row, colour))
        #expect(east.near(3, row, colour), "the pin's east half belongs in the east tile")
        // Far from the pin: fully transparent.
        #expect(west.data[10 * 256 + 10] >> 24 == 0 && east.data[10 * 256 + 100] >> 24 == 0)
    }

    @Test func tilesAreRGBAWithSizesByScale() throws {
        for (scale, side) in [(1.0, 256), (2.0, 512)] {
            let png = try MapRenderer.renderTile(northWest, features: town(), scale: scale, style: style)
            // IHDR: width and height (big-endian), then bit depth 8 and colour type 6, RGBA.
            let header = [UInt8](png.prefix(26))
            #expect(Int(header[18]) << 8 | Int(header[19]) == side && header[24] == 8 && header[25] == 6)
        }
        #expect(throws: RenderError.self) { try MapRenderer.renderTile(northWest, features: [], scale: 4, style: style) }
    }
}
