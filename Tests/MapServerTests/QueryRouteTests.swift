import Foundation
import GeoCore
import GeoStore
import HTTPTypes
import HummingbirdTesting
import SpatiaLiteStore
import Testing
@testable import MapServer

/// The query routes over a real socket, against brute force over the fixture's records.
@Suite struct QueryRouteTests {
    let fixture = Fixture.shared

    static let points = [Coordinate(lat: 90, lon: 0), Coordinate(lat: 0, lon: 180), Coordinate(lat: 1, lon: -179.99),
                         Coordinate(lat: -33.9, lon: 18.4), Fixture.helsinki, Coordinate(lat: 40.75, lon: -73.98)]

    @Test func nearestEqualsBruteForce() async throws {
        try await withServer { client in
            for (i, c) in Self.points.enumerated() {
                let filter: Set<String> = [[], ["eat"], ["see", "water"], ["water"], ["cinema", "stay"], []][i]
                let category = filter.isEmpty ? "" : "&category=" + filter.sorted().joined(separator: ",")
                let page = try await client.json("/v1/nearest?lat=\(c.lat)&lon=\(c.lon)&limit=12\(category)")
                #expect(page["type"] as? String == "FeatureCollection")
                let features = page["features"] as! [[String: Any]]
                let oracle = fixture.nearest(c, categories: filter).prefix(12)
                #expect(features.map { ($0["properties"] as! [String: Any])["name"] as! String } == oracle.map(\.name), "nearest \(c) \(filter)")
                for (f, o) in zip(features, oracle) {
                    #expect(abs(((f["properties"] as! [String: Any])["distance_m"] as! Double) - o.distance) < 0.001)
                }
                #expect(page["next"] is String, "more than 12 features exist")
            }
        }
    }

    @Test func nearestWithMaxDistanceFollowsCursorsToTheEnd() async throws {
        try await withServer { client in
            let c = Fixture.helsinki
            let collected = try await client.allPages("/v1/nearest?lat=\(c.lat)&lon=\(c.lon)&limit=7&max_distance=2500&category=eat,see")
            let oracle = fixture.nearest(c, categories: ["eat", "see"], within: 2500)
            #expect(collected.map(\.name) == oracle.map(\.name))
            #expect(!oracle.isEmpty)
        }
    }

    @Test func withinEqualsBruteForceAcrossPages() async throws {
        try await withServer { client in
            for c in Self.points {
                let collected = try await client.allPages("/v1/within?lat=\(c.lat)&lon=\(c.lon)&radius=900000&limit=9")
                let oracle = fixture.nearest(c, within: 900_000)
                #expect(collected.map(\.name) == oracle.map(\.name), "within 900 km of \(c)")
                #expect(collected.allSatisfy { $0.distance! <= 900_000 })
            }
        }
    }

    @Test func bboxEqualsBruteForceIncludingTheAntimeridian() async throws {
        try await withServer { client in
            for (box, filter) in [("170,-15,-170,15", Set<String>()), ("-20,30,40,70", ["stay", "water"]), ("24.9,60.15,24.98,60.19", ["eat"]),
                                  ("-180,85,180,90", [])] {
                let category = filter.isEmpty ? "" : "&category=" + filter.sorted().joined(separator: ",")
                let collected = try await client.allPages("/v1/bbox?bbox=\(box)&limit=25\(category)")
                let oracle = fixture.inBox(try BoundingBox(parsing: box), categories: filter)
                #expect(Set(collected.map(\.name)) == oracle, "bbox \(box) \(filter)")
                #expect(collected.count == oracle.count, "no feature twice")
                #expect(!oracle.isEmpty)
                // By id: kind first, then row.
                let ids = collected.map { id in (FeatureKindOrder[id.id.split(separator: "/")[0]]!, Int(id.id.split(separator: "/")[1])!) }
                #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
            }
        }
    }

    /// Percent escapes, '+' for a space, and spaces around values read as the plain text does (a
    /// tab is a control character: TextParameterTests).
    @Test func encodedParametersReadAsTheirPlainText() async throws {
        try await withServer { client in
            let plain = try await client.get("/v1/nearest?lat=60.17&lon=24.94&limit=5&category=eat,see")
            #expect(plain.status == .ok)
            for uri in ["/v1/nearest?lat=60%2E17&lon=24.94&limit=5&category=eat%2Csee", "/v1/nearest?lat=+60.17&lon=%2024.94+&limit=%205&category=+eat+,+see",
                        "/v1/nearest?%6Cat=60.17&lon=24.94&limit=5&category=EAT,see"] {
                let response = try await client.get(uri)
                #expect(response.status == .ok && response.body == plain.body, "\(uri): \(String(buffer: response.body))")
            }
        }
    }

