import BaseData
import Foundation
import GeoCore
import Testing

/// The generalised copies: every area of band 0 that is at least four square pixels at a band's
/// largest zoom is in that band, and none smaller; their rings still rings.
@Suite struct BaseBandTests {
    /// The area in square pixels at `zoom` of a ring, by the shoelace formula on Web Mercator
    /// written out here (y = R·ln tan(π/4 + φ/2)), not GeoCore's.
    static func pixelArea(_ ring: [Coordinate], zoom: Double) -> Double {
        let size = 256 * pow(2, zoom)
        let p = ring.map { c in
            (c.lon / 360 * size, log(tan(Double.pi / 4 + c.lat * Double.pi / 360)) / (2 * Double.pi) * size)
        }
        var sum = 0.0
        for i in 0..<(p.count - 1) { sum += (p[i].0 + p[i + 1].0) * (p[i + 1].1 - p[i].1) }
        return abs(sum) / 2
    }

    static func outerRings(_ g: Geometry) -> [[Coordinate]] {
        switch g {
        case let .polygon(rings): [rings[0]]
        case let .multiPolygon(polygons): polygons.map { $0[0] }
        default: []
        }
    }

    @Test(arguments: [(12.0, 1), (9.0, 2), (6.0, 3)])
    func bandKeepsEveryAreaAboveItsThreshold(zoom: Double, band: Int) throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let full = try fixture.features(zoom: 20), generalised = try fixture.features(zoom: zoom)
        for layer in [BaseLayer.water, .park, .landuse] {
            let areas = full.filter { $0.layer == layer }.map { Self.outerRings($0.geometry).map { Self.pixelArea($0, zoom: zoom) }.max() ?? 0 }
            let kept = generalised.filter { $0.layer == layer }
            // A hair either side of four square pixels, for the two formulas' rounding.
            #expect(kept.count >= areas.count { $0 >= 4 * 1.000001 }, "\(layer) band \(band)")
            #expect(kept.count <= areas.count { $0 >= 4 * 0.999999 }, "\(layer) band \(band)")
            for f in kept {
                for ring in Self.outerRings(f.geometry) { #expect(ring.count >= 4 && ring.first == ring.last) }
            }
        }
        #expect(!generalised.contains { $0.layer == .building })
        #expect(generalised.count < full.count)
        #expect(generalised.contains { $0.name == "Töölönlahti" } == (zoom >= 12))
    }

    /// Simplification keeps lines within half a pixel: a band's road has no more vertices than
    /// the original, and its ends stay.
    @Test func linesAreSimplified() throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let full = try fixture.features(zoom: 20).filter { $0.layer == .road && $0.kind == "primary" }
        let band = try fixture.features(zoom: 12).filter { $0.layer == .road && $0.kind == "primary" }
        #expect(band.count <= full.count && !band.isEmpty)
        #expect(band.map(\.geometry.coordinates.count).reduce(0, +) < full.map(\.geometry.coordinates.count).reduce(0, +))
    }
}
