import Foundation
import GeoCore
import PixelTesting
import Testing
import TestSupport
@testable import MapRender

/// The base map against independent geometry: each checked point is projected by PROJ's
/// `cs2cs` (EPSG:3857), not by the renderer, and its pixel must have the colour of what lies there.
@Suite struct BaseMapTests {
    let style: MapStyle
    let base: MapStyle.BaseStyle
    static let centre = Coordinate(lat: 60.17, lon: 24.94)
    static let zoom = 16.0, width = 400.0, height = 300.0

    init() throws {
        style = try MapStyle.named("default")
        base = try #require(style.base)
    }

    /// Image pixels of `points` in a map centred on `centre` at `zoom`, by cs2cs.
    static func oracle(_ points: [Coordinate]) async throws -> [(x: Double, y: Double)] {
        let projected = try await ProjOracle.cs2cs(points + [centre], epsg: 3857).map(ProjOracle.oraclePixel)
        let c = projected.last!, s = pow(2, zoom)
        return projected.dropLast().map { ((($0.x - c.x) * s) + width / 2, (($0.y - c.y) * s) + height / 2) }
    }

    static func offset(_ dLat: Double, _ dLon: Double) -> Coordinate { Coordinate(lat: centre.lat + dLat, lon: centre.lon + dLon) }

    static func square(_ dLat: Double, _ dLon: Double) -> [Coordinate] {
        [offset(-dLat, -dLon), offset(-dLat, dLon), offset(dLat, dLon), offset(dLat, -dLon), offset(-dLat, -dLon)]
    }

    func render(_ base: [BaseFeature], style: MapStyle? = nil, features: [Feature] = [], format: ImageFormat = .png) throws -> Data {
        try MapRenderer.render(MapRequest(features: features, framing: .center(Self.centre, zoom: Self.zoom), width: Self.width, height: Self.height,
                                          format: format, style: style ?? self.style, base: base))
    }

    @Test func aLakeIsWaterAndItsIslandIsLand() async throws {
        let lake = BaseFeature(layer: .water, kind: "lake", geometry: .polygon([Self.square(0.0012, 0.0035), Self.square(0.0004, 0.0009)]))
        let image = try Pixels(png: render([lake]))
        let p = try await Self.oracle([Self.offset(0, 0.0022), Self.centre, Self.offset(0.0009, 0), Self.offset(0, 0.0041)])
        #expect(image.near(Int(p[0].x), Int(p[0].y), base.water.fill), "in the lake at \(p[0])")
        #expect(image.near(Int(p[1].x), Int(p[1].y), base.land), "on the island at \(p[1])")
        #expect(image.near(Int(p[2].x), Int(p[2].y), base.water.fill), "north of the island at \(p[2])")
        #expect(image.near(Int(p[3].x), Int(p[3].y), base.land), "beyond the lake at \(p[3])")
    }

    @Test func aRoadHasItsClassFillAndItsCasingBeside() async throws {
        var style = style
        // A casing wide enough to sample a whole pixel of it.
        style.base!.roads["primary"]!.casingWidth = 3
        let road = try #require(style.base!.roads["primary"])
        let line = BaseFeature(layer: .road, kind: "primary", name: "Esplanadi", geometry: .lineString([Self.offset(0, -0.006), Self.offset(0, 0.006)]))
        let image = try Pixels(png: render([line], style: style))
        let p = try await Self.oracle([Self.offset(0, 0.001)])[0]
        // At zoom 16 the fill is `width` wide, the casing `casing_width` more on each side.
        #expect(road.width == 10 && MapRenderer.baseZoom(Viewport(center: Self.centre, zoom: Self.zoom, width: Self.width, height: Self.height)) == 16)
        #expect(image.near(Int(p.x), Int(p.y), road.fill), "the road's middle at \(p)")
        let beside = road.width / 2 + road.casingWidth / 2
        #expect(image.near(Int(p.x), Int((p.y + beside).rounded(.down)), road.casing), "the casing below at \(p)")
        #expect(image.near(Int(p.x), Int((p.y - beside).rounded(.down)), road.casing), "the casing above at \(p)")
        #expect(image.near(Int(p.x), Int(p.y + road.width / 2 + road.casingWidth + 3), base.land), "land beyond the casing")
    }

