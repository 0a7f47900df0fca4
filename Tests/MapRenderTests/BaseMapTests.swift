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

    /// Named streets in a grid, a park and a suburb: names enough to crowd the map.
    static func namedGrid() -> [BaseFeature] {
        var streets: [BaseFeature] = []
        for i in -6...6 {
            let d = Double(i) * 0.0004
            streets.append(BaseFeature(layer: .road, kind: "residential", name: "Katu \(i + 7)", geometry: .lineString([offset(d * 0.5, -0.006), offset(d * 0.5, 0.006)])))
            streets.append(BaseFeature(layer: .road, kind: "tertiary", name: "Tie \(i + 7)", geometry: .lineString([offset(-0.004, d), offset(0.004, d + 0.0005)])))
        }
        streets.append(BaseFeature(layer: .park, kind: "park", name: "Esplanadin puisto", geometry: .polygon([square(0.0005, 0.002)])))
        streets.append(BaseFeature(layer: .place, kind: "suburb", name: "Kaartinkaupunki", rank: 1_000, geometry: .point(offset(0.0003, 0.001))))
        return streets
    }

    /// 40 named places in three categories over the grid, some close enough to cluster.
    static func places() -> [Feature] {
        let categories = ["eat", "see", "stay"]
        return (0..<40).map { (i: Int) -> Feature in
            let at = offset(Double(i % 7 - 3) * 0.00025, Double(i / 7 - 3) * 0.0011)
            return Feature(id: FeatureID(kind: .poi, row: Int64(i)), category: categories[i % 3], name: "Paikka \(i)", names: [:], address: nil,
                           geometry: .point(at), distance: nil, properties: [:])
        }
    }

    /// Streets in a grid, named, under pins with labels: every name placed stays off the others and off every annotation.
    @Test func baseLabelsGiveWayAndNeverOverlap() throws {
        let streets = Self.namedGrid(), pins = Self.places()
        let drawn = try MapRenderer.drawn(MapRequest(features: pins, framing: .center(Self.centre, zoom: Self.zoom), width: Self.width, height: Self.height,
                                                     style: style, base: streets))
        let labels = drawn.baseLabels
        #expect(labels.count >= 5, "names placed: \(labels.map { $0.text })")
        #expect(labels.contains { $0.runs.count > 1 }, "a name along a street")
        let image = PixelRect(x: 0, y: 0, width: Self.width, height: Self.height)
        let marks = drawn.annotations.marks.map(\.rect) + drawn.annotations.labels.map(\.rect)
        #expect(!drawn.annotations.labels.isEmpty)
        for (i, label) in labels.enumerated() {
            #expect(label.boxes.allSatisfy { image.contains($0) }, "\(label.text) inside the image")
            for box in label.boxes {
                #expect(!marks.contains { $0.intersects(box) }, "\(label.text) covers an annotation")
                for other in labels[(i + 1)...] { #expect(!other.boxes.contains { $0.intersects(box) }, "\(label.text) overlaps \(other.text)") }
            }
        }
    }

    /// The same on the image, without the layout: the pixels the base names change (drawn with
    /// names against without) and the pixels the annotations change (with against without
    /// them) never meet. With no share of names placed first (`base.labels.share` 0; the grid's
    /// places are no towns): a name placed first may move a dot, and the map without names would
    /// then be another layout.
    @Test func baseNamesInkNoAnnotationPixel() throws {
        let named = Self.namedGrid(), pins = Self.places()
        let nameless = named.map { feature in var f = feature; f.name = nil; return f }
        var style = style
        style.base!.labels.share = 0
        let all = try Pixels(png: render(named, style: style, features: pins))
        let withoutNames = try Pixels(png: render(nameless, style: style, features: pins))
        let baseOnly = try Pixels(png: render(nameless, style: style))
        var nameInk = 0, markInk = 0, both = 0
        for i in all.data.indices {
            let name = all.data[i] != withoutNames.data[i], mark = withoutNames.data[i] != baseOnly.data[i]
            if name { nameInk += 1 }
            if mark { markInk += 1 }
            if name && mark { both += 1 }
        }
        #expect(nameInk > 2_000, "the names are drawn: \(nameInk) pixels")
        #expect(markInk > 5_000, "the pins and their labels are drawn: \(markInk) pixels")
        #expect(both == 0, "\(both) pixels carry both a base name and an annotation")
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

    /// A tile names a district only if its point lies in it, where a finished map of the same
    /// window names one whose point lies 3 px above it; and the tile whose point lies 3 px from its
    /// corner names it, moved just inside over its point (no other tile may).
    @Test func aTileNamesWhatLiesInItAndAMapWhatLiesNear() throws {
        let tile = try TileID(containing: Self.centre, zoom: 15), v = Viewport(tile: tile), n = Double(1 << 15)
        func at(_ x: Double, _ y: Double) -> Coordinate {
            WebMercator.coordinate(x: (Double(tile.x) * 256 + x) / n, y: (Double(tile.y) * 256 + y) / n)
        }
        func named(_ point: Coordinate, layers: MapLayers) throws -> [String] {
            let district = BaseFeature(layer: .place, kind: "suburb", name: "Kaartinkaupunki", geometry: .point(point))
            let request = MapRequest(features: [], layers: layers, framing: .center(v.center, zoom: v.zoom), width: 256, height: 256,
                                     style: style, base: [district])
            return try MapRenderer.drawn(request).baseLabels.map(\.text)
        }
        let above = at(128, -3)
        #expect(try named(above, layers: .complete) == ["Kaartinkaupunki"])
        #expect(try named(above, layers: .annotations).isEmpty)
        #expect(try named(at(3, 3), layers: .annotations) == ["Kaartinkaupunki"])
        #expect(try named(at(253, 253), layers: .annotations) == ["Kaartinkaupunki"])
    }
}
