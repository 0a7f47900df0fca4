import Foundation
import Testing

/// Files `waymark import` once took wrongly (issue 32): each is refused with exit status 1, the
/// file, its record and the field named on stderr, and the database stays as it was, byte for byte.
@Test(arguments: [
    ("twice.csv", "name,lat,lon,name\nA,57.5,22.8,B\n", "twice.csv: file: the header names the column 'name' twice"),
    ("quotes.csv", "name,lat,lon\n\"ab\"c,57.5,22.8\n", "quotes.csv: line 2: quotes: text follows the closing quote of column 'name'"),
    ("semicolons.csv", "name;lat;lon\nA;57.5;22.8\n", "is the separator ';'?"),
    ("object-id.geojson", #"{"type": "Feature", "id": {"a": 1}, "geometry": null, "properties": {"name": "P"}}"#,
     "object-id.geojson: feature 0: id: {…} is an object, not text or a number"),
    ("altitude.geojson", #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [22.8, 57.5, 1, 2]}, "properties": {"name": "P"}}"#,
     "altitude.geojson: feature 0: geometry: a position has 4 numbers"),
    ("number-name.geojson", #"{"type": "Feature", "geometry": null, "properties": {"name": 42}}"#,
     "number-name.geojson: feature 0: name: 42 is a number, not text"),
    ("LV.txt", ["0", "Rīga", "", "", "57.0", "24.0", "P", "PPL", "LV", "", "", "", "", "", "0", "", "1", "Europe/Riga", "2012-01-17"]
        .joined(separator: "\t") + "\n", "LV.txt: line 1: geonameid: '0' is not a positive whole number"),
    ("objekti.xml", "<objekti><objekts><nosaukums>A<b>bold</b>C</nosaukums><tips>Ko darīt</tips></objekts></objekti>",
     "objekti.xml: objekts 0: nosaukums: holds the element <b>"),
    ("dateline.gpx", #"<gpx version="1.1"><trk><trkseg><trkpt lat="-17" lon="179.9"/><trkpt lat="-17" lon="-179.9"/></trkseg></trk></gpx>"#,
     "dateline.gpx: trk 0: trkpt: the line crosses the antimeridian"),
])
func wronglyAcceptedImportsAreRefused(name: String, contents: String, words: String) async throws {
    let workspace = try await Workspace.withFixture()
    let database = URL(fileURLWithPath: try #require(workspace.env["WAYMARK_DB"]))
    let before = try Data(contentsOf: database)
    let result = try await run(["import", try workspace.file(name, contents)], env: workspace.env)
    #expect(result.status == 1, "exit status \(result.status): \(result.stderr)")
    #expect(result.stderr.contains(words), "\(result.stderr)")
    #expect(try Data(contentsOf: database) == before)
}
