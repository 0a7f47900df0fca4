import Foundation
import Testing
import TestSupport

/// `waymark import --field KEY=FIELD --category CODE`: a file whose fields are named otherwise
/// imports to the records its own fields say, read back by GDAL from the database (ogrinfo), not
/// by Waymark; a mapping that names no key, or a format with fixed fields, is refused.
@Suite struct FieldMappingCLITests {
    /// Three places as a Czech register writes them: NAZEV, KOD, a `name` column that is not the name.
    static let register = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14.42, 50.08]}, "properties": {"NAZEV": "Kavárna Slavia", "KOD": "A-1", "name": "x"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14.41, 50.09]}, "properties": {"NAZEV": "Lokál", "KOD": "A-2", "name": "y"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [14.43, 50.07]}, "properties": {"NAZEV": "Café Louvre", "KOD": "A-3", "name": "z"}}]}
    """

    /// The stored places by GDAL's reading of the database: source id → (name, category, lon, lat).
    static func stored(_ database: String) async throws -> [String: [String]] {
        let output = try await ChildProcess.output(of: "ogrinfo", ["-ro", "-q", "-sql", "SELECT source_id AS sid, name, category, ST_X(geom) AS x, ST_Y(geom) AS y FROM poi", database])
        var rows: [String: [String]] = [:], current: [String: String] = [:]
        func flush() { if let sid = current["sid"] { rows[sid] = ["name", "category", "x", "y"].map { current[$0] ?? "-" } }; current = [:] }
        for line in output.split(separator: "\n") {
            if line.hasPrefix("OGRFeature") { flush() }
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let key = parts[0].split(separator: " ").first { current[String(key)] = parts[1] }
        }
        flush()
        return rows
    }

    @Test func aShapefileWithItsOwnFieldNamesImportsByTheMapping() async throws {
        let w = try Workspace()
        let shapefile = w.directory.appendingPathComponent("register.shp").path
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "ESRI Shapefile", "-lco", "ENCODING=UTF-8", shapefile, try w.file("register.geojson", Self.register)])
        let database = w.directory.appendingPathComponent("mapped.sqlite").path
        let result = try await run(["import", "--db", database, "--field", "name=NAZEV", "--field", "ID=kod", "--category", "eat", shapefile])
        try #require(result.status == 0, "\(result.stderr)")
        let rows = try await Self.stored(database)
        #expect(rows["A-1"]?.prefix(2) == ["Kavárna Slavia", "eat"] && rows["A-2"]?.prefix(2) == ["Lokál", "eat"] && rows["A-3"]?.prefix(2) == ["Café Louvre", "eat"], "\(rows)")
        #expect(rows.count == 3)
    }

    @Test func aCSVFileNamesItsPositionAndNameColumns() async throws {
        let w = try Workspace()
        let csv = try w.file("register.csv", "Y_COORD,X_COORD,NAZEV,KOD\n50.08,14.42,Kavárna Slavia,A-1\n50.09,14.41,Lokál,A-2\n")
        let database = w.directory.appendingPathComponent("mapped.sqlite").path
        let result = try await run(["import", "--db", database, "--field", "lat=Y_COORD", "--field", "lon=X_COORD", "--field", "name=NAZEV", "--field", "id=KOD", csv])
        try #require(result.status == 0, "\(result.stderr)")
        let rows = try await Self.stored(database)
        #expect(rows["A-1"] == ["Kavárna Slavia", "other", "14.42", "50.08"] && rows["A-2"] == ["Lokál", "other", "14.41", "50.09"], "\(rows)")
    }

    @Test func aMappingThatNamesNothingIsRefused() async throws {
        let w = try Workspace()
        let file = try w.file("register.geojson", Self.register)
        let gpx = packageRoot.appendingPathComponent("Data/gpx/Mojstrovka.gpx").path
        let database = w.directory.appendingPathComponent("refused.sqlite").path
        for (arguments, words) in [
            (["--field", "colour=BARVA", file], "--field: 'colour' is no key a record reads"),
            (["--field", "name", file], "--field: 'name' is not KEY=FIELD"),
            (["--field", "name=NAZEV", "--field", "name=KOD", file], "--field: 'name' is mapped twice"),
            (["--category", "water", file], "--category: 'water' names a kind"),
            (["--field", "name=NAZEV", gpx], "--field: \(gpx) is a file of fixed fields"),
        ] {
            let result = try await run(["import", "--db", database] + arguments)
            #expect(result.status != 0 && result.stderr.contains(words), "\(arguments): \(result.stderr)")
            let stored = FileManager.default.fileExists(atPath: database) ? try await Self.stored(database) : [:]
            #expect(stored.isEmpty, "\(arguments) stored \(stored)")
        }
    }
}
