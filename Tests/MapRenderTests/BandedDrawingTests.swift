import CCairo
import Foundation
import GeoCore
import PixelTesting
import Testing
@testable import MapRender

/// The base drawn in bands on two threads against the same base drawn in one piece, by one
/// context on one surface: the bands must fit together into that image, and leave the canvas
/// as the one piece leaves it.
@Suite struct BandedDrawingTests {
    let base: MapStyle.BaseStyle
    static let centre = Coordinate(lat: 60.17, lon: 24.94)
    static let width = 1024.0, height = 768.0

    init() throws {
        base = try #require(try MapStyle.named("default").base)
    }

    /// A busy town, three times as dense in the south as in the north: blocks of buildings, roads of
    /// every width and a dashed path crossing each other and the band's cut, a lake with an
    /// island, a park, rail and a border, over land with a coast.
    static func town() -> [BaseFeature] {
        var rng = SeededRandom(seed: 7)
        func at(_ dLat: Double, _ dLon: Double) -> Coordinate { Coordinate(lat: centre.lat + dLat, lon: centre.lon + dLon) }
        func random(south: Bool) -> Coordinate {
            at(south ? .random(in: -0.004...0.0005, using: &rng) : .random(in: -0.004...0.004, using: &rng), .random(in: -0.011...0.011, using: &rng))
        }
        var features = [
            BaseFeature(layer: .land, kind: "land", geometry: .polygon([[at(-0.01, -0.02), at(-0.01, 0.02), at(0.003, 0.02), at(0.0045, -0.02), at(-0.01, -0.02)]])),
            BaseFeature(layer: .water, kind: "lake", geometry: .polygon([[at(-0.001, -0.006), at(-0.001, -0.002), at(0.0012, -0.002), at(0.0012, -0.006), at(-0.001, -0.006)],
                                                                          [at(-0.0004, -0.0045), at(-0.0004, -0.003), at(0.0004, -0.003), at(0.0004, -0.0045), at(-0.0004, -0.0045)]])),
            BaseFeature(layer: .park, kind: "park", geometry: .polygon([[at(0.0015, 0.002), at(0.0015, 0.006), at(0.0028, 0.006), at(0.0028, 0.002), at(0.0015, 0.002)]])),
            BaseFeature(layer: .rail, kind: "rail", geometry: .lineString([at(-0.005, -0.012), at(0.005, 0.012)])),
            BaseFeature(layer: .border, kind: "8", geometry: .lineString([at(0.005, -0.012), at(-0.005, 0.012)])),
        ]
        for i in 0..<1_200 {
            let corner = random(south: i % 4 != 0)
            let (h, w) = (Double.random(in: 0.00004...0.00012, using: &rng), Double.random(in: 0.00008...0.0002, using: &rng))
            features.append(BaseFeature(layer: .building, kind: "building", geometry: .polygon([[
                corner, Coordinate(lat: corner.lat, lon: corner.lon + w), Coordinate(lat: corner.lat + h, lon: corner.lon + w),
                Coordinate(lat: corner.lat + h, lon: corner.lon), corner]])))
        }
        let kinds = ["primary", "secondary", "residential", "service", "footway", "path", "cycleway"]
        for i in 0..<400 {
            let points = (0..<Int.random(in: 2...6, using: &rng)).reduce(into: [random(south: i % 4 != 0)]) { line, _ in
                line.append(Coordinate(lat: line.last!.lat + .random(in: -0.0008...0.0008, using: &rng), lon: line.last!.lon + .random(in: -0.0015...0.0015, using: &rng)))
            }
            features.append(BaseFeature(layer: .road, kind: kinds[i % kinds.count], geometry: .lineString(points)))
        }
        return features
    }

    /// The base drawn alone on a canvas of its own, in `bands`.
    func drawn(_ features: [BaseFeature], bands: Int, scale: Double = 1) throws -> (pixels: Pixels, canvas: Canvas) {
        let canvas = try Canvas(format: .png, width: Self.width, height: Self.height, scale: scale)
        let viewport = Viewport(center: Self.centre, zoom: 16, width: Self.width, height: Self.height)
        try BaseDrawing.draw(features, style: base, viewport: viewport, on: canvas, bands: bands, cancellation: .never)
        return (try Pixels(png: canvas.finish()), canvas)
    }

