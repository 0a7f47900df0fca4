import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import Testing
import TestSupport
@testable import Atlas

@Suite struct PrintScaleTests {
    @Test func scalesRoundUpToWhatAReaderCanMeasureWith() {
        #expect(PrintScale.roundUp(23_456) == 25_000)
        #expect(PrintScale.roundUp(25_000.0000001) == 25_000)
        #expect(PrintScale.roundUp(7_600) == 10_000)
        #expect(PrintScale.roundUp(101_000) == 125_000)
        #expect(PrintScale.text(25_000) == "1:25 000" && PrintScale.text(1_250_000) == "1:1 250 000" && PrintScale.text(500) == "1:500")
    }

    /// A river in three stretches, one of which carries its mark (as a store says), and a lake:
    /// the index lists two waters, the river once, numbered at the carrying stretch.
    @Test func aWaterInPiecesIsOneEntryOfTheIndex() throws {
        let centre = Coordinate(lat: 57.5, lon: 22.8)
        let stretches = (0..<3).map { (k: Int) -> Feature in
            let west = 22.79 + Double(k) * 0.005
            let line: [Coordinate] = [Coordinate(lat: 57.5, lon: west), Coordinate(lat: 57.5, lon: west + 0.005)]
            return Feature(id: FeatureID(kind: .water, row: Int64(k + 1)), category: "water", name: "Roja", geometry: .lineString(line), carriesMark: k == 1)
        }
        let lake = Feature(id: FeatureID(kind: .water, row: 9), category: "water", name: "Ezers",
                           geometry: .polygon([[Coordinate(lat: 57.505, lon: 22.8), Coordinate(lat: 57.505, lon: 22.802), Coordinate(lat: 57.506, lon: 22.8),
                                                Coordinate(lat: 57.505, lon: 22.8)]]))
        var map = PrintedMap(title: "t", area: .around(centre, radius: 2000), categories: [], paper: Paper.named("A4")!, style: try MapStyle.named("print"))
        map.features = stretches + [lake]
        let entries = try PrintLayout(map).entries
        #expect(entries.map(\.feature.id.description).sorted() == ["water/2", "water/9"])
    }

    @Test func theStatedScaleIsTheMapsScaleAtItsCentre() throws {
        // Two points 1 km apart east–west through the centre: on paper they are 1 km / scale apart.
        for crs in ["EPSG:3857", "EPSG:3059"] {
            let map = PrintedMap(title: "t", area: .around(Coordinate(lat: 57.5, lon: 22.8), radius: 3000), categories: [],
                                 paper: Paper.named("A4")!, projection: try ProjectedCRS.projection(named: crs), style: try MapStyle.named("print"))
            let layout = try PrintLayout(map)
            let c = layout.viewport.center
            let west = Geodesic.destination(from: c, azimuth: 270, distance: 500), east = Geodesic.destination(from: c, azimuth: 90, distance: 500)
            let a = layout.viewport.pixel(west), b = layout.viewport.pixel(east)
            let paperMetres = hypot(b.x - a.x, b.y - a.y) * 0.0254 / 72
            #expect(abs(1000 / paperMetres / layout.scaleDenominator - 1) < 0.002, "\(crs): 1:\(1000 / paperMetres) is stated as 1:\(layout.scaleDenominator)")
        }
    }
}
