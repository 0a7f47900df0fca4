import Foundation
import GeoCore
@testable import MapRender
import Stores
import Testing

/// Issue 31, item 1: a capital is never lost to cafés. Andorra la Vella (OpenStreetMap's
/// place=town, 24 678 people) named on the map at zooms 9, 13 and 15 with 20 places scattered
/// around it, at random within the image, whose names used to take its room.
@Suite struct TownNameTests {
    @Test(.enabled(if: hasAndorra, "../shared/data/osm/andorra.osm.pbf is missing"), arguments: [9.0, 13, 15])
    func andorraLaVellaIsNamedAmongPlaces(zoom: Double) throws {
        let fixture = try BaseFixture()
        try fixture.importBase([andorra])
        let style = try MapStyle.named("default")
        let town = try #require(try fixture.features(zoom: zoom).first { $0.layer == .place && $0.name == "Andorra la Vella" })
        let centre = town.geometry.coordinates[0]
        #expect(town.rank >= style.labels.townPopulation ?? .max, "a town by the style's population: \(town.rank)")
        let width = 800.0, height = 600.0
        let viewport = Viewport(center: centre, zoom: zoom, width: width, height: height)
        var rng = SeededRandom(seed: UInt64(zoom))
        // Within 120 px of the town's point, where their names compete with its.
        let places = (0..<20).map { i in
            let p = viewport.pixel(centre)
            let at = viewport.coordinate(x: p.x + .random(in: -120...120, using: &rng), y: p.y + .random(in: -120...120, using: &rng))
            return Feature(id: FeatureID(kind: .poi, row: Int64(i + 1)), category: ["eat", "see", "stay"][i % 3],
                           name: "Cafè del Centre \(i)", geometry: .point(at), source: "guide")
        }
        var request = MapRequest(features: places, framing: .center(centre, zoom: zoom), width: width, height: height, style: style)
        request.base = try fixture.store.baseFeatures(for: MapRenderer.frame(request, places), style: style)
        let drawn = try MapRenderer.drawn(request)
        #expect(drawn.annotations.labels.count >= 3, "the places are named too: \(drawn.annotations.labels.map(\.text))")
        let names = drawn.baseLabels.map(\.text)
        #expect(names.contains("Andorra la Vella"), "zoom \(zoom): \(names)")
    }
}
