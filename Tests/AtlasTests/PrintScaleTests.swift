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
