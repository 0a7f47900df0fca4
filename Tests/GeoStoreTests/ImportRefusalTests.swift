import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// Input that an import once took wrongly (booleans as numbers, duplicate ids collapsing, NUL
/// bytes cutting texts short, hex floats as coordinates), and reports of files full of bad records.
@Suite struct ImportRefusalTests {
    private func reasons(_ parsed: ParsedFile) -> [String: String] {
        Dictionary(uniqueKeysWithValues: parsed.problems.map { ($0.record, $0.reason) })
    }

    private func geoJSON(_ features: [String]) -> Data {
        Data((#"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}").utf8)
    }

    // MARK: booleans

    @Test(arguments: [
        (#"{"type": "Point", "coordinates": [true, false]}"#, #""name": "P""#, FeatureKind.poi, "geometry: a position must be [lon, lat]"),
        (#"{"type": "LineString", "coordinates": [[13.1, 49.7], [13.2, false]]}"#, #""name": "T""#, .trip, "geometry: a position must be [lon, lat]"),
        ("null", #""name": true"#, .poi, "name: true is a boolean, not text"),
        ("null", #""name": "P", "category": false"#, .poi, "category: false is a boolean, not text or a number"),
        ("null", #""name": "T", "catches": [{"species": "carp", "weight_kg": true}]"#, .trip, "catches[0].weight_kg: 'true' is not a positive number"),
        ("null", #""name": "T", "catches": [{"species": "carp", "length_cm": true}]"#, .trip, "catches[0].length_cm: 'true' is not a positive number"),
        ("null", #""name": "T", "catches": [{"species": "carp", "lat": true, "lon": 13.1}]"#, .trip, "catches[0].lat: 'true' is not a number"),
        ("null", #""name": "T", "catches": [{"species": "carp", "time": true}]"#, .trip, "catches[0].time: 'true' is not an ISO 8601 date-time"),
        ("null", #""name": "C", "screenings": [{"title": "F", "start": "2012-05-08T11:00", "minutes": true}]"#, .cinema,
         "screenings[0].minutes: 'true' is not a positive whole number"),
    ] as [(String, String, FeatureKind, String)])
    func geoJSONBooleansAreNotNumbers(geometry: String, properties: String, kind: FeatureKind, reason: String) throws {
        let feature = #"{"type": "Feature", "geometry": "# + geometry + #", "properties": {"# + properties + "}}"
        let parsed = try GeoJSONParser.parse(geoJSON([feature]), file: "b.geojson", kind: kind)
        #expect(parsed.records.isEmpty)
        #expect(reasons(parsed) == ["feature 0": reason])
    }

    @Test func geoJSONFeatureIDsMayNotBeBooleans() throws {
        let parsed = try GeoJSONParser.parse(geoJSON([#"{"type": "Feature", "id": true, "geometry": null, "properties": {"name": "P"}}"#]),
                                             file: "b.geojson", kind: nil)
        #expect(reasons(parsed) == ["feature 0": "id: true is a boolean, not text or a number"])
    }

    // MARK: duplicate ids

    @Test func geoJSONDuplicateIDsWithinAFileAreProblems() throws {
        let parsed = try GeoJSONParser.parse(geoJSON([
            #"{"type": "Feature", "id": "a", "geometry": null, "properties": {"name": "First"}}"#,
            #"{"type": "Feature", "id": "b", "geometry": null, "properties": {"name": "Other"}}"#,
            #"{"type": "Feature", "id": "a", "geometry": null, "properties": {"name": "Second"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "By property", "id": "b"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "OSM", "osm_type": "node", "osm_id": 7}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "OSM again", "osm_type": "node", "osm_id": 7}}"#,
            // Another kind with the same id is another row: no clash.
            #"{"type": "Feature", "id": "a", "geometry": null, "properties": {"name": "Trip", "kind": "trip"}}"#,
        ]), file: "d.geojson", kind: nil)
        #expect(parsed.records.map(\.record) == ["feature 0", "feature 1", "feature 4", "feature 6"])
        let hint = "; the id identifies a feature when the file is imported again"
        #expect(reasons(parsed) == [
            "feature 2": "id: 'a' is also the id of feature 0" + hint,
            "feature 3": "id: 'b' is also the id of feature 1" + hint,
            "feature 5": "id: 'node/7' is also the id of feature 4" + hint,
        ])
    }

    @Test func recordsOfOneIDInTwoFilesStillUpdateOneAnother() throws {
        let first = try GeoJSONParser.parse(geoJSON([#"{"type": "Feature", "id": "a", "geometry": null, "properties": {"name": "Old"}}"#]),
                                            file: "d.geojson", kind: nil)
        let second = try GeoJSONParser.parse(geoJSON([#"{"type": "Feature", "id": "a", "geometry": null, "properties": {"name": "New"}}"#]),
                                             file: "/elsewhere/d.geojson", kind: nil)
        let plan = try ImportPlan([first, second], skipInvalid: false)
        #expect(plan.records.count == 1)
        guard case let .place(place)? = plan.records.first?.value else { Issue.record("not a place"); return }
        #expect(place.name == "New")
    }

    // MARK: NUL

    @Test func geoJSONTextsWithNULAreRefused() throws {
        let parsed = try GeoJSONParser.parse(geoJSON([
            #"{"type": "Feature", "geometry": null, "properties": {"name": "x\u0000y"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "P", "name:lv": "a\u0000"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "T", "kind": "trip", "catches": [{"species": "carp", "bait": "\u0000"}]}}"#,
            #"{"type": "Feature", "id": "a\u0000b", "geometry": null, "properties": {"name": "P"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "Fine"}}"#,
        ]), file: "n.geojson", kind: nil)
        #expect(parsed.records.map(\.record) == ["feature 4"])
        let nul = "contains a NUL character (U+0000), which text may not hold"
        #expect(reasons(parsed) == [
            "feature 0": "name: " + nul,
            "feature 1": "name:lv: " + nul,
            "feature 2": "catches[0].bait: " + nul,
            "feature 3": "id: " + nul,
        ])
    }

    @Test func csvTextsWithNULAreRefused() throws {
        let csv = "name,lat,lon,description\nx\0y,57,22,\nP,57,22,\"a\0b\"\nFine,57,22,\n"
        let parsed = try CSVParser.parse(Data(csv.utf8), file: "n.csv", kind: nil)
        #expect(parsed.records.map(\.record) == ["line 4"])
        let nul = "contains a NUL character (U+0000), which text may not hold"
        #expect(reasons(parsed) == ["line 2": "name: " + nul, "line 3": "description: " + nul])
    }

    /// The check every parser's records go through (`collect` for GeoJSON, CSV and GPX, `attempt`
    /// for the feed), whatever the format could carry.
    @Test func everyParsersRecordsHaveTheirTextsChecked() {
        var parsed = ParsedFile(file: "f")
        var cinema = CinemaRecord(name: "C", timezone: "UTC", location: nil)
        cinema.screenings = [Screening(title: "A", start: .distantPast), Screening(title: "B\0", start: .distantPast)]
        parsed.collect("cinema") { () throws(GeoError) in .cinema(cinema) }
        let water = WaterRecord(name: "W", waterKind: "lake\0", geometry: .lineString([Coordinate(lat: 1, lon: 1), Coordinate(lat: 2, lon: 2)]))
        parsed.collect("water") { () throws(GeoError) in .water(water) }
        var place = PlaceRecord(category: "see", name: "P", location: nil)
        place.images = ["http://a", "http://b\0"]
        #expect(parsed.attempt("place") { () throws(GeoError) in place } == nil)
        place.images = ["http://a"]
        #expect(parsed.attempt("place again") { () throws(GeoError) in place } == place)
        #expect(parsed.records.isEmpty)
        #expect(reasons(parsed) == [
            "cinema": "screenings[1].title: contains a NUL character (U+0000), which text may not hold",
            "water": "water: contains a NUL character (U+0000), which text may not hold",
            "place": "image: contains a NUL character (U+0000), which text may not hold",
        ])
    }

    // MARK: lengths

    /// A 50 000-character name once stalled the first typo search for a minute and a 100 000-character
    /// category came back whole from every listing: texts longer than their field's limit are refused.
    @Test func textsLongerThanTheirFieldsLimitAreRefused() throws {
        let name = String(repeating: "ā", count: TextLimit.name + 1), category = String(repeating: "c", count: TextLimit.code + 1)
        let description = String(repeating: "d", count: TextLimit.long)
        let parsed = try GeoJSONParser.parse(geoJSON([
            #"{"type": "Feature", "geometry": null, "properties": {"name": "\#(name)"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "P", "category": "\#(category)"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "P", "name:lv": "\#(name)"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "T", "kind": "trip", "notes": "\#(description)n"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "\#(name.dropLast())", "description": "\#(description)"}}"#,
        ]), file: "long.geojson", kind: nil)
        #expect(parsed.records.map(\.record) == ["feature 4"])
        #expect(reasons(parsed) == [
            "feature 0": "name: is 1001 characters long, more than 1000",
            "feature 1": "category: is 201 characters long, more than 200",
            "feature 2": "name:lv: is 1001 characters long, more than 1000",
            "feature 3": "notes: is 100001 characters long, more than 100000",
        ])
    }

    // MARK: CSV numbers

    @Test func csvCoordinatesAreDecimalsOnly() throws {
        let csv = "name,lat,lon\nHex,0x1p4,24\nInfinite,56,inf\nNot a number,nan,24\nPlus,+1,24\nFine,-1.5e1,24\n"
        let parsed = try CSVParser.parse(Data(csv.utf8), file: "h.csv", kind: nil)
        #expect(parsed.records.map(\.record) == ["line 6"])
        #expect(reasons(parsed) == [
            "line 2": "lat: '0x1p4' is not a number",
            "line 3": "lon: 'inf' is not a number",
            "line 4": "lat: 'nan' is not a number",
            "line 5": "lat: '+1' is not a number",
        ])
    }

    // MARK: unreadable files

    @Test(arguments: [
        ("{\"type\": \"FeatureCollection\",\n \"features\": [{}, {]}", "not valid JSON: expected a string, found ']' (line 2, column 20)"),
        ("{\"type\": \"FeatureCollection\", \"features\": [01]}", "not valid JSON: a number with a leading zero (line 1, column 44)"),
        ("{\"type\": \"FeatureCollection\", \"features\": [1e999]}", "not valid JSON: a number out of Double's range (line 1, column 44)"),
        ("{\"type\": \"FeatureCollection\", \"features\": [\"\u{01}\"]}", "not valid JSON: a control character (byte 0x1) in a string; escape it (line 1, column 45)"),
        ("{\"type\": \"FeatureCollection\", \"features\": []} []", "not valid JSON: unexpected '[' after the value (line 1, column 47)"),
        ("{\"type\": \"FeatureCollection\", \"features\": [" + String(repeating: "[", count: 100_000),
         "not valid JSON: arrays and objects nested deeper than 512 (line 1, column 554)"),
    ])
    func unreadableGeoJSONNamesWhereItStops(text: String, reason: String) {
        let problem = #expect(throws: ImportProblem.self) { try GeoJSONParser.parse(Data(text.utf8), file: "u.geojson", kind: nil) }
        #expect(problem?.record == "file")
        #expect(problem?.reason == reason)
    }

    @Test func geoJSONThatIsNotUTF8IsRefused() {
        let bytes = Data(#"{"type": "Feature", "geometry": null, "properties": {"name": ""#.utf8) + Data([0xE9]) + Data(#""}}"#.utf8)
        let problem = #expect(throws: ImportProblem.self) { try GeoJSONParser.parse(bytes, file: "l.geojson", kind: nil) }
        #expect(problem?.reason == "not valid JSON: not UTF-8 text")
    }

    // MARK: CSV headers and quoting

    @Test func csvHeadersNamingAColumnTwiceAreRefused() {
        let problem = #expect(throws: ImportProblem.self) {
            try CSVParser.parse(Data("name,lat,lon, Name\nFirst,57.5,22.8,Second\n".utf8), file: "twice.csv", kind: nil)
        }
        #expect(problem?.record == "file")
        #expect(problem?.reason == "the header names the column 'name' twice (columns 1 and 4); which one holds the value?")
    }

    @Test func csvTextAfterAClosingQuoteIsMalformedQuoting() throws {
        let csv = "name,lat,lon\n\"ab\"c,57.5,22.8\n\"a\"\"b\",57.6,22.8\n\"ok\",57.7,22.8\n"
        let parsed = try CSVParser.parse(Data(csv.utf8), file: "q.csv", kind: nil)
        #expect(parsed.records.map(\.record) == ["line 3", "line 4"])
        #expect(reasons(parsed) == ["line 2": #"quotes: text follows the closing quote of column 'name'; a quote inside a quoted value is written twice ("")"#])
    }

    @Test(arguments: [
        ("name;lat;lon\nA;57.5;22.8\n",
         "no latitude column (lat, latitude or y); the header has one column, 'name;lat;lon': is the separator ';'? Values are separated by commas"),
        ("name\tlat\tlon\nA\t57.5\t22.8\n",
         "no latitude column (lat, latitude or y); the header has one column, 'name\tlat\tlon': is the separator a tab? Values are separated by commas"),
        ("name,lat,lon\rA,57.5,22.8\r",
         "no longitude column (lon, lng, long, longitude or x); the header holds a carriage return: do the lines end in CR only? Lines end in LF or CRLF"),
    ])
    func csvWithAnotherSeparatorOrCROnlyLinesSaysSo(text: String, reason: String) {
        let problem = #expect(throws: ImportProblem.self) { try CSVParser.parse(Data(text.utf8), file: "other.csv", kind: nil) }
        #expect(problem?.reason == reason)
    }

    // MARK: GeoJSON ids, positions and names

    @Test func geoJSONIDsAreTextOrNumbers() throws {
        let parsed = try GeoJSONParser.parse(geoJSON([
            #"{"type": "Feature", "id": {"a": 1}, "geometry": null, "properties": {"name": "Object"}}"#,
            #"{"type": "Feature", "id": [1], "geometry": null, "properties": {"name": "Array"}}"#,
            #"{"type": "Feature", "geometry": null, "properties": {"name": "Property", "id": {"a": 1}}}"#,
        ]), file: "i.geojson", kind: nil)
        #expect(parsed.records.isEmpty)
        #expect(reasons(parsed) == [
            "feature 0": "id: {…} is an object, not text or a number",
            "feature 1": "id: […] is an array, not text or a number",
            "feature 2": "id: {…} is an object, not text or a number",
        ])
    }

    /// A number id is its value (1, 1.0 and 1e0 are one id, written "1"); a string id is its text,
    /// and the same id as the number it spells ("1" is 1; "1.0" is not): ids are stored as text.
    @Test func geoJSONNumberIDsAreTheirValue() throws {
        let parsed = try GeoJSONParser.parse(geoJSON(["1", "1.0", "\"1\"", "1e0", "\"1.0\"", "2.50", "2.5", "-0.0", "0", "-5", "-5.0"].map {
            #"{"type": "Feature", "id": \#($0), "geometry": null, "properties": {"name": "N"}}"#
        }), file: "n.geojson", kind: nil)
        #expect(parsed.records.map(\.record) == ["feature 0", "feature 4", "feature 5", "feature 7", "feature 9"])
        #expect(parsed.records.compactMap(\.value.sourceKey?.id) == ["1", "1.0", "2.5", "0", "-5"])
        let hint = "; the id identifies a feature when the file is imported again"
        #expect(reasons(parsed) == [
            "feature 1": "id: '1' is also the id of feature 0" + hint,
            "feature 2": "id: '1' is also the id of feature 0" + hint,
            "feature 3": "id: '1' is also the id of feature 0" + hint,
            "feature 6": "id: '2.5' is also the id of feature 5" + hint,
            "feature 8": "id: '0' is also the id of feature 7" + hint,
            "feature 10": "id: '-5' is also the id of feature 9" + hint,
        ])
    }

    @Test func geoJSONPositionsHaveTwoOrThreeNumbers() throws {
        let parsed = try GeoJSONParser.parse(geoJSON(["[22.8, 57.5, 12.5]", "[22.8, 57.5, 12.5, 3]", "[22.8, 57.5, 1, 2, 3]", #"[22.8, 57.5, "high"]"#].map {
            #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": \#($0)}, "properties": {"name": "P"}}"#
        }), file: "p.geojson", kind: nil)
        #expect(parsed.records.map(\.record) == ["feature 0"])
        #expect(reasons(parsed) == [
            "feature 1": "geometry: a position has 4 numbers; RFC 7946 allows [lon, lat] or [lon, lat, altitude]",
            "feature 2": "geometry: a position has 5 numbers; RFC 7946 allows [lon, lat] or [lon, lat, altitude]",
            "feature 3": "geometry: a position's altitude must be a number",
        ])
    }

