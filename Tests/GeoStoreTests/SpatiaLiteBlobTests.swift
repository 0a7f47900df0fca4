import Foundation
import GeoCore
import Testing
@testable import GeoStore

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
}
