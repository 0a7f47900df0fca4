import Foundation
import GeoCore
import Testing
@testable import GeoStore

/// What an import reads of the names `waymark export` writes, and no more: `source` and
/// `source_id` are a record's identity only beside the export's `waymark_id` (other data's
/// `source` is theirs), `images` adds to `image` as a list or a single text, and a CSV file is
/// read through GDAL for its WKT only when it has no latitude column.
@Suite struct ExportVocabularyTests {
    static func place(_ properties: String, file: String = "a.geojson") throws -> PlaceRecord {
        let text = #"{"type": "Feature", "id": "f1", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": \#(properties)}"#
        let parsed = try GeoJSONParser.parse(Data(text.utf8), file: file, kind: nil)
        guard case let .place(place)? = parsed.records.first?.value else { throw GeoError.invalid(field: .record("test"), reason: "\(parsed.problems)") }
        return place
    }

    @Test func sourceAndSourceIDAreAnIdentityOnlyInAnExport() throws {
        let other = try Self.place(#"{"name": "A", "source": "survey", "source_id": "1"}"#)
        #expect(other.source == "a.geojson" && other.sourceID == "f1")
        let exported = try Self.place(#"{"name": "A", "source": "survey", "source_id": "1", "waymark_id": "poi/7"}"#)
        #expect(exported.source == "survey" && exported.sourceID == "1")
    }

    @Test func imagesAddToImageAsAListOrOneText() throws {
        #expect(try Self.place(#"{"name": "A", "image": "c.jpg", "images": "b.jpg"}"#).images == ["c.jpg", "b.jpg"])
        #expect(try Self.place(#"{"name": "A", "image": "c.jpg", "images": ["b.jpg", "c.jpg", 3]}"#).images == ["c.jpg", "b.jpg"])
        #expect(try Self.place(#"{"name": "A", "images": {"x": 1}}"#).images.isEmpty)
    }

    @Test func aCSVGoesToGDALForItsWKTOnlyWithoutALatitudeColumn() {
        #expect(CSVParser.namesWKTColumn(Data("WKT,name\n\"POINT (1 2)\",a\n".utf8)))
        #expect(CSVParser.namesWKTColumn(Data("\u{FEFF}\"wkt\",name\r\n".utf8)))
        #expect(!CSVParser.namesWKTColumn(Data("geonameid,name,latitude,longitude,wkt\n".utf8)))
        #expect(!CSVParser.namesWKTColumn(Data("name,lat,lon\n".utf8)))
    }
}
