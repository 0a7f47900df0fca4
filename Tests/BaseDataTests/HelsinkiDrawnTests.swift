import BaseData
import Foundation
import GeoCore
import MapRender
import PixelTesting
import TestSupport
import Testing

/// The real extract, imported and drawn: what lies at a place, by GDAL's own reading of the file,
/// has its colour on the map at the pixel PROJ's `cs2cs` puts it.
@Suite struct HelsinkiDrawnTests {
    /// Töölönlahti, which the extract's edge cuts: inside the part the extract keeps (ogrinfo's
    /// `ST_PointOnSurface` of the bay clipped to the extract), and on the shore's land side.
    @Test func theBayCutByTheExtractIsDrawn() async throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let bay = try await ogrPoint(helsinki, """
            SELECT ST_AsText(ST_PointOnSurface(ST_Intersection(geometry, BuildMbr(24.935176, 60.164155, 24.953415, 60.179113))))
            FROM multipolygons WHERE name = 'Töölönlahti'
            """)
        let shore = Coordinate(lat: 60.1781, lon: 24.9376)  // east of the shore, in the park
        #expect(try await ogrCount(helsinki, "SELECT count(*) FROM multipolygons WHERE name = 'Töölönlahti' AND ST_Contains(geometry, MakePoint(\(shore.lon), \(shore.lat)))") == 0)
        let style = try MapStyle.named("default"), base = try #require(style.base)
        let zoom = 17.0, size = 300.0
        let area = BoundingBox(minLon: bay.lon - 0.004, minLat: bay.lat - 0.002, maxLon: bay.lon + 0.004, maxLat: bay.lat + 0.002)
        let image = try Pixels(png: MapRenderer.render(MapRequest(features: [], framing: .center(bay, zoom: zoom), width: size, height: size,
                                                                  style: style, base: try fixture.store.baseFeatures(in: area, zoom: zoom))))
        let projected = try await ProjOracle.cs2cs([bay, shore], epsg: 3857).map(ProjOracle.oraclePixel)
        let s = pow(2, zoom)
        let p = projected.map { (x: Int(($0.x - projected[0].x) * s + size / 2), y: Int(($0.y - projected[0].y) * s + size / 2)) }
        #expect(image.near(p[0].x, p[0].y, base.water.fill), "in the bay at \(p[0])")
        #expect(!image.near(p[1].x, p[1].y, base.water.fill), "beside the bay at \(p[1])")
    }
}

/// GDAL's answer to an SQL query giving a point as WKT (ogrinfo, SQLite dialect).
func ogrPoint(_ file: String, _ sql: String) async throws -> Coordinate {
    let output = try await ChildProcess.output(of: "ogrinfo", ["-ro", "-q", "-dialect", "sqlite", "-sql", sql, file])
    guard let open = output.range(of: "POINT("), let close = output[open.upperBound...].firstIndex(of: ")") else {
        throw OracleFailed(description: "ogrinfo gave no point for \(sql): \(output)")
    }
    let numbers = output[open.upperBound..<close].split(separator: " ").compactMap { Double($0) }
    guard numbers.count == 2 else { throw OracleFailed(description: "ogrinfo gave no point for \(sql): \(output)") }
    return Coordinate(lat: numbers[1], lon: numbers[0])
}
