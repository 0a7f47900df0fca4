import Foundation
import Testing
@testable import GeoCore

@Suite struct ViewportTests {
    @Test func viewportPixelsAndBack() {
        let v = Viewport(center: Coordinate(lat: 57.5, lon: 22.8), zoom: 13.5, width: 1024, height: 768)
        let c = v.pixel(v.center)
        #expect(c.x == 512 && c.y == 384)
        let corner = v.coordinate(x: 0, y: 0), p = v.pixel(corner)
        #expect(abs(p.x) < 1e-6 && abs(p.y) < 1e-6)
        #expect(v.bounds.contains(v.center))
    }

    /// The scale across the centre, by the ellipsoid's radii, against Karney's geodesic between
    /// the pixel's two ends (PROJ's): within a millionth from zoom 4, a ten-thousandth at zoom 0,
    /// at every latitude the map shows and across the antimeridian.
    @Test func metresPerPixelIsTheGeodesicAcrossTheCentrePixel() {
        for zoom in [0.0, 1, 2.5, 4, 8, 12.3, 16, 20] {
            for lat in [-85.0, -60, -33.9, 0, 0.5, 45, 60.17, 78, 85] {
                for lon in [-180.0, -179.9995, 0, 24.94, 179.9999] {
                    let v = Viewport(center: Coordinate(lat: lat, lon: lon), zoom: zoom, width: 1023, height: 768)
                    let west = v.coordinate(x: 511, y: 384), east = v.coordinate(x: 512, y: 384)
                    let oracle = Geodesic.distance(west, east)
                    #expect(abs(v.metresPerPixel - oracle) <= oracle * (zoom < 4 ? 1e-4 : 1e-6),
                            "zoom \(zoom) at \(lat), \(lon): \(v.metresPerPixel) m, the geodesic \(oracle) m")
                }
            }
        }
    }

    /// Zoom-to-fit against the pixels: every mark's whole extent inside the padded image, and a
    /// hundredth of a zoom step more cuts one off.
    @Test func fittingKeepsEveryMarkWholeAndCannotZoomFurther() throws {
        var rng = SeededRandom(seed: 9)
        for _ in 0..<200 {
            let center = Coordinate(lat: .random(in: -60...60, using: &rng), lon: .random(in: -170...170, using: &rng))
            let spread = Double.random(in: 0.001...5, using: &rng)
            let marks = (0..<Int.random(in: 2...30, using: &rng)).map { _ in
                (Coordinate(lat: center.lat + .random(in: -spread...spread, using: &rng), lon: center.lon + .random(in: -spread...spread, using: &rng)),
                 PixelExtent(left: .random(in: 0...80, using: &rng), top: 40, right: .random(in: 10...120, using: &rng), bottom: 0))
            }
            let (width, height, padding) = (800.0, 600.0, 16.0)
            let v = try #require(Viewport.fitting(marks, width: width, height: height, padding: padding))
            // Pixels by the spherical Mercator formulas written out here, not by Viewport.pixel.
            func pixel(_ c: Coordinate, in v: Viewport) -> (x: Double, y: Double) {
                func world(_ c: Coordinate) -> (Double, Double) {
                    let lat = c.lat * .pi / 180
                    return ((c.lon + 180) / 360 * 256, (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * 256)
                }
                let s = pow(2, v.zoom), (px, py) = world(c), (cx, cy) = world(v.center)
                return ((px - cx) * s + v.width / 2, (py - cy) * s + v.height / 2)
            }
            func inside(_ v: Viewport) -> Bool {
                marks.allSatisfy { c, e in
                    let p = pixel(c, in: v)
                    return p.x - e.left >= padding - 1e-6 && p.x + e.right <= width - padding + 1e-6
                        && p.y - e.top >= padding - 1e-6 && p.y + e.bottom <= height - padding + 1e-6
                }
            }
            #expect(inside(v))
            if v.zoom < 16 {
                var closer = v
                closer.zoom += 0.01
                #expect(!inside(closer), "zoom \(v.zoom) could go further")
            }
        }
    }

    @Test func oneMarkOrMarksAtOnePlaceGetTheMaximumZoom() throws {
        let roja = Coordinate(lat: 57.50935, lon: 22.80612)
        let pin = PixelExtent(left: 12, top: 40, right: 12, bottom: 0)
        #expect(Viewport.fitting([(roja, pin)], width: 400, height: 300)?.zoom == 16)
        #expect(Viewport.fitting([(roja, pin), (roja, pin)], width: 400, height: 300, maxZoom: 18)?.zoom == 18)
        #expect(Viewport.fitting([(roja, PixelExtent(left: 300, top: 0, right: 300, bottom: 0))], width: 400, height: 300) == nil)
    }
}