    @Test func outsideTheLandIsSea() async throws {
        // Land west of the centre's meridian, sea east of it.
        let land = BaseFeature(layer: .land, kind: "land", geometry: .polygon([[Self.offset(-0.01, -0.01), Self.offset(-0.01, 0), Self.offset(0.01, 0),
                                                                                   Self.offset(0.01, -0.01), Self.offset(-0.01, -0.01)]]))
        let image = try Pixels(png: render([land]))
        let p = try await Self.oracle([Self.offset(0, 0.002), Self.offset(0, -0.002)])
        #expect(image.near(Int(p[0].x), Int(p[0].y), base.sea), "east: sea at \(p[0])")
        #expect(image.near(Int(p[1].x), Int(p[1].y), base.land), "west: land at \(p[1])")
    }

    /// Streets in a grid, named, under pins with labels: every name placed stays off the others and off every annotation.
    @Test func baseLabelsGiveWayAndNeverOverlap() throws {
        var streets: [BaseFeature] = []
        for i in -6...6 {
            let d = Double(i) * 0.0004
            streets.append(BaseFeature(layer: .road, kind: "residential", name: "Katu \(i + 7)", geometry: .lineString([Self.offset(d * 0.5, -0.006), Self.offset(d * 0.5, 0.006)])))
            streets.append(BaseFeature(layer: .road, kind: "tertiary", name: "Tie \(i + 7)", geometry: .lineString([Self.offset(-0.004, d), Self.offset(0.004, d + 0.0005)])))
        }
        streets.append(BaseFeature(layer: .park, kind: "park", name: "Esplanadin puisto", geometry: .polygon([Self.square(0.0005, 0.002)])))
        streets.append(BaseFeature(layer: .place, kind: "suburb", name: "Kaartinkaupunki", rank: 1_000, geometry: .point(Self.offset(0.0003, 0.001))))
        let categories = ["eat", "see", "stay"]
        let pins = (0..<40).map { (i: Int) -> Feature in
            let at = Self.offset(Double(i % 7 - 3) * 0.00025, Double(i / 7 - 3) * 0.0011)
            return Feature(id: FeatureID(kind: .poi, row: Int64(i)), category: categories[i % 3], name: "Paikka \(i)", names: [:], address: nil,
                           geometry: .point(at), distance: nil, properties: [:])
        }
        let drawn = try MapRenderer.drawn(MapRequest(features: pins, framing: .center(Self.centre, zoom: Self.zoom), width: Self.width, height: Self.height,
                                                     style: style, base: streets))
        let labels = drawn.baseLabels
        #expect(labels.count >= 5, "names placed: \(labels.map { $0.text })")
        #expect(labels.contains { $0.runs.count > 1 }, "a name along a street")
        let image = PixelRect(x: 0, y: 0, width: Self.width, height: Self.height)
        let marks = drawn.annotations.pins.map { PixelRect(anchor: $0.tip, extent: $0.extent) } + drawn.annotations.labels.map(\.rect)
        #expect(!drawn.annotations.labels.isEmpty)
        for (i, label) in labels.enumerated() {
            #expect(label.boxes.allSatisfy { image.contains($0) }, "\(label.text) inside the image")
            for box in label.boxes {
                #expect(!marks.contains { $0.intersects(box) }, "\(label.text) covers an annotation")
                for other in labels[(i + 1)...] { #expect(!other.boxes.contains { $0.intersects(box) }, "\(label.text) overlaps \(other.text)") }
            }
        }
    }

    @Test func aPrintedStreetNameIsText() async throws {
        let street = BaseFeature(layer: .road, kind: "primary", name: "Mannerheimintie", geometry: .lineString([Self.offset(0.0003, -0.006), Self.offset(0.0003, 0.006)]))
        let pdf = try render([street], format: .pdf)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-base-\(UUID().uuidString).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try await ChildProcess.output(of: "pdftotext", [file.path, "-"])
        #expect(text.contains("Mannerheimintie"), "pdftotext read: \(text)")
        // The same drawing makes an SVG.
        let svg = String(decoding: try render([street], format: .svg), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<path"))
    }

    @Test func aPrintedPageNamesItsStreetsAsText() async throws {
        let street = BaseFeature(layer: .road, kind: "primary", name: "Pohjoisesplanadi", geometry: .lineString([Self.offset(0.0002, -0.01), Self.offset(0.0002, 0.01)]))
        let map = PrintedMap(title: "Kaartinkaupunki", area: .around(Self.centre, radius: 400), categories: [], paper: Paper.named("A4")!,
                             style: try MapStyle.named("print"), base: [street])
        let layout = try PrintLayout(map)
        // About 1:5 000: zoom 14.8, where the print style names streets.
        #expect(MapRenderer.baseZoom(layout.viewport) >= map.style.base!.labels.streetMinZoom)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-base-print-\(UUID().uuidString).pdf")
        try PrintRenderer.pdf([layout]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = try await ChildProcess.output(of: "pdftotext", [file.path, "-"])
        #expect(text.contains("Pohjoisesplanadi"), "pdftotext read: \(text)")
    }

    /// Base tiles drawn apart fit together into the overview (to 8 levels of 255 away from the seams): land and sea, a lake with its
    /// island, cased roads and dashed rail (the dashes in phase) across the tiles' edges. Names
    /// are left out: a tile keeps its names within itself, the overview places them anywhere.
    @Test func aMosaicOfBaseTilesIsTheOverview() throws {
        let zoom = 16, northWest = try TileID(containing: Self.centre, zoom: zoom)
        let n = Double(1 << zoom), world = WebMercator.tileSize / n
        let corner = WebMercator.coordinate(x: Double(northWest.x + 1) * world, y: Double(northWest.y + 1) * world)
        func at(_ dLat: Double, _ dLon: Double) -> Coordinate { Coordinate(lat: corner.lat + dLat, lon: corner.lon + dLon) }
        let base = [
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
        let overview = try Pixels(png: MapRenderer.render(MapRequest(features: [], layers: .annotations, framing: .center(corner, zoom: Double(zoom)),
                                                                     width: 512, height: 512, style: style, base: base)))
        var differing = 0, seamDiffering = 0
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let id = try TileID(z: zoom, x: northWest.x + dx, y: northWest.y + dy)
            let tile = try Pixels(png: MapRenderer.renderTile(id, features: [], style: style, base: base))
            for y in 0..<256 {
                for x in 0..<256 {
                    let difference = TileTests.channelDifference(tile.data[y * 256 + x], overview.data[(y + dy * 256) * 512 + x + dx * 256])
                    let atSeam = abs(x + dx * 256 - 256) < 2 || abs(y + dy * 256 - 256) < 2
                    // Cairo tessellates a long stroke within the surface it draws on, so a
                    // line's anti-aliased edge may differ by a few levels between a tile and the overview.
                    if atSeam ? difference > 24 : difference > 8 { differing += 1 }
                    if atSeam && difference > 2 { seamDiffering += 1 }
                }
            }
        }
        #expect(Set(overview.data).count > 20, "the overview shows sea, land, water, roads and rail")
        #expect(differing == 0, "\(differing) pixels differ between the base tiles and the overview")
        #expect(seamDiffering <= 512 * 512 / 2_000, "\(seamDiffering) pixels at the seams differ slightly")
    }

    @Test func aStyleWithoutBaseOrNoBaseFeaturesDrawsTheMapAsBefore() throws {
        let pin = Feature(id: FeatureID(kind: .poi, row: 1), category: "see", name: "Tuomiokirkko", names: [:], address: nil,
                          geometry: .point(Self.centre), distance: nil, properties: [:])
        var bare = style
        bare.base = nil
        let road = BaseFeature(layer: .road, kind: "primary", geometry: .lineString([Self.offset(0, -0.006), Self.offset(0, 0.006)]))
        let before = try render([], features: [pin])
        #expect(try render([road], style: bare, features: [pin]) == before)
        #expect(try render([], style: bare, features: [pin]) == before)
        #expect(try render([road], features: [pin]) != before)
        // A tile without base stays transparent; with one it is opaque.
        let tile = try TileID(z: 16, x: 37_307, y: 18_973)
        let clear = try Pixels(png: MapRenderer.renderTile(tile, features: [], style: style))
        #expect(clear.data.allSatisfy { $0 >> 24 == 0 })
        let land = try Pixels(png: MapRenderer.renderTile(tile, features: [], style: style, base: [road]))
        #expect(land.data.allSatisfy { $0 >> 24 == 0xFF })
    }
}
