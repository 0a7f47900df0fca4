import Foundation
import GeoCore
import GeoStore
@testable import MapRender
import PixelTesting
import SpatiaLiteStore
import Stores
import Testing

/// Issue 31, item 4, over the real extract and the demo data: tiles that agree with each other and
/// with what they are stacked on. In a 3×3 mosaic of base tiles each place, district, park and
/// water is named once (a tile names what lies in it, not its neighbour's district pushed inside
/// itself); and the raster page's tiles, the annotations drawn over the base (`base=1`), put no
/// annotation ink on a base name, where a base tile under an annotation tile does.
@Suite struct TileSeamTests {
    static let centre = Coordinate(lat: 60.1699, lon: 24.9420)

    /// The demo data and the Helsinki extract in one database.
    static func database() throws -> BaseFixture {
        let fixture = try BaseFixture()
        try DefaultDataset.importAll(from: packageRoot.appendingPathComponent("Data"), into: fixture.store)
        try fixture.importBase([helsinki])
        return fixture
    }

    /// The 3×3 tiles around `middle`.
    static func mosaic(_ middle: TileID) throws -> [TileID] {
        try (-1...1).flatMap { dy in try (-1...1).map { dx in try TileID(z: middle.z, x: middle.x + dx, y: middle.y + dy) } }
    }

    /// A tile as the server draws it: its fetch area's places (none for a base tile) over its base (or none).
    static func drawn(_ tile: TileID, from store: SpatiaLiteStore, places: Bool, base: Bool) throws -> (image: Pixels, baseLabels: [BaseLabel]) {
        let style = try MapStyle.named("default"), v = Viewport(tile: tile)
        let features = places ? try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: CategoryFilter()) : []
        let request = MapRequest(features: features, layers: .annotations, framing: .center(v.center, zoom: v.zoom), width: v.width, height: v.height,
                                 style: style, base: base ? try store.baseFeatures(for: v, style: style) : [])
        let drawn = try MapRenderer.drawn(request)
        return (try Pixels(png: drawn.image), drawn.baseLabels)
    }

    /// Where tiles named a name on each side of their seam: Keskusta across a horizontal seam at
    /// zoom 15 (the complaint), Vanha kirkkopuisto at 17.
    @Test(arguments: [(15, 18654, 9484), (17, 74616, 37941)])
    func aMosaicOfBaseTilesNamesEachPlaceOnce(z: Int, x: Int, y: Int) throws {
        let fixture = try Self.database()
        var named: [String: [TileID]] = [:]
        for tile in try Self.mosaic(TileID(z: z, x: x, y: y)) {
            for label in try Self.drawn(tile, from: fixture.store, places: false, base: true).baseLabels
            where [.place, .district, .park, .water].contains(label.kind) {
                named["\(label.text) \(label.ids)", default: []].append(tile)
            }
        }
        #expect(named.count >= 2, "the mosaic names districts and parks: \(named.keys.sorted())")
        for (name, tiles) in named { #expect(tiles.count == 1, "\(name) is named in \(tiles.count) tiles: \(tiles)") }
    }

    @Test func thePagesTilesPutNoMarkOnABaseName() throws {
        // Pixels of the annotations alone (a transparent tile) inside a base name's boxes.
        func inked(_ annotations: Pixels, under labels: [BaseLabel]) -> Int {
            var count = 0
            for box in labels.flatMap(\.boxes) {
                for y in max(0, Int(box.minY))..<min(annotations.height, Int(box.maxY.rounded(.up))) {
                    for x in max(0, Int(box.minX))..<min(annotations.width, Int(box.maxX.rounded(.up))) where annotations.data[y * annotations.width + x] >> 24 != 0 {
                        count += 1
                    }
                }
            }
            return count
        }
        let fixture = try Self.database()
        var stacked = 0, names = 0
        for tile in try Self.mosaic(TileID(containing: Self.centre, zoom: 16)) {
            let annotations = try Self.drawn(tile, from: fixture.store, places: true, base: false).image
            #expect(annotations.data.contains { $0 >> 24 != 0 }, "\(tile) has marks")
            let combined = try Self.drawn(tile, from: fixture.store, places: true, base: true).baseLabels
            names += combined.count
            #expect(inked(annotations, under: combined) == 0, "\(tile): annotation ink over the base's names")
            // The base tile alone names what the marks then cover.
            stacked += inked(annotations, under: try Self.drawn(tile, from: fixture.store, places: false, base: true).baseLabels)
        }
        #expect(names >= 5, "the combined tiles name streets and districts: \(names)")
        #expect(stacked > 0, "a base tile under an annotation tile has names the marks cover")
    }
}
