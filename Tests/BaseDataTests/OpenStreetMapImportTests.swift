import BaseData
import Foundation
import GeoCore
import Testing

/// The Helsinki extract through GDAL's OSM driver, against ogrinfo's own counts on the same file
/// (with GDAL's stock osmconf.ini, which makes the same ways lines and the same closed ways areas).
@Suite struct OpenStreetMapImportTests {
    @Test func countsAgreeWithGDAL() async throws {
        let fixture = try BaseFixture()
        let summary = try fixture.importBase([helsinki])
        let stored = try fixture.features(zoom: 20)
        func count(_ layer: BaseLayer, _ kind: String? = nil) -> Int {
            stored.count { $0.layer == layer && (kind == nil || $0.kind == kind) }
        }
        for (kind, sql) in [("primary", "highway IN ('primary', 'primary_link')"), ("secondary", "highway IN ('secondary', 'secondary_link')"),
                            ("footway", "highway = 'footway'"), ("residential", "highway = 'residential'")] {
            let expected = try await ogrCount(helsinki, "SELECT count(*) FROM lines WHERE \(sql)")
            #expect(count(.road, kind) == expected, "road \(kind)")
            #expect(expected > 0)
        }
        #expect(count(.road, "primary") == 146)
        // Less the ways the extract's edge cut to fewer than four points and the invalid areas
        // (GEOS's verdict, through GDAL: 11 buildings cross themselves), left out and counted.
        #expect(count(.building) == (try await ogrCount(helsinki, """
            SELECT count(*) FROM multipolygons WHERE building IS NOT NULL AND building <> 'no' AND ST_NPoints(geometry) >= 4
            AND ST_IsValid(geometry)
            """)))
        #expect(count(.building) == 471)
        #expect(count(.place) == (try await ogrCount(helsinki, """
            SELECT count(*) FROM points WHERE place IN ('city', 'town', 'village', 'hamlet', 'suburb', 'neighbourhood', 'quarter', 'island', 'islet')
            """)))
        #expect(count(.rail) == (try await ogrCount(helsinki, """
            SELECT count(*) FROM lines WHERE railway IN ('rail', 'tram', 'subway', 'light_rail', 'narrow_gauge', 'monorail', 'funicular')
            AND (highway IS NULL OR highway NOT IN ('motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'unclassified', 'residential', 'living_street', 'service', 'pedestrian', 'track', 'road', 'footway', 'path', 'cycleway', 'bridleway', 'steps'))
            """)))
        #expect(summary.features == Dictionary(grouping: stored, by: \.layer).mapValues(\.count))
        #expect(count(.water) > 0 && count(.park) > 0 && count(.landuse) > 0)
    }

    /// Töölönlahti is cut by the extract's edge; the driver keeps what is inside, with its names.
    @Test func toolonlahtiIsWater() throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let bay = try #require(try fixture.features(zoom: 16).first { $0.name == "Töölönlahti" })
        #expect(bay.layer == .water)
        #expect(bay.names["sv"] == "Tölöviken")
        #expect(bay.names["fi"] == "Töölönlahti")
        // Found through the index by a box around it.
        let near = try fixture.store.baseFeatures(in: BoundingBox(minLon: 24.935, minLat: 60.177, maxLon: 24.938, maxLat: 60.180), zoom: 16)
        #expect(near.contains(bay))
    }

    @Test func reimportChangesNoCounts() throws {
        let fixture = try BaseFixture()
        let first = try fixture.importBase([helsinki])
        let before = try fixture.counts()
        let second = try fixture.importBase([helsinki])
        #expect(try fixture.counts() == before)
        #expect(second.features == first.features)
        #expect(second.replaced == first.features.values.reduce(0, +) + first.copies.values.reduce(0, +))
    }

    @Test(.enabled(if: hasAndorra, "../shared/data/osm/andorra.osm.pbf is absent: Andorra was not imported"))
    func andorraImports() async throws {
        let fixture = try BaseFixture()
        try fixture.importBase([andorra])
        let stored = try fixture.features(zoom: 20)
        let expected = try await ogrCount(andorra, "SELECT count(*) FROM lines WHERE highway IN ('primary', 'primary_link')")
        #expect(stored.count { $0.layer == .road && $0.kind == "primary" } == expected)
        #expect(stored.contains { $0.layer == .border && $0.kind == "2" })
        #expect(stored.contains { $0.layer == .place && $0.name == "Andorra la Vella" })
    }
}
