import BaseData
import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import Testing

/// The sea an extract's coastline closes, through GDAL's OSM driver and the store: a small `.osm`
/// file written here, whose sea side is known by construction, and the Helsinki extract, whose
/// coastline was read by hand with ogrinfo.
@Suite struct CoastlineImportTests {
    /// A coast eastwards from lon 24.89 to 24.93 (land north, on its left), bent north to lat 60.106
    /// at lon 24.91, in two ways listed out of order; an island in the sea (drawn counter-clockwise);
    /// a coastline that stops in the middle of the land (broken); roads along the north and south.
    /// With `bounds` the extract's box is lon 24.90–24.92, so the coast runs past it; without, it
    /// is the extent of the data, lon 24.89–24.93.
    static func osm(bounds: Bool) -> String {
        let nodes: [(Int, Double, Double)] = [
            (1, 60.104, 24.89), (2, 60.106, 24.91), (3, 60.104, 24.93),
            (10, 60.101, 24.905), (11, 60.101, 24.907), (12, 60.102, 24.907), (13, 60.102, 24.905),
            (20, 60.109, 24.895), (21, 60.108, 24.915),
            (30, 60.11, 24.89), (31, 60.11, 24.93), (32, 60.10, 24.89), (33, 60.10, 24.93),
        ]
        let ways: [(Int, [Int], String)] = [
            (100, [2, 3], "natural=coastline"), (101, [1, 2], "natural=coastline"),
            (102, [10, 11, 12, 13, 10], "natural=coastline"), (103, [20, 21], "natural=coastline"),
            (104, [30, 31], "highway=residential"), (105, [32, 33], "highway=footway"),
        ]
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"waymark-test\">\n"
        if bounds { xml += " <bounds minlat=\"60.10\" minlon=\"24.90\" maxlat=\"60.11\" maxlon=\"24.92\"/>\n" }
        for (id, lat, lon) in nodes { xml += " <node id=\"\(id)\" version=\"1\" lat=\"\(lat)\" lon=\"\(lon)\"/>\n" }
        for (id, refs, tag) in ways {
            let kv = tag.split(separator: "=")
            xml += " <way id=\"\(id)\" version=\"1\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + "<tag k=\"\(kv[0])\" v=\"\(kv[1])\"/></way>\n"
        }
        return xml + "</osm>\n"
    }

    static let seaSide = Coordinate(lat: 60.103, lon: 24.91), landSide = Coordinate(lat: 60.108, lon: 24.91)
    static let island = Coordinate(lat: 60.1015, lon: 24.906)

    func sea(_ fixture: BaseFixture) throws -> [BaseFeature] {
        try fixture.features(zoom: 20).filter { $0.layer == .water && $0.kind == "sea" }
    }

    func isSea(_ sea: [BaseFeature], _ p: Coordinate) -> Bool {
        sea.contains { f in
            if case let .polygon(rings) = f.geometry { PlanarGeometry.polygon(rings, contains: p) } else { false }
        }
    }

    @Test(arguments: [true, false])
    func theSeaSideOfASyntheticCoastIsSea(bounds: Bool) throws {
        let fixture = try BaseFixture()
        let file = fixture.path(bounds ? "coast-bounds.osm" : "coast.osm")
        try Self.osm(bounds: bounds).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try BaseReader(path: file).read { _ in }.skipped == 1, "the broken coastline is left out and counted")
        let first = try fixture.importBase([file])
        let sea = try sea(fixture)
        #expect(sea.count == 1)
        #expect(isSea(sea, Self.seaSide), "south of the coast")
        #expect(!isSea(sea, Self.landSide), "north of the coast")
        #expect(!isSea(sea, Self.island), "on the island")
        // Clipped to the box the extract says it has, or to the data's.
        let lons = sea.flatMap(\.geometry.coordinates).map(\.lon)
        #expect(lons.min() == (bounds ? 24.90 : 24.89) && lons.max() == (bounds ? 24.92 : 24.93))
        // The file again replaces its sea.
        #expect(try fixture.importBase([file]).features == first.features)
        #expect(try self.sea(fixture) == sea)
    }

    /// The map drawn from the store: water colour south of the coast, land colour north of it,
    /// at pixels found by PROJ's cs2cs, not by the renderer.
    @Test func theSeaIsDrawnInTheWaterColour() async throws {
        let fixture = try BaseFixture()
        let file = fixture.path("coast.osm")
        try Self.osm(bounds: true).write(toFile: file, atomically: true, encoding: .utf8)
        try fixture.importBase([file])
        let style = try MapStyle.named("default"), base = try #require(style.base)
        let centre = Coordinate(lat: 60.105, lon: 24.91), zoom = 15.0, width = 400.0, height = 300.0
        let request = MapRequest(features: [], framing: .center(centre, zoom: zoom), width: width, height: height, style: style)
        let image = try Pixels(png: MapRenderer.render(request.fetchingFeatures(from: fixture.store, base: fixture.store)))
        let projected = try await ProjOracle.cs2cs([Self.seaSide, Self.landSide, centre], epsg: 3857).map(ProjOracle.oraclePixel)
        let c = projected[2], s = pow(2, zoom)
        let p = projected.prefix(2).map { (x: Int(($0.x - c.x) * s + width / 2), y: Int(($0.y - c.y) * s + height / 2)) }
        #expect(image.near(p[0].x, p[0].y, base.water.fill), "sea at \(p[0])")
        #expect(image.near(p[1].x, p[1].y, base.land), "land at \(p[1])")
        #expect(base.water.fill != base.land)
    }

    /// Helsinki's three coastline ways end 1 m to 9 m short of the extract's east edge (the extract
    /// cut them at their last node inside), and are joined to it. Their sea, read off the ways'
    /// nodes with ogrinfo: Kolera-allas, the market square's basin (lon 24.95276–24.95313, lat
    /// 60.16682–60.16741, opening east), and the channel north of Kaisaniemi to Eläintarhanlahti
    /// (at lon 24.946 between lat 60.1763 and 60.1775); the market square west of the basin and
    /// Kaisaniemi park south of the channel are land.
    @Test func helsinkisHarbourBasinIsSea() throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let sea = try sea(fixture)
        #expect(sea.count == 3)
        #expect(isSea(sea, Coordinate(lat: 60.16711, lon: 24.95294)), "Kolera-allas")
        #expect(isSea(sea, Coordinate(lat: 60.1769, lon: 24.946)), "the channel to Eläintarhanlahti")
        #expect(!isSea(sea, Coordinate(lat: 60.1672, lon: 24.9520)), "Kauppatori")
        #expect(!isSea(sea, Coordinate(lat: 60.1750, lon: 24.946)), "Kaisaniemi park")
    }
}