    @Test func namesInTheAskedLanguage() async throws {
        try await withServer { client in
            let page = try await client.json("/v1/bbox?bbox=24.9,60.15,24.98,60.19&limit=3&lang=lv")
            let names = (page["features"] as! [[String: Any]]).map { ($0["properties"] as! [String: Any])["name"] as! String }
            #expect(names.count == 3 && names.allSatisfy { $0.hasPrefix("Helsinki ") })
        }
    }

    @Test func cinemasWithTheirScreeningsOfTheLocalDay() async throws {
        try await withServer { client in
            let c = Fixture.helsinki
            let page = try await client.json("/v1/cinemas?lat=\(c.lat)&lon=\(c.lon)&date=\(Fixture.day)")
            let features = page["features"] as! [[String: Any]]
            let properties = features.map { $0["properties"] as! [String: Any] }
            // Nearest first, and the cinema with nothing on that day left out.
            #expect(properties.map { $0["name"] as! String } == ["Kino Helsinki", "Cinema City Plzeň"])
            let plzen = fixture.cinemas[1]
            #expect(abs((properties[1]["distance_m"] as! Double) - Geodesic.distance(c, plzen.location!)) < 0.001)
            #expect(properties[0]["distance_m"] as? Double == 0)
            #expect((features[0]["geometry"] as! [String: Any])["coordinates"] as! [Double] == [c.lon, c.lat])
            let helsinki = properties[0]["screenings"] as! [[String: Any]]
            #expect(helsinki.map { $0["title"] as! String } == ["Kummeli", "Late show"])
            #expect(helsinki[0]["start"] as? String == "2012-05-08T00:15:00+03:00")
            #expect(helsinki[0]["rating"] as? String == "MP-12" && helsinki[0]["minutes"] as? Int == 90)

            let film = try await client.json("/v1/cinemas?lat=\(c.lat)&lon=\(c.lon)&date=\(Fixture.day)&film=mu%C5%BEi&limit=5")
            let found = (film["features"] as! [[String: Any]]).map { $0["properties"] as! [String: Any] }
            #expect(found.map { $0["name"] as! String } == ["Cinema City Plzeň"])
            #expect((found[0]["screenings"] as! [[String: Any]]).map { $0["title"] as! String } == ["Muži v naději"])
        }
    }

