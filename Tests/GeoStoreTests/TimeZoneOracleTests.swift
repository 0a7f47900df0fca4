import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// Waymark's zone of 10 000 random points on land against timezonefinder's (PyPI), written by
/// scripts/timezone-oracle.py into Tests/Fixtures/timezone-oracle.csv. timezonefinder answers from
/// its full-resolution polygons and Waymark from the same polygons simplified to 0.01°, so the two
/// may differ only near a boundary: at least 99.5% must agree, and every point where they do not
/// must lie within 5 km of the boundary of one of the two zones.
@Suite struct TimeZoneOracleTests {
    struct Case { let point: Coordinate, zone: String }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/timezone-oracle.csv")
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: ",")
            return Case(point: Coordinate(lat: Double(fields[0])!, lon: Double(fields[1])!), zone: String(fields[2]))
        }
    }()

    /// Metres from `p` to the nearest edge of `zone`'s polygons, measured on an equirectangular
    /// projection centred on `p` (metres per degree of the WGS84 ellipsoid there), which errs by
    /// far less than the 5 km it is compared with at that range.
    static func boundaryDistance(from p: Coordinate, to zone: String, in polygons: [ZonePolygon]) -> Double {
        let phi = p.lat * .pi / 180
        let perLat = 111_132.954 - 559.822 * cos(2 * phi), perLon = 111_412.84 * cos(phi)
        func project(_ c: Coordinate) -> (x: Double, y: Double) {
            var dLon = c.lon - p.lon
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            return (dLon * perLon, (c.lat - p.lat) * perLat)
        }
        var best = Double.infinity
        for polygon in polygons where polygon.zone == zone {
            for ring in polygon.rings {
                for (a, b) in zip(ring, ring.dropFirst()) {
                    let (a, b) = (project(a), project(b))
                    let (dx, dy) = (b.x - a.x, b.y - a.y)
                    let length = dx * dx + dy * dy
                    let t = length == 0 ? 0 : max(0, min(1, -(a.x * dx + a.y * dy) / length))
                    best = min(best, hypot(a.x + t * dx, a.y + t * dy))
                }
            }
        }
        return best
    }

    @Test(arguments: StoreKind.available)
    func agreesWithTimezonefinder(_ kind: StoreKind) throws {
        #expect(Self.cases.count >= 10_000)
        let database = TemporaryStore(kind)
        let store = try database.open()
        _ = try store.importZones(worldZones)
        let index = try #require(try store.zoneIndex(around: Self.cases.map(\.point)))
        var disagreements: [(Case, ZoneAnswer)] = []
        for c in Self.cases {
            let answer = index.zone(at: c.point)
            if answer.zone != c.zone { disagreements.append((c, answer)) }
        }
        let agreement = 1 - Double(disagreements.count) / Double(Self.cases.count)
        print("time zones: \(Self.cases.count - disagreements.count) of \(Self.cases.count) points agree with timezonefinder "
              + "(\(String(format: "%.2f", agreement * 100))%) on \(kind)")
        #expect(agreement >= 0.995)
        for (c, answer) in disagreements {
            let distance = min(Self.boundaryDistance(from: c.point, to: c.zone, in: index.polygons),
                               Self.boundaryDistance(from: c.point, to: answer.zone, in: index.polygons))
            #expect(distance <= 5_000, "\(c.point): timezonefinder \(c.zone), Waymark \(answer.zone) (\(answer.method)), \(Int(distance)) m from a boundary")
        }
        // A lookup of one point at a time reads only the polygons near it, and answers the same.
        for c in Self.cases.prefix(200) { #expect(try store.timezone(at: c.point) == index.zone(at: c.point), "\(c.point)") }
    }
}
