import Foundation
import GeoCore
@testable import GeoStore
import Testing

// Time zones from polygons, on both stores: the zone of a point. Expected answers are known ones (where a city is, the
// offset of a zone at a date), or worked out from timezonefinder (scripts/timezone-oracle.py).

/// The world's zone polygons of Data/, read once.
let worldZones: ZoneFile = {
    let path = DefaultDataset.dataDirectory()!.appendingPathComponent("timezones/tz_world_simpl001.geojson").path
    return try! ZoneFileParser.parse(path: path)
}()

/// A store of `kind` holding the world's zones.
private func storeWithZones(_ kind: StoreKind) throws -> (TemporaryStore, any TestedStore) {
    let database = TemporaryStore(kind)
    let store = try database.open()
    _ = try store.importZones(worldZones)
    return (database, store)
}

@Suite struct TimeZoneTests {
    static let prague = Coordinate(lat: 50.0755, lon: 14.4378)
    /// In the Gulf of Riga, outside every land zone's polygon (timezonefinder: Etc/GMT-2), about
    /// 9.2 km from Riga's polygon and 32 km from Tallinn's (measured on a local projection).
    static let gulfOfRiga = Coordinate(lat: 57.35, lon: 23.7)
    static let midPacific = Coordinate(lat: 0, lon: -150)

    @Test func theZoneFileIsReadWithoutItsOceanZones() {
        // timezonefinder-data's world: 444 features, 25 of them Etc/GMT±N ocean strips and one
        // (Europe/Vatican) without a geometry (counted in Python); Etc/UTC is a part of Antarctica.
        #expect(worldZones.problems.isEmpty)
        #expect(worldZones.oceanFeatures == 25 && worldZones.featuresWithoutGeometry == 1)
        #expect(Set(worldZones.polygons.map(\.zone)).count == 444 - 25 - 1)
        #expect(!worldZones.polygons.contains { $0.zone.hasPrefix("Etc/GMT") })
    }

    @Test func nauticalZonesHaveThePOSIXSign() throws {
        let cases: [(Double, String, Int)] = [
            (0, "Etc/GMT", 0), (7.4, "Etc/GMT", 0), (7.6, "Etc/GMT-1", 1), (-7.6, "Etc/GMT+1", -1), (30, "Etc/GMT-2", 2),
            (-150, "Etc/GMT+10", -10), (172.4, "Etc/GMT-11", 11), (172.6, "Etc/GMT-12", 12), (180, "Etc/GMT-12", 12),
            (-180, "Etc/GMT+12", -12),
        ]
        for (lon, zone, hours) in cases {
            #expect(ZoneAnswer.nautical(longitude: lon) == zone, "\(lon)")
            // The system's own zone of that name is `hours` east of UTC.
            #expect(try #require(TimeZone(identifier: zone)).secondsFromGMT() == hours * 3600, "\(zone)")
        }
    }

    @Test(arguments: StoreKind.available)
    func aPointOnLandAtSeaAndMidOcean(_ kind: StoreKind) throws {
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        #expect(try store.timezone(at: Self.prague) == ZoneAnswer(zone: "Europe/Prague", method: .contains))
        let gulf = try #require(try store.timezone(at: Self.gulfOfRiga))
        #expect(gulf.zone == "Europe/Riga" && gulf.method == .territorialWaters)
        #expect((8_700...9_700).contains(gulf.distance ?? 0), "\(gulf)")
        #expect(try store.timezone(at: Self.midPacific) == ZoneAnswer(zone: "Etc/GMT+10", method: .longitude))
        #expect(try store.timezone(at: Coordinate(lat: -30, lon: 80)) == ZoneAnswer(zone: "Etc/GMT-5", method: .longitude))
        // Across the antimeridian from Fiji's zone: a point on 180° itself finds the polygons on both sides.
        #expect(try store.timezone(at: Coordinate(lat: -16.8, lon: 179.99))?.zone == "Pacific/Fiji")
        // The offset now: Riga is two or three hours east of UTC, the Pacific point ten hours west.
        let now = Date()
        #expect([7_200, 10_800].contains(gulf.utcOffset(at: now)))
        #expect(ZoneAnswer(zone: "Etc/GMT+10", method: .longitude).utcOffset(at: now) == -36_000)
    }

    @Test(arguments: StoreKind.available)
    func aPointOutsideTheWorldIsRefusedNamingTheField(_ kind: StoreKind) throws {
        let (database, store) = try storeWithZones(kind)
        defer { withExtendedLifetime(database) {} }
        for (point, field) in [(Coordinate(lat: 91, lon: 0), "lat"), (Coordinate(lat: 0, lon: -180.5), "lon"),
                               (Coordinate(lat: .nan, lon: 0), "lat")] {
            #expect { try store.timezone(at: point) } throws: { ($0 as? GeoError)?.field == field }
        }
    }

    /// Three overlapping zones drawn by hand: the smallest polygon that holds a point decides,
    /// whatever their order in the file.
    @Test(arguments: StoreKind.available, [false, true])
    func theSmallestOfOverlappingPolygonsHoldsThePoint(_ kind: StoreKind, reversed: Bool) throws {
        func square(_ zone: String, _ west: Double, _ south: Double, _ size: Double) -> String {
            let ring = [[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]
            return #"{"type": "Feature", "properties": {"tzid": "\#(zone)"}, "geometry": {"type": "Polygon", "coordinates": [\#(ring)]}}"#
        }
        var features = [square("Europe/Berlin", 8, 47, 2), square("Europe/Zurich", 7.5, 46.5, 1.5), square("Europe/Busingen", 8.6, 47.6, 0.2)]
        if reversed { features.reverse() }
        let file = try ZoneFileParser.parse(Data(#"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#.utf8), file: "squares")
        let database = TemporaryStore(kind)
        let store = try database.open()
        #expect(try store.importZones(file).polygons == 3)
        let cases: [(Double, Double, String)] = [(47.7, 8.7, "Europe/Busingen"), (47.9, 8.7, "Europe/Zurich"), (48.5, 9.5, "Europe/Berlin"),
                                                 (46.7, 7.7, "Europe/Zurich")]
        for (lat, lon, zone) in cases {
            #expect(try store.timezone(at: Coordinate(lat: lat, lon: lon)) == ZoneAnswer(zone: zone, method: .contains), "\(lat),\(lon)")
        }
        // Importing zones again replaces them.
        let again = try store.importZones(file)
        #expect(try again.replaced == 3 && store.count("time_zone") == 3)
    }
}