    @Test(arguments: [(2, 1.0), (3, 1.0), (2, 2.0)])
    func bandsDrawTheImageOfOnePiece(bands: Int, scale: Double) throws {
        let town = Self.town()
        let whole = try drawn(town, bands: 1, scale: scale), banded = try drawn(town, bands: bands, scale: scale)
        #expect(Set(whole.pixels.data).count > 50, "land, sea, water, buildings, roads, rail and their edges")
        var differing = 0
        for (a, b) in zip(whole.pixels.data, banded.pixels.data) {
            let most = [0, 8, 16].map { shift in abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)) }.max()!
            if most > 8 { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ between the bands and the one piece")
        // Names are stroked next with the line ends the base's last stroke left set.
        #expect(cairo_get_line_cap(banded.canvas.cr) == cairo_get_line_cap(whole.canvas.cr))
        #expect(cairo_get_line_join(banded.canvas.cr) == cairo_get_line_join(whole.canvas.cr))
        #expect(cairo_get_fill_rule(banded.canvas.cr) == cairo_get_fill_rule(whole.canvas.cr))
    }

    /// Two bands for a large map, where two processors are; one for a tile, even at 2×, for vector
    /// output, and in a projection whose boxes are not known unprojected.
    @Test func largeMercatorImagesAreBanded() throws {
        let mercator = BaseDrawing(style: base, viewport: Viewport(center: Self.centre, zoom: 16, width: Self.width, height: Self.height))
        let two = min(2, ProcessInfo.processInfo.activeProcessorCount)
        #expect(mercator.bands(for: try Canvas(format: .png, width: 1024, height: 768)) == two)
        #expect(mercator.bands(for: try Canvas(format: .png, width: 400, height: 300, scale: 2)) == two)
        #expect(mercator.bands(for: try Canvas(format: .png, width: 256, height: 256, scale: 2)) == 1)
        #expect(mercator.bands(for: try Canvas(format: .pdf, width: 1024, height: 768)) == 1)
        let finnish = try ProjectedCRS.projection(named: "EPSG:3067")
        let projected = BaseDrawing(style: base, viewport: Viewport(center: Self.centre, zoom: 16, width: Self.width, height: Self.height, projection: finnish))
        #expect(projected.bands(for: try Canvas(format: .png, width: 1024, height: 768)) == 1)
    }

    /// Where only the northern band draws (a cut low in the image, the town's northern buildings
    /// only), the canvas is left with the even-odd rule its areas set, as the one piece leaves it;
    /// the southern band, which drew nothing, would have left the default.
    @Test func aBandWithoutAreasLeavesTheRuleOfTheOthers() throws {
        let north = Self.town().filter { $0.layer == .building && $0.geometry.coordinates.allSatisfy { $0.lat > Self.centre.lat } }
        #expect(!north.isEmpty)
        let viewport = Viewport(center: Self.centre, zoom: 16, width: Self.width, height: Self.height)
        let canvas = try Canvas(format: .png, width: Self.width, height: Self.height)
        let bands = canvas.bands(cutAt: [Self.height * 0.9])
        #expect(bands.count == 2)
        for band in bands { try BaseDrawing(style: base, viewport: viewport, drawn: band.drawn).draw(north, on: band, cancellation: .never) }
        #expect(cairo_get_fill_rule(bands[0].cr) == CAIRO_FILL_RULE_EVEN_ODD)
        #expect(cairo_get_fill_rule(bands[1].cr) == CAIRO_FILL_RULE_WINDING, "the southern band drew no area")
        try canvas.merge(bands)
        #expect(cairo_get_fill_rule(canvas.cr) == CAIRO_FILL_RULE_EVEN_ODD)
    }

    /// Three quarters of the town lies in its southern part: the cut that halves the work lies
    /// below the image's middle, and with everything in the north, above it.
    @Test func theCutHalvesTheWork() throws {
        let viewport = Viewport(center: Self.centre, zoom: 16, width: Self.width, height: Self.height)
        let drawing = BaseDrawing(style: base, viewport: viewport)
        let south = try #require(drawing.evenCuts(Self.town(), count: 2).first)
        #expect(south > Self.height / 2 && south < Self.height)
        let north = Self.town().filter { $0.geometry.coordinates.allSatisfy { $0.lat > Self.centre.lat } }
        let cut = try #require(drawing.evenCuts(north, count: 2).first)
        #expect(cut > 0 && cut < Self.height / 2)
        #expect(drawing.evenCuts([], count: 3) == [Self.height / 3, 2 * Self.height / 3])
    }
}
