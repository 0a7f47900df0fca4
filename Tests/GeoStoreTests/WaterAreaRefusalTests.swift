import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// A water's area must be valid (`PolygonValidity`): the issue's four invalid areas, once
/// imported, are refused with the record and the fault.
@Suite struct WaterAreaRefusalTests {
    @Test func invalidAreasOfWatersAreRefused() throws {
        let geometries = [
            #"{"type": "Polygon", "coordinates": [[[24.92, 60.16], [24.94, 60.18], [24.94, 60.16], [24.92, 60.18], [24.92, 60.16]]]}"#,
            #"{"type": "Polygon", "coordinates": [[[24, 60], [25, 60], [25, 61], [24, 61], [24, 60]], [[26, 62], [27, 62], [27, 63], [26, 62]]]}"#,
            #"{"type": "Polygon", "coordinates": [[[24, 60], [24, 60], [24, 60], [24, 60]]]}"#,
            #"{"type": "MultiPolygon", "coordinates": [[[[24, 60], [26, 60], [26, 62], [24, 62], [24, 60]]], [[[25, 61], [27, 61], [27, 63], [25, 63], [25, 61]]]]}"#,
            #"{"type": "Polygon", "coordinates": [[[24, 60], [25, 60], [25, 61], [24, 61], [24, 60]], [[24, 60], [24.5, 60.2], [24.2, 60.5], [24, 60]]]}"#,
        ]
        let features = geometries.enumerated().map { k, g in #"{"type": "Feature", "geometry": \#(g), "properties": {"name": "W\#(k)"}}"# }
        let data = Data((#"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}").utf8)
        let parsed = try GeoJSONParser.parse(data, file: "waters.geojson", kind: .water)
        let reasons = Dictionary(uniqueKeysWithValues: parsed.problems.map { ($0.record, $0.reason) })
        #expect(reasons["feature 0"] == "geometry: ring 0 crosses itself near 24.93,60.17")
        #expect(reasons["feature 1"] == "geometry: ring 1 (a hole) lies outside its shell near 26.0,62.0")
        #expect(reasons["feature 2"] == "geometry: ring 0 has 1 distinct position(s), needs at least 3 near 24.0,60.0")
        #expect(reasons["feature 3"]?.hasPrefix("geometry: parts 0 and 1 overlap near ") == true, "\(reasons)")
        // A hole touching its shell at one point is valid.
        #expect(reasons.count == 4 && parsed.records.count == 1, "\(reasons)")
    }
}
