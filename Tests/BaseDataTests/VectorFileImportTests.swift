import BaseData
import Foundation
import GeoCore
import GeoStore
import TestSupport
import Testing

/// `waymark import` of the formats it reads through GDAL: ogr2ogr (an independent writer) writes
/// the demo data in each, and each file imports to the records the GeoJSON itself gives: ids,
/// names in every language, categories and positions to 1e-7°.
@Suite struct VectorFileImportTests {
    static let demo = ["pois", "cinemas", "waters"].map { packageRoot.appendingPathComponent("Data/osm/helsinki_\($0).geojson").path }

    /// What the comparison looks at in a record.
    struct Seen: Equatable, CustomStringConvertible {
        var name: String?, names: [String: String] = [:], category: String?
        var positions: [Coordinate]

        var description: String { "\(name ?? "-") \(names) \(category ?? "-") \(positions.prefix(3))…" }

        init(_ record: ImportRecord) {
            switch record {
            case let .place(p): (name, names, category, positions) = (p.name, p.names, p.category, p.location.map { [$0] } ?? [])
            case let .cinema(c): (name, positions) = (c.name, c.location.map { [$0] } ?? [])
            case let .water(w): (name, positions) = (w.name, w.geometry.coordinates)
            case let .trip(t): (name, positions) = (t.name, t.track ?? t.spot.map { [$0] } ?? [])
            }
        }

        /// The same names and category, and each position of one within 1e-7° of one of the
        /// other's (a Shapefile turns rings round, a FlatGeobuf reorders nothing but may).
        func matches(_ other: Seen) -> Bool {
            guard name == other.name, names == other.names, category == other.category else { return false }
            func near(_ a: Coordinate, _ b: Coordinate) -> Bool { abs(a.lat - b.lat) <= 1e-7 && abs(a.lon - b.lon) <= 1e-7 }
            return positions.allSatisfy { p in other.positions.contains { near(p, $0) } }
                && other.positions.allSatisfy { p in positions.contains { near(p, $0) } }
        }
    }

    /// The records of `files`, by kind, source and id ("poi osm node/55211772").
    static func records(_ files: [String]) throws -> [String: Seen] {
        var result: [String: Seen] = [:]
        for file in try FileImport.parse(paths: files, vectors: VectorFileImport()) {
            #expect(file.problems.isEmpty, "\(file.file): \(file.problems.prefix(3))")
            for record in file.records {
                let key = "\(record.value.kind.rawValue) \(record.value.source ?? "-") \(Self.sourceID(record.value) ?? "-")"
                // The demo's places hold its cinemas too: one record, as an import stores it.
                result[key] = Seen(record.value)
            }
        }
        return result
    }

    static func sourceID(_ record: ImportRecord) -> String? {
        switch record {
        case let .place(p): p.sourceID
        case let .cinema(c): c.sourceID
        case let .water(w): w.sourceID
        case let .trip(t): t.sourceID
        }
    }

    /// ogr2ogr's copy of each demo file (or all in one file, `together`) in `format`.
    static func written(_ format: String, _ ext: String, in fixture: BaseFixture, together: Bool = false,
                        files: [String] = demo, options: [String] = []) async throws -> [String] {
        var paths: [String] = []
        for (i, source) in files.enumerated() {
            let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            let path = fixture.path(together ? "demo.\(ext)" : "\(name).\(ext)")
            _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", format] + (together && i > 0 ? ["-update"] : []) + options + [path, source])
            if !together || i == 0 { paths.append(path) }
        }
        return paths
    }

    /// The GeoPackage holds the three files as three tables, of which two hold the cinemas. The
    /// Shapefile is written in UTF-8: by default ogr2ogr writes ISO-8859-1, losing "Phở Việt".
    @Test(arguments: [
        ("ESRI Shapefile", "shp", false, ["-lco", "ENCODING=UTF-8"]), ("GPKG", "gpkg", true, []), ("FlatGeobuf", "fgb", false, []),
        ("GeoJSONSeq", "geojsonl", false, []), ("LIBKML", "kml", false, []), ("LIBKML", "kmz", false, []),
    ])
    func sameRecordsAsTheGeoJSON(format: String, ext: String, together: Bool, options: [String]) async throws {
        let fixture = try BaseFixture()
        let expected = try Self.records(Self.demo)
        try #require(expected.count == 741 + 4 + 13)
        let actual = try Self.records(try await Self.written(format, ext, in: fixture, together: together, options: options))
        #expect(Set(actual.keys) == Set(expected.keys), "\(format): \(Set(expected.keys).symmetricDifference(actual.keys).sorted().prefix(5))")
        let differing = expected.filter { key, seen in actual[key].map { !seen.matches($0) } ?? false }
        #expect(differing.isEmpty, "\(format): \(differing.prefix(3).map { "\($0.key): \($0.value) ≠ \(actual[$0.key]!)" })")
    }

