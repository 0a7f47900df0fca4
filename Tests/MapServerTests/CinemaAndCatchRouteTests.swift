import Foundation
import GeoCore
import GeoStore
import HummingbirdTesting
import SpatiaLiteStore
import Testing
@testable import MapServer

/// `/v1/cinemas` with a radius, pages and plain JSON, and `/v1/stats/catches`, over a real socket
/// on databases made here; distances by PROJ's geodesic through GeoCore, the known answer by hand.
@Suite struct CinemaAndCatchRouteTests {
    /// Five cinemas on one meridian, 0.01° of latitude (about 1.1 km) apart, each with one screening on the day.
    static let cinemas: [CinemaRecord] = (0..<5).map { i in
        var cinema = CinemaRecord(name: "Kino \(i)", timezone: "Europe/Prague", location: Coordinate(lat: 49.70 + Double(i) * 0.01, lon: 13.37))
        cinema.source = "test"
        cinema.sourceID = "kino-\(i)"
        cinema.screenings = [Screening(title: "Film \(i)", start: UTC.parse("2012-05-08T16:00:00Z")!)]
        return cinema
    }

    @Test func cinemasWithinARadiusAPageAtATime() async throws {
        let path = try temporaryDatabase(Self.cinemas.map { .cinema($0) })
        let here = Coordinate(lat: 49.70, lon: 13.37)
        // Within 3.5 km: Kino 0 … 3 (Kino 3 at about 3.3 km, Kino 4 at about 4.4 km), by their geodesic distances.
        let oracle = Self.cinemas.filter { Geodesic.distance(here, $0.location!) <= 3_500 }.map(\.name)
        #expect(oracle == ["Kino 0", "Kino 1", "Kino 2", "Kino 3"])
        try await withServer(database: path) { client in
            var names: [String] = [], cursor: String?, pages = 0
            repeat {
                let page = try await client.json("/v1/cinemas?lat=\(here.lat)&lon=\(here.lon)&date=2012-05-08&radius=3500&limit=3"
                                                 + (cursor.map { "&cursor=" + $0 } ?? ""))
                names += (page["features"] as! [[String: Any]]).map { ($0["properties"] as! [String: Any])["name"] as! String }
                cursor = page["next"] as? String
                pages += 1
            } while cursor != nil
            #expect(names == oracle)
            #expect(pages == 2)

            let plain = try await client.json("/v1/cinemas?lat=\(here.lat)&lon=\(here.lon)&date=2012-05-08&limit=1&format=json")
            let first = try #require((plain["cinemas"] as? [[String: Any]])?.first)
            #expect(first["name"] as? String == "Kino 0" && first["lat"] as? Double == 49.70 && first["lon"] as? Double == 13.37)
            #expect((first["screenings"] as? [[String: Any]])?.first?["start"] as? String == "2012-05-08T18:00:00+02:00")
            #expect(plain["next"] is String)
        }
    }

    /// `source=` on the programmes: another file's cinema beside Kino 0 is listed only without it or when named.
    @Test func cinemasOfTheSourcesAsked() async throws {
        var other = Self.cinemas[0]
        (other.name, other.source, other.sourceID) = ("Kino jinde", "other.geojson", "kino-x")
        let path = try temporaryDatabase((Self.cinemas + [other]).map { .cinema($0) })
        try await withServer(database: path) { client in
            func names(_ query: String) async throws -> [String] {
                let page = try await client.json("/v1/cinemas?lat=49.70&lon=13.37&date=2012-05-08&limit=10" + query)
                return (page["features"] as! [[String: Any]]).map { ($0["properties"] as! [String: Any])["name"] as! String }
            }
            #expect(Set(try await names("")) == Set(Self.cinemas.map(\.name) + ["Kino jinde"]))
            #expect(try await names("&source=other.geojson") == ["Kino jinde"])
            #expect(try await names("&source=test") == Self.cinemas.map(\.name))
            #expect(try await names("&source=test,other.geojson").count == 6)
            let error = try #require(try await client.json("/v1/cinemas?lat=49.70&lon=13.37&source=,", status: .badRequest)["error"] as? [String: Any])
            #expect(error["parameter"] as? String == "source", "\(error)")
        }
    }

    @Test func catchStatisticsOverHTTP() async throws {
        var water = WaterRecord(name: "Valira", waterKind: "river", geometry: .lineString([Coordinate(lat: 42.47, lon: 1.52), Coordinate(lat: 42.47, lon: 1.53)]))
        (water.source, water.sourceID) = ("test", "valira")
        var trip = TripRecord(name: "Ráno")
        (trip.source, trip.sourceID, trip.timezone, trip.waterName) = ("test", "t1", "Europe/Andorra", "Valira")
        trip.spot = Coordinate(lat: 42.469, lon: 1.525)
        var trout = CatchRecord(species: "Pstruh obecný")
        trout.time = UTC.parse("2023-12-31T23:30:00Z")
        var small = CatchRecord(species: "pstruh obecný")
        small.weightKg = 0.4
        trip.catches = [trout, small]
        let path = try temporaryDatabase([.water(water), .trip(trip)])
        try await withServer(database: path) { client in
            let answer = try await client.json("/v1/stats/catches?by=water,species,year")
            let entries = try #require(answer["catches"] as? [[String: Any]])
            try #require(entries.count == 2, "\(entries)")
            // The second catch has no time: its trip has no start either, so it has no year.
            #expect(entries.map { $0["year"] as? String } == ["(no date)", "2024"])
            #expect(entries.allSatisfy { $0["species"] as? String == "Pstruh obecný" && $0["water"] as? String == "Valira" })
            #expect(entries[0]["weighed"] as? Int == 1 && entries[0]["total_weight_kg"] as? Double == 0.4)
            #expect(entries[1]["weighed"] as? Int == 0 && entries[1]["total_weight_kg"] is NSNull && entries[1]["unweighed"] as? Int == 1)
            // One trip, out from its first catch, on 1 January in Andorra: a day of 2024, none of "(no date)".
            #expect(entries.allSatisfy { $0["trips"] as? Int == 1 && $0["blank_trips"] as? Int == 0 })
            #expect(entries.map { $0["days_out"] as? Int } == [0, 1])
            let of2024 = try await client.json("/v1/stats/catches?by=water&year=2024&species=PSTRUH%20OBECN%C3%9D&water=valira")
            #expect((of2024["catches"] as? [[String: Any]])?.map { $0["count"] as? Int } == [1], "\(of2024)")
            let bad = try await client.json("/v1/stats/catches?year=MMXXIV", status: .badRequest)
            let error = bad["error"] as? [String: Any]
            #expect(error?["parameter"] as? String == "year" && (error?["message"] as? String)?.contains("'MMXXIV' is not a year") == true, "\(bad)")
        }
    }
}