    /// Without `date`, each cinema's today in its own zone: cinemas in zones 25 hours apart
    /// (Kiritimati +14, Pago Pago −11) never share a today. Their screenings run every 70 minutes
    /// from 40 hours before now to 40 hours after; the oracle picks each cinema's by Foundation's
    /// Calendar in the cinema's TimeZone.
    @Test func cinemasWithoutADateShowEachCinemasOwnToday() async throws {
        let now = Date()
        func cinema(_ name: String, _ zone: String, _ lat: Double, _ lon: Double, hours: ClosedRange<Int> = -40...40) -> CinemaRecord {
            var record = CinemaRecord(name: name, timezone: zone, location: Coordinate(lat: lat, lon: lon))
            record.screenings = stride(from: hours.lowerBound * 60, through: hours.upperBound * 60, by: 70).map {
                Screening(title: "\(name) \($0)", start: now.addingTimeInterval(Double($0) * 60))
            }
            return record
        }
        let cinemas = [cinema("Kiritimati", "Pacific/Kiritimati", 1.87, -157.36), cinema("Pago Pago", "Pacific/Pago_Pago", -14.28, -170.70),
                       cinema("Kathmandu", "Asia/Kathmandu", 27.70, 85.32), cinema("St. John's", "America/St_Johns", 47.56, -52.71),
                       cinema("Helsinki", "Europe/Helsinki", 60.17, 24.94),
                       // Nothing today anywhere: its screenings start three days from now.
                       cinema("Later", "Europe/Helsinki", 60.2, 24.9, hours: 72...96)]
        let path = try temporaryDatabase(cinemas.map { .cinema($0) })
        let here = Coordinate(lat: 10, lon: -150)

        /// Each cinema's name and its titles of `instant`'s day, the cinemas that have any nearest first.
        @Sendable func oracle(at instant: Date) -> [(name: String, titles: [String])] {
            cinemas.map { cinema in
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: cinema.timezone!)!
                return (distance: Geodesic.distance(here, cinema.location!), name: cinema.name,
                        titles: cinema.screenings.filter { calendar.isDate($0.start, inSameDayAs: instant) }.map(\.title))
            }
            .filter { !$0.titles.isEmpty }.sorted { $0.distance < $1.distance }.map { ($0.name, $0.titles) }
        }
        try await withServer(database: path) { client in
            // Asked again if a midnight passed in one of the zones while the request ran.
            for _ in 0..<3 {
                let before = Date()
                let page = try await client.json("/v1/cinemas?lat=\(here.lat)&lon=\(here.lon)")
                let expected = oracle(at: before)
                guard expected.map(\.titles) == oracle(at: Date()).map(\.titles) else { continue }
                let properties = (page["features"] as! [[String: Any]]).map { $0["properties"] as! [String: Any] }
                let answer = properties.map { ($0["name"] as! String, ($0["screenings"] as! [[String: Any]]).map { $0["title"] as! String }) }
                #expect(answer.map(\.0) == expected.map(\.name))
                #expect(answer.map(\.1) == expected.map(\.titles))
                #expect(!answer.contains { $0.0 == "Later" } && answer.count == 5)
                // Each start is written on the cinema's own clock: its date is that cinema's today.
                for p in properties {
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = TimeZone(identifier: p["timezone"] as! String)!
                    let today = calendar.dateComponents([.year, .month, .day], from: before)
                    let date = String(format: "%04d-%02d-%02d", today.year!, today.month!, today.day!)
                    #expect((p["screenings"] as! [[String: Any]]).allSatisfy { ($0["start"] as! String).hasPrefix(date) }, "\(p["name"]!)")
                }
                return
            }
            Issue.record("a local midnight passed during each of three requests")
        }
    }

    @Test func categoriesCountTheFixture() async throws {
        try await withServer { client in
            let answer = try await client.json("/v1/categories")
            var counts: [String: Int] = [:]
            for row in answer["categories"] as! [[String: Any]] { counts[row["category"] as! String] = row["count"] as? Int }
            var expected = Dictionary(grouping: fixture.places, by: \.category).mapValues(\.count)
            expected["water"] = fixture.waters.count
            expected["cinema"] = fixture.cinemas.count
            #expect(counts == expected)
            // The page's check-boxes: the default style's label and colour (see Styles/default.json).
            let eat = try #require((answer["categories"] as! [[String: Any]]).first { $0["category"] as? String == "eat" })
            #expect(eat["label"] as? String == "Where to eat" && eat["color"] as? String == "#D9730D")
        }
    }

    @Test func healthMetricsOpenAPIAndPage() async throws {
        try await withServer { client in
            #expect(try await client.json("/healthz")["status"] as? String == "ok")
            _ = try await client.get("/v1/nearest?lat=1&lon=2")
            let metrics = try await client.get("/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = String(buffer: metrics.body)
            #expect(text.contains(#"waymark_http_requests_total{route="/v1/nearest",method="GET",status="200"} 1"#))
            #expect(text.contains("waymark_http_request_duration_seconds_bucket"))
            let openAPI = try await client.get("/openapi.json")
            #expect(Data(buffer: openAPI.body) == Data(PackageResources.openapi_json))
            let page = try await client.get("/")
            #expect(page.status == .ok && page.headers[.contentType] == "text/html; charset=utf-8")
            let html = String(buffer: page.body)
            #expect(html.contains(#"<script src="/maplibre/maplibre-gl.js">"#) && html.contains(#"<script src="/vector.js">"#)
                    && html.contains(#"<script src="/app.js">"#) && html.contains(#"href="/raster""#))
            let raster = String(buffer: try await client.get("/raster").body)
            #expect(raster.contains(#"<script src="/leaflet/leaflet.js">"#) && raster.contains(#"<script src="/raster.js">"#)
                    && raster.contains(#"<script src="/app.js">"#) && raster.contains(#"href="/""#))
            // No base layer unless configured; the credits each source asks for, for the data in view.
            let settings = try #require(html.firstMatch(of: #/<script id="settings" type="application/json">(.*)</script>/#)).1
            let object = try #require(try JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["credits"], "no base layer unless configured")
            #expect((object["credits"] as? [String: String])?["osm"] == "© OpenStreetMap contributors")
            // The pages' own files, Leaflet from Debian's libjs-leaflet and MapLibre GL JS from PyPI's maplibre wheel.
            for (path, type) in [("/app.js", "javascript"), ("/vector.js", "javascript"), ("/raster.js", "javascript"), ("/app.css", "css"),
                                 ("/leaflet/leaflet.js", "javascript"), ("/leaflet/leaflet.css", "css"),
                                 ("/maplibre/maplibre-gl.js", "javascript"), ("/maplibre/maplibre-gl.css", "css")] {
                let response = try await client.get(path)
                #expect(response.status == .ok && response.headers[.contentType]?.contains(type) == true && response.body.readableBytes > 500,
                        "\(path): \(response.status) \(response.headers[.contentType] ?? "")")
            }
            #expect(try await client.get("/leaflet/nothing.js").status == .notFound)
            #expect(try await client.get("/maplibre/nothing.js").status == .notFound)
            #expect(try await client.get("/?hide=eat,see").status == .ok)
            #expect(try await client.get("/?category=do&lang=lv").status == .ok)
        }
    }
}

let FeatureKindOrder: [Substring: Int] = ["poi": 0, "water": 1, "cinema": 2, "trip": 3]