    /// CSV (points as X and Y columns, as ogr2ogr writes them) is Waymark's own reader's: the same records.
    @Test func csvFromOgr2ogr() async throws {
        let fixture = try BaseFixture()
        let points = Array(Self.demo.prefix(2))
        let expected = try Self.records(points)
        let actual = try Self.records(try await Self.written("CSV", "csv", in: fixture, files: points, options: ["-lco", "GEOMETRY=AS_XY"]))
        #expect(Set(actual.keys) == Set(expected.keys))
        #expect(expected.allSatisfy { key, seen in actual[key].map(seen.matches) ?? false })
    }

    /// A Shapefile in ETRS-TM35FIN (EPSG:3067) and a GeoPackage in Web Mercator (EPSG:3857):
    /// each place lands where cs2cs puts the file's own coordinates, to 1e-7°.
    @Test(arguments: [("ESRI Shapefile", "shp", "EPSG:3067"), ("GPKG", "gpkg", "EPSG:3857")])
    func reprojected(format: String, ext: String, crs: String) async throws {
        let fixture = try BaseFixture()
        let path = try #require(try await Self.written(format, ext, in: fixture, files: [Self.demo[0]], options: ["-t_srs", crs]).first)
        // The file's coordinates as GDAL writes them out, and cs2cs's WGS84 for them (latitude first).
        let table = try await ChildProcess.output(of: "ogr2ogr", ["-f", "CSV", "/vsistdout/", path, "-lco", "GEOMETRY=AS_XY", "-select", "osm_type,osm_id"])
        let rows = table.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { $0.filter { $0 != "\"" } } }
        let projected = rows.map { "\($0[0]) \($0[1])" }.joined(separator: "\n") + "\n"
        let geographic = try await ChildProcess.output(of: "cs2cs", ["-f", "%.12f", crs, "EPSG:4326"], input: Data(projected.utf8))
        var oracle: [String: Coordinate] = [:]
        for (row, line) in zip(rows, geographic.split(separator: "\n")) {
            let numbers = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
            oracle["osm \(row[2])/\(row[3])"] = Coordinate(lat: numbers[0], lon: numbers[1])
        }
        try #require(oracle.count == 745)
        // By source and id: four of the places are cinemas.
        let actual = Dictionary(uniqueKeysWithValues: try Self.records([path]).map { (String($0.key.drop { $0 != " " }.dropFirst()), $0.value) })
        #expect(Set(actual.keys) == Set(oracle.keys))
        let off = oracle.filter { key, c in
            guard let p = actual[key]?.positions.first else { return true }
            return abs(p.lat - c.lat) > 1e-7 || abs(p.lon - c.lon) > 1e-7
        }
        #expect(off.isEmpty, "\(crs): \(off.prefix(3).map { "\($0.key): cs2cs \($0.value), imported \(actual[$0.key]?.positions.first.map { "\($0)" } ?? "none")" })")
    }

    /// A GeoPackage's table without geometry is left out with a note; the others are read.
    @Test func attributeTableNoted() async throws {
        let fixture = try BaseFixture()
        let path = try #require(try await Self.written("GPKG", "gpkg", in: fixture, files: [Self.demo[1]]).first)
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GPKG", "-update", "-nln", "prices", "-nlt", "NONE", path, Self.demo[1]])
        let parsed = try #require(try FileImport.parse(paths: [path], vectors: VectorFileImport()).first)
        #expect(parsed.records.count == 4)
        #expect(parsed.notes == ["layer 'prices': left out: it has no geometry column (a table of attributes only)"])
    }

    /// A layer may not give one id twice: the repeat is refused naming the layer's feature that
    /// gave it first (its FID), and the others are taken; another layer may give it again.
    @Test func idGivenTwiceInALayer() async throws {
        let fixture = try BaseFixture()
        func layer(_ name: String, ids: [String]) throws -> String {
            let features = ids.map { #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9, 60.2]}, "properties": {"name": "P", "id": "\#($0)"}}"# }
            let path = fixture.path("\(name).geojson")
            try Data((#"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}").utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let path = fixture.path("ids.gpkg")
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GPKG", "-nln", "a", path, try layer("a", ids: ["w", "x", "y", "x", "y"])])
        _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GPKG", "-update", "-nln", "b", path, try layer("b", ids: ["x"])])
        // ogr2ogr numbers a new table's features from 1; without the first, a FID is not a position.
        _ = try await ChildProcess.output(of: "ogrinfo", [path, "-sql", "DELETE FROM a WHERE fid = 1"])
        let parsed = try #require(try FileImport.parse(paths: [path], vectors: VectorFileImport()).first)
        #expect(parsed.records.map(\.record) == ["layer 'a', feature 2", "layer 'a', feature 3", "layer 'b', feature 1"])
        let hint = "; the id identifies a feature when the file is imported again"
        #expect(parsed.problems.map { "\($0.record): \($0.reason)" } == [
            "layer 'a', feature 4: id: 'x' is also the id of layer 'a', feature 2" + hint,
            "layer 'a', feature 5: id: 'y' is also the id of layer 'a', feature 3" + hint,
        ])
    }
}
