import Foundation
import Testing
@testable import GeoCore

@Suite struct WebMercatorTests {
    @Test func knownPixels() {
        let origin = WebMercator.pixel(Coordinate(lat: 0, lon: 0))
        #expect(origin.x == 128 && abs(origin.y - 128) < 1e-9)
        #expect(abs(WebMercator.pixel(Coordinate(lat: WebMercator.maxLatitude, lon: -180)).y) < 1e-9)
        #expect(abs(WebMercator.pixel(Coordinate(lat: -WebMercator.maxLatitude, lon: 180)).y - 256) < 1e-9)
        // EPSG:3857 metres from PROJ (`echo "LAT LON" | cs2cs -d 4 EPSG:4326 EPSG:3857`).
        let half = Double.pi * Geodesic.equatorialRadius
        for (c, x, y) in [(Coordinate(lat: 60.1699, lon: 24.9384), 2_776_129.9892, 8_437_661.7820),
                          (Coordinate(lat: 57.50935, lon: 22.80612), 2_538_765.6654, 7_864_945.9228)] {
            let p = WebMercator.pixel(c)
            #expect(abs((p.x / 256 * 2 - 1) * half - x) < 0.001)
            #expect(abs((1 - p.y / 256 * 2) * half - y) < 0.001)
        }
    }

    @Test func roundTrip() {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<1_000 {
            let c = Coordinate(lat: .random(in: -85...85, using: &rng), lon: .random(in: -180...180, using: &rng))
            let p = WebMercator.pixel(c)
            let back = WebMercator.coordinate(x: p.x, y: p.y)
            #expect(abs(back.lat - c.lat) < 1e-9 && abs(back.lon - c.lon) < 1e-9)
        }
    }

    @Test func tiles() throws {
        // Helsinki at zoom 12 is tile 2331/1185 (as on any slippy map).
        let t = try TileID(containing: Coordinate(lat: 60.1699, lon: 24.9384), zoom: 12)
        #expect(t == (try TileID(z: 12, x: 2331, y: 1185)))
        #expect(t.bounds.contains(Coordinate(lat: 60.1699, lon: 24.9384)))
        #expect(throws: GeoError.self) { try TileID(z: 23, x: 0, y: 0) }
        #expect(throws: GeoError.self) { try TileID(z: 2, x: 4, y: 0) }
        #expect(throws: GeoError.self) { try TileID(z: 2, x: 0, y: -1) }
        let z1 = try TileID(z: 1, x: 1, y: 0).bounds
        #expect(z1.minLon == 0 && z1.maxLon == 180 && abs(z1.minLat) < 1e-9 && abs(z1.maxLat - WebMercator.maxLatitude) < 1e-9)
    }
}
