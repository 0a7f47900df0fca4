import Foundation
import GeoCore
import Testing
@testable import GeoStore

/// The hand-written GeoJSON, read back by Foundation's JSON parser.
@Suite struct GeoJSONOutputTests {
    let ring = [Coordinate(lat: 60, lon: 24), Coordinate(lat: 60, lon: 24.5), Coordinate(lat: 60.5, lon: 24.5), Coordinate(lat: 60, lon: 24)]

    var page: FeaturePage {
        let tricky = "Quote \" backslash \\ newline \n tab \t bell \u{7} ā č ș ț 🐟"
        return FeaturePage(features: [
            Feature(id: FeatureID(kind: .poi, row: 7), category: "do", name: tricky, names: ["lv": "Rojas pludmale", "en": "Roja beach"],
                    address: "Roja", geometry: .point(Coordinate(lat: 57.50935, lon: 22.80612)), distance: 12.3456789,
                    properties: ["website": "https://roja.lv/a?b=c"]),
            Feature(id: FeatureID(kind: .water, row: 3), category: "water", name: nil, names: [:], address: nil,
                    geometry: .multiPolygon([[ring], [ring]]), distance: 0, properties: [:]),
        ], next: Cursor(distance: 0, id: FeatureID(kind: .water, row: 3)))
    }

    @Test func featureCollectionReadsBackAsRFC7946() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: GeoJSONOutput.featureCollection(page)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        #expect(object["next"] as? String == page.next?.token)
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let first = features[0], properties = try #require(first["properties"] as? [String: Any])
        #expect(first["type"] as? String == "Feature" && first["id"] as? String == "poi/7")
        #expect(properties["name"] as? String == page.features[0].name)
        #expect(properties["name:lv"] as? String == "Rojas pludmale" && properties["name:en"] as? String == "Roja beach")
        #expect(properties["distance_m"] as? Double == 12.346)
        #expect(properties["website"] as? String == "https://roja.lv/a?b=c")
        #expect(properties["kind"] as? String == "poi" && properties["category"] as? String == "do")
        let point = try #require(first["geometry"] as? [String: Any])
        #expect(point["type"] as? String == "Point" && point["coordinates"] as? [Double] == [22.80612, 57.50935])
        let second = features[1], water = try #require(second["geometry"] as? [String: Any])
        #expect((second["properties"] as? [String: Any])?["name"] is NSNull)
        #expect(water["type"] as? String == "MultiPolygon")
        #expect(water["coordinates"] as? [[[[Double]]]] == [[ring.map { [$0.lon, $0.lat] }], [ring.map { [$0.lon, $0.lat] }]])
    }

    /// Members in sorted order, each key once: a detail named like a member every feature has (or
    /// like plain JSON's id and position) does not replace it. The text is read as bytes, since a
    /// JSON parser would hide both the order and a repeated key.
    @Test func membersAreSortedAndADetailNeverReplacesOne() throws {
        var feature = page.features[0]
        feature.properties = ["name": "detail", "name:lv": "detail", "kind": "detail", "phone": "+371 1"]
        var plain = feature
        plain.properties.merge(["id": "detail", "lat": "detail"]) { a, _ in a }
        for json in [GeoJSONOutput.featureCollection(FeaturePage(features: [feature], next: nil)), GeoJSONOutput.plain(FeaturePage(features: [plain], next: nil))] {
            let text = String(decoding: json, as: UTF8.self)
            #expect(!text.contains("detail"), "\(text)")
            let members = try #require(text.firstRange(of: #""address""#).map { text[$0.lowerBound...] })
            let keys = members.matches(of: /"([a-z_:]+)":/).map { String($0.output.1) }
            let flat = keys.prefix { $0 != "geometry" && $0 != "type" }
            #expect(flat.elementsEqual(flat.sorted()) && Set(flat).count == flat.count, "\(keys)")
            #expect(flat.contains("phone"))
        }
    }

    @Test func plainJSONCarriesPositionsAndTheCursor() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: GeoJSONOutput.plain(page, language: "en")) as? [String: Any])
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features[0]["name"] as? String == "Roja beach")
        #expect(features[0]["lat"] as? Double == 57.50935 && features[0]["lon"] as? Double == 22.80612)
        #expect(features[1]["lat"] == nil)
        #expect(object["next"] as? String == page.next?.token)
    }
}
