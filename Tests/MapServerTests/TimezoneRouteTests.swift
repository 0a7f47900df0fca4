import Foundation
import GeoCore
import GeoStore
import SpatiaLiteStore
import Testing

/// `/v1/timezone` over a real socket, on a database with one hand-drawn zone.
@Suite struct TimezoneRouteTests {
    /// Europe/Riga as a box, 20–28° E, 55–58° N.
    static let database: String = {
        let path = try! temporaryDatabase([])
        let zones = try! ZoneFileParser.parse(Data(#"""
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"tzid": "Europe/Riga"},
             "geometry": {"type": "Polygon", "coordinates": [[[20, 55], [28, 55], [28, 58], [20, 58], [20, 55]]]}}]}
            """#.utf8), file: "riga.geojson")
        _ = try! SpatiaLiteStore(path: path).importZones(zones)
        return path
    }()

    @Test func answersTheZoneItsOffsetAndHowItWasFound() async throws {
        try await withServer(database: Self.database) { client in
            let inside = try await client.json("/v1/timezone?lat=57&lon=24")
            #expect(inside["zone"] as? String == "Europe/Riga" && inside["found_by"] as? String == "contains")
            #expect(inside["lat"] as? Double == 57 && inside["lon"] as? Double == 24 && inside["distance_m"] == nil)
            // Two or three hours east of UTC, whenever the test runs.
            #expect(["+02:00", "+03:00"].contains(inside["utc_offset"] as? String ?? ""), "\(inside)")
            #expect([7_200, 10_800].contains(inside["utc_offset_seconds"] as? Int ?? 0))

            // 0.01° of longitude east of the box's eastern edge, a meridian: N·cos φ·0.01° = 607.7 m away
            // (the geodesic to the meridian is a little shorter than the parallel), within the
            // polygons' precision; 0.1° (6 077 m) is past it: the nautical zone of 28.1° E, UTC+2.
            let offshore = try await client.json("/v1/timezone?lat=57&lon=28.01")
            #expect(offshore["zone"] as? String == "Europe/Riga" && offshore["found_by"] as? String == "territorial_waters")
            #expect(abs((offshore["distance_m"] as? Double ?? 0) - 607.7) < 3, "\(offshore)")
            let beyond = try await client.json("/v1/timezone?lat=57&lon=28.1")
            #expect(beyond["zone"] as? String == "Etc/GMT-2" && beyond["found_by"] as? String == "longitude", "\(beyond)")

            let ocean = try await client.json("/v1/timezone?lat=0&lon=-150")
            #expect(ocean["zone"] as? String == "Etc/GMT+10" && ocean["found_by"] as? String == "longitude")
            #expect(ocean["utc_offset"] as? String == "-10:00" && ocean["utc_offset_seconds"] as? Int == -36_000)
        }
    }

    /// The server holds the zones in memory: zones imported by another process while it runs are
    /// the ones it answers from once it has seen the new data version (it looks once a second).
    @Test func zonesImportedWhileServingAreAnswered() async throws {
        let path = try temporaryDatabase([])
        let riga = #"{"type": "Feature", "properties": {"tzid": "Europe/Riga"}, "geometry": {"type": "Polygon", "coordinates": [[[20, 55], [28, 55], [28, 58], [20, 58], [20, 55]]]}}"#
        let tallinn = riga.replacingOccurrences(of: "Europe/Riga", with: "Europe/Tallinn")
        let files = try [riga, tallinn].map { feature in
            try ZoneFileParser.parse(Data(#"{"type": "FeatureCollection", "features": [\#(feature)]}"#.utf8), file: "zones.geojson")
        }
        _ = try SpatiaLiteStore(path: path).importZones(files[0])
        try await withServer(database: path) { client in
            #expect(try await client.json("/v1/timezone?lat=57&lon=24")["zone"] as? String == "Europe/Riga")
            _ = try SpatiaLiteStore(path: path).importZones(files[1])
            // Counted, not timed: however slowly a loaded machine lets the server look, it must come.
            var zone: String?
            for _ in 0..<600 where zone != "Europe/Tallinn" {
                try await Task.sleep(for: .milliseconds(100))
                zone = try await client.json("/v1/timezone?lat=57&lon=24")["zone"] as? String
            }
            #expect(zone == "Europe/Tallinn")
        }
    }

    /// `at`: the offset at a chosen time, whatever the day the test runs. Riga keeps UTC+2 in
    /// winter and UTC+3 in summer (EU rules: the last Sundays of March and October, 01:00 UTC).
    @Test func answersTheOffsetAtAChosenTime() async throws {
        try await withServer(database: Self.database) { client in
            for (at, offset, instant) in [("2026-12-24T18:00:00Z", "+02:00", "2026-12-24T18:00:00Z"),
                                          ("2026-07-01T09:00", "+03:00", "2026-07-01T06:00:00Z"), // on Riga's clock
                                          ("2026-07-01T09:00-04:00", "+03:00", "2026-07-01T13:00:00Z"),
                                          ("2026-03-29T00:59:59Z", "+02:00", "2026-03-29T00:59:59Z"),
                                          ("2026-03-29T01:00:00Z", "+03:00", "2026-03-29T01:00:00Z"),
                                          ("2026-01-15", "+02:00", "2026-01-15T10:00:00Z"), // a day: its noon at the point
                                          // 03:00 became 04:00 on 29 March: 03:30, which clocks skipped, is read after the change;
                                          // 04:00 became 03:00 on 25 October: 03:30, shown twice, is the first.
                                          ("2026-03-29T03:30", "+03:00", "2026-03-29T01:30:00Z"),
                                          ("2026-10-25T03:30", "+03:00", "2026-10-25T00:30:00Z")] {
                let answer = try await client.json("/v1/timezone?lat=57&lon=24&at=\(at.replacingOccurrences(of: "+", with: "%2B"))")
                #expect(answer["utc_offset"] as? String == offset && answer["at"] as? String == instant, "\(at): \(answer)")
            }
            // Its name then, daylight saving time, and when the clocks change next (EU rules).
            let summer = try await client.json("/v1/timezone?lat=57&lon=24&at=2026-07-01")
            #expect(summer["abbreviation"] as? String == "EEST" && summer["dst"] as? Bool == true
                    && summer["next_transition"] as? String == "2026-10-25T01:00:00Z", "\(summer)")
            let winter = try await client.json("/v1/timezone?lat=57&lon=24&at=2026-12-24")
            #expect(winter["abbreviation"] as? String == "EET" && winter["dst"] as? Bool == false
                    && winter["next_transition"] as? String == "2027-03-28T01:00:00Z", "\(winter)")
            let error = try #require(try await client.json("/v1/timezone?lat=57&lon=24&at=next%20week", status: .badRequest)["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid_parameter" && error["parameter"] as? String == "at", "\(error)")
        }
    }

    @Test func refusesABadPointNamingTheParameter() async throws {
        try await withServer(database: Self.database) { client in
            for (query, parameter) in [("lat=91&lon=0", "lat"), ("lat=0&lon=181", "lon"), ("lat=0", "lon"), ("lat=x&lon=0", "lat"),
                                       ("lat=0&lon=0&limit=3", "limit")] {
                let error = try #require(try await client.json("/v1/timezone?\(query)", status: .badRequest)["error"] as? [String: Any])
                #expect(error["code"] as? String == "invalid_parameter" && error["parameter"] as? String == parameter, "\(query): \(error)")
            }
        }
    }

    @Test func aDatabaseWithoutZonesAnswersNotFound() async throws {
        try await withServer { client in
            let error = try #require(try await client.json("/v1/timezone?lat=57&lon=24", status: .notFound)["error"] as? [String: Any])
            #expect(error["code"] as? String == "not_found" && (error["message"] as? String ?? "").contains("time zone polygons"))
        }
    }
}