    @Test func geoJSONNamesAreText() throws {
        let parsed = try GeoJSONParser.parse(geoJSON([
            #""name": 42"#, #""name": "N", "name:en": 7"#, #""name": "N", "alt_name": ["A", "B"]"#, #""name": "42""#,
        ].map { #"{"type": "Feature", "geometry": null, "properties": {\#($0)}}"# }), file: "t.geojson", kind: nil)
        #expect(parsed.records.map(\.record) == ["feature 3"])
        #expect(reasons(parsed) == [
            "feature 0": "name: 42 is a number, not text",
            "feature 1": "name:en: 7 is a number, not text",
            "feature 2": "alt_name: […] is an array, not text",
        ])
    }

    // MARK: GeoNames ids and names

    private func geoNamesLine(id: String, name: String) -> String {
        [id, name, "", "", "57.0", "24.0", "P", "PPL", "LV", "", "", "", "", "", "0", "", "1", "Europe/Riga", "2012-01-17"].joined(separator: "\t")
    }

    @Test func geoNamesIDsArePositiveWholeNumbers() throws {
        let text = [("abc", "A"), ("0", "B"), ("-5", "C"), ("7.5", "D"), ("12", "E")].map { geoNamesLine(id: $0, name: $1) }.joined(separator: "\n")
        let parsed = try GeoNamesParser.parse(Data(text.utf8), file: "LV.txt", kind: nil)
        #expect(parsed.records.map(\.record) == ["line 5"])
        #expect(reasons(parsed) == [
            "line 1": "geonameid: 'abc' is not a positive whole number",
            "line 2": "geonameid: '0' is not a positive whole number",
            "line 3": "geonameid: '-5' is not a positive whole number",
            "line 4": "geonameid: '7.5' is not a positive whole number",
        ])
    }

    @Test func geoNamesFieldsHoldNoControlCharacters() throws {
        let text = [geoNamesLine(id: "1", name: "Rī\rga"), geoNamesLine(id: "2", name: "Rīga\u{7}"), geoNamesLine(id: "3", name: "Rīga")].joined(separator: "\r\n")
        let parsed = try GeoNamesParser.parse(Data(text.utf8), file: "LV.txt", kind: nil)
        #expect(parsed.records.map(\.record) == ["line 3"])
        #expect(reasons(parsed) == [
            "line 1": "name: holds the control character U+000D; GeoNames' fields hold none",
            "line 2": "name: holds the control character U+0007; GeoNames' fields hold none",
        ])
    }

    // MARK: the travel guide's feed

    private func feed(_ objects: [String]) -> Data {
        Data(("<objekti>" + objects.map { "<objekts>\($0)</objekts>" }.joined() + "</objekti>").utf8)
    }

    @Test func feedElementsGivenTwiceOrHoldingMarkupAreRefused() throws {
        let place = "<tips>Ko darīt</tips><longitude>22.8</longitude>"
        let parsed = try TravelGuideFeedParser.parse([(feed([
            "<nosaukums>Two latitudes</nosaukums>\(place)<latitude>57.5</latitude><latitude>57.6</latitude>",
            "<nosaukums>First</nosaukums><nosaukums>Second</nosaukums>\(place)<latitude>57.5</latitude>",
            "<nosaukums>A<b>bold</b>C</nosaukums>\(place)<latitude>57.5</latitude>",
            "<nosaukums>Plain</nosaukums>\(place)<latitude>57.5</latitude><apraksts>x<br/>y</apraksts>",
            "<nosaukums>Fine &amp; well</nosaukums>\(place)<latitude>57.5</latitude><apraksts><![CDATA[<b>as text</b>]]></apraksts>",
        ]), "objekti.xml", "lv")])
        #expect(parsed.records.map(\.record) == ["objekts 4"])
        guard case let .place(fine)? = parsed.records.first?.value else { Issue.record("no place"); return }
        #expect(fine.name == "Fine & well" && fine.description == "<b>as text</b>")
        #expect(reasons(parsed) == [
            "objekts 0": "latitude: given 2 times; an object has one",
            "objekts 1": "nosaukums: given 2 times; an object has one",
            "objekts 2": "nosaukums: holds the element <b>; the feed's texts are plain text",
            "objekts 3": "apraksts: holds the element <br>; the feed's texts are plain text",
        ])
    }

    // MARK: GPX across the antimeridian

    @Test func gpxTracksAcrossTheAntimeridianAreRefusedAsGeoJSONLinesAre() throws {
        let gpx = """
        <gpx version="1.1" creator="t"><trk><name>Dateline</name><trkseg>
          <trkpt lat="-17.0" lon="179.9"/><trkpt lat="-17.1" lon="-179.9"/></trkseg></trk>
        <rte><name>Route</name><rtept lat="-17.0" lon="-179.9"/><rtept lat="-17.1" lon="179.9"/></rte>
        <trk><name>Fiji</name><trkseg><trkpt lat="-17.0" lon="178.1"/><trkpt lat="-17.1" lon="178.3"/></trkseg></trk></gpx>
        """
        let parsed = try GPXParser.parse(Data(gpx.utf8), file: "d.gpx")
        #expect(parsed.records.map(\.record) == ["trk 1"])
        let same = try GeoJSONParser.parse(geoJSON([
            #"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[179.9, -17.0], [-179.9, -17.1]]}, "properties": {"name": "T", "kind": "trip"}}"#,
        ]), file: "d.geojson", kind: nil)
        #expect(reasons(same) == ["feature 0": "geometry: the line crosses the antimeridian; split it there (RFC 7946 §3.1.9)"])
        #expect(reasons(parsed) == [
            "trk 0": "trkpt: the line crosses the antimeridian; split it there (RFC 7946 §3.1.9)",
            "rte 0": "rtept: the line crosses the antimeridian; split it there (RFC 7946 §3.1.9)",
        ])
    }

    // MARK: reports of many problems

    @Test func aReportOfManyProblemsListsTheFirstAndCountsTheRest() throws {
        let bad = Array(repeating: "{}", count: 350)
        let good = #"{"type": "Feature", "geometry": null, "properties": {"name": "Fine"}}"#
        let parsed = try GeoJSONParser.parse(geoJSON(bad + [good]), file: "many.geojson", kind: nil)
        #expect(parsed.records.count == 1)
        #expect(parsed.problems.count == ParsedFile.problemLimit && parsed.problemCount == 350)
        #expect(parsed.problems.map(\.record) == (0..<ParsedFile.problemLimit).map { "feature \($0)" })

        // Across files, the report lists the first problems of all and counts every one.
        var other = ParsedFile(file: "other.csv")
        other.reject("line 2", "name: missing")
        let failure = #expect(throws: ImportFailure.self) { try ImportPlan([parsed, other], skipInvalid: false) }
        #expect(failure?.problems.count == ParsedFile.problemLimit)
        #expect(failure?.omitted == 251)
        let lines = failure?.description.split(separator: "\n") ?? []
        #expect(lines.first == "import refused, nothing was stored (351 invalid record(s); skip_invalid imports the rest):")
        #expect(lines.count == 1 + ParsedFile.problemLimit + 1)
        #expect(lines.last == "  … and 251 more")

        let plan = try ImportPlan([parsed, other], skipInvalid: true)
        #expect(plan.records.count == 1)
        #expect(plan.summary.skipped.count == ParsedFile.problemLimit && plan.summary.skippedCount == 351)
    }
}
