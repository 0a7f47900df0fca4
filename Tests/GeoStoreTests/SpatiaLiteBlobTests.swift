import Foundation
import GeoCore
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore

@Suite struct SpatiaLiteBlobTests {
    /// Points read straight from SpatiaLite's BLOB agree with SpatiaLite's own ST_X and ST_Y.
    @Test func pointsReadFromTheBlobMatchSpatiaLite() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        _ = try store.importFiles([ParsedFile(file: "p", randomPlaces(500, seed: 8).map(ImportRecord.place))], skipInvalid: false)
        // The import writes point BLOBs itself: SpatiaLite must read them as valid WGS84 points.
        let statement = try store.db.prepare("SELECT geom, ST_X(geom), ST_Y(geom), GeometryType(geom), ST_SRID(geom), ST_IsValid(geom), MbrMinX(geom), MbrMaxY(geom) FROM poi")
        var n = 0
        while try statement.step() {
            let point = try #require(SpatiaLiteBlob.point(statement.blob(0)!))
            #expect(point.lon == statement.double(1) && point.lat == statement.double(2))
            #expect(statement.string(3) == "POINT" && statement.int(4) == 4326 && statement.int(5) == 1)
            #expect(statement.double(6) == point.lon && statement.double(7) == point.lat)
            n += 1
        }
        #expect(n == 500)
        // Not a point: nil, not a wrong coordinate.
        let line = try store.db.prepare("SELECT GeomFromText('LINESTRING(0 0, 1 1)', 4326)")
        _ = try line.step()
        #expect(SpatiaLiteBlob.point(line.blob(0)!) == nil)
    }

    /// Geometries of every class read straight from SpatiaLite's BLOB agree with SpatiaLite's own
    /// WKB of them (`AsBinary`); what the reader leaves to SpatiaLite is nil.
    @Test func geometriesReadFromTheBlobMatchSpatiaLite() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        let texts = [
            "POINT(24.9384 60.1699)",
            "LINESTRING(24.93 60.16, 24.94 60.17, -0.5 -1e-9, 180 -90)",
            "POLYGON((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 2 3, 3 3, 2 2), (5 5, 5 6, 6 6, 5 5))",
            "MULTIPOINT(1 2, 3.25 -4.5)",
            "MULTILINESTRING((1 1, 2 2), (3 3, 4 4, 5 5.125))",
            "MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)), ((10 10, 11 10, 11 11, 10 10), (10.2 10.1, 10.8 10.1, 10.8 10.7, 10.2 10.1)))",
        ] + (0..<50).map { i in
            // Lines of many points at coordinates that are not round in binary.
            "LINESTRING(" + (0..<(2 + i * 7)).map { k in "\(24 + Double(k) * 0.000_123_7 + Double(i) / 3) \(60 - Double(k * i) * 1e-7)" }.joined(separator: ", ") + ")"
        }
        for text in texts {
            let statement = try store.db.prepare("SELECT GeomFromText(?, 4326), AsBinary(GeomFromText(?, 4326))")
            try statement.bind([text, text])
            _ = try statement.step()
            let oracle = try WKB.decode(try #require(statement.blob(1)))
            #expect(SpatiaLiteBlob.geometry(try #require(statement.blob(0))) == oracle, "\(text)")
        }
        for text in ["POINT Z(1 2 3)", "LINESTRING M(1 2 3, 4 5 6)", "GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0, 1 1))"] {
            let statement = try store.db.prepare("SELECT GeomFromText(?, 4326)")
            try statement.bind([text])
            _ = try statement.step()
            #expect(SpatiaLiteBlob.geometry(try #require(statement.blob(0))) == nil, "\(text)")
        }
        let compressed = try store.db.prepare("SELECT CompressGeometry(GeomFromText('LINESTRING(0 0, 1 1, 2 2)', 4326))")
        _ = try compressed.step()
        #expect(SpatiaLiteBlob.geometry(try #require(compressed.blob(0))) == nil)
        // Cut short anywhere: nil, never a wrong geometry or a read beyond the BLOB.
        let line = try store.db.prepare("SELECT GeomFromText('MULTILINESTRING((1 1, 2 2), (3 3, 4 4))', 4326)")
        _ = try line.step()
        let bytes = Array(try #require(line.blob(0)))
        for cut in 0..<bytes.count - 1 {
            #expect(Array(bytes[..<cut] + [0xFE]).withUnsafeBytes(SpatiaLiteBlob.geometry) == nil, "cut at \(cut)")
        }
    }

    /// A read-only connection registers no SpatiaLite for a query: the waters' compressed
    /// geometries, which the BLOB reader leaves to SpatiaLite, come back as SpatiaLite's own WKB
    /// of them says, through its `AsBinary` on a connection of the reader's own.
    @Test func aReadOnlyStoreReadsWhatTheBlobReaderLeavesAsSpatiaLiteDoes() throws {
        let database = TemporaryDatabase()
        let writer = try SpatiaLiteStore(path: database.path)
        try importEveryKind(into: writer)
        try writer.db.execute("UPDATE water SET geom = CompressGeometry(geom); UPDATE trip SET track = CompressGeometry(track)")
        var oracle: [String: Geometry] = [:]
        let rows = try writer.db.prepare("SELECT name, geom, AsBinary(geom) FROM water UNION ALL SELECT name, track, AsBinary(track) FROM trip WHERE track IS NOT NULL")
        while try rows.step() {
            #expect(SpatiaLiteBlob.geometry(try #require(rows.blob(1))) == nil, "not compressed: the test would not reach SpatiaLite")
            oracle[try #require(rows.string(0))] = try WKB.decode(try #require(rows.blob(2)))
        }
        #expect(oracle.count == 3)
        let reader = try SpatiaLiteStore(path: database.path, readOnly: true)
        let page = try reader.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), limit: 100))
        for feature in page.features {
            switch feature.id.kind {
            case .water: #expect(feature.geometry == oracle[feature.name ?? ""], "\(feature.name ?? "")")
            case .trip where feature.track != nil: #expect(feature.track == oracle[feature.name ?? ""], "\(feature.name ?? "")")
            default: break
            }
        }
        #expect(page.features.filter { $0.id.kind == .water }.count == 2)
    }
}
