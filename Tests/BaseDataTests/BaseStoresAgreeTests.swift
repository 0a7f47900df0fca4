import BaseData
import Foundation
import GeoCore
import GeoStore
import MapRender
import PostGISStore
import Stores
import Testing

/// The Helsinki extract in both stores: the same base features at every band, and the same bytes
/// of image drawn from either. PostGIS when `$WAYMARK_TEST_POSTGRES` names a test database.
@Suite struct BaseStoresAgreeTests {
    static let postgresURL = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

    @Test(.enabled(if: postgresURL != nil, "WAYMARK_TEST_POSTGRES is unset: the PostGIS base map was not compared"))
    func helsinkiFromPostGISIsHelsinkiFromSpatiaLite() throws {
        let fixture = try BaseFixture()
        let schema = "test_base_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let postgis = try PostGISStore(url: Self.postgresURL! + "?schema=" + schema)
        defer { try? PostGISStore(url: Self.postgresURL!).execute("DROP SCHEMA \(schema) CASCADE") }
        let sources = { [BaseReader(path: helsinki, layer: nil)].map { reader in
            BaseSource(name: reader.sourceName) { batch in try reader.read(batch) }
        } }
        let summary = try fixture.store.importBase(sources())
        #expect(try postgis.importBase(sources()) == summary)
        #expect(try postgis.baseSources() == fixture.store.baseSources())

        let centre = Coordinate(lat: 60.1699, lon: 24.9384), style = try MapStyle.named("default")
        for zoom in [16.0, 11, 8, 5] {
            let request = MapRequest(features: [], framing: .center(centre, zoom: zoom), width: 512, height: 384, style: style)
            let viewport = try MapRenderer.frame(request, [])
            let box = MapRenderer.baseFetchArea(viewport, style: style)
            let expected = try fixture.store.baseFeatures(in: box, zoom: zoom)
            #expect(!expected.isEmpty, "zoom \(zoom)")
            #expect(try postgis.baseFeatures(in: box, zoom: zoom) == expected, "zoom \(zoom)")
            let image = try MapRenderer.render(request.fetchingFeatures(from: fixture.store, base: fixture.store))
            #expect(try MapRenderer.render(request.fetchingFeatures(from: postgis, base: postgis)) == image, "image at zoom \(zoom)")
        }

        // The same file again changes no counts.
        let rows = try postgis.baseFeatures(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), zoom: 16).count
        #expect(try postgis.importBase(sources()).replaced == summary.features.values.reduce(0, +) + summary.copies.values.reduce(0, +))
        #expect(try postgis.baseFeatures(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), zoom: 16).count == rows)
    }
}
