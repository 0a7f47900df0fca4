import Foundation
import GeoCore
import HummingbirdTesting
import NIOCore
import Testing
import TestSupport
@testable import GeoStore
@testable import MapServer
@testable import SpatiaLiteStore

/// The field's own clients read /ogc from a live server, as their users run them: GDAL's OAPIF
/// driver (`ogrinfo`, `ogr2ogr`; Debian's gdal-bin) and OWSLib (PyPI, in the venv
/// scripts/ogc-clients.sh makes). What they read is compared with the store's own count and with
/// the fixture's records (brute force), coordinates exactly.
@Suite struct OGCClientTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let places = Dictionary(uniqueKeysWithValues: Fixture.shared.places.map { ($0.name, $0.location!) })

    /// The store's own count of a kind's records.
    static func stored(_ kind: FeatureKind) throws -> Int {
        try SpatiaLiteStore(path: Fixture.shared.path, readOnly: true).categories().filter { $0.kind == kind }.map(\.count).reduce(0, +)
    }

    @Test func gdalListsTheCollectionsWithTheirCountsAndExtents() async throws {
        try await withServer { client in
            let port = try #require(client.port), stored = try Self.stored(.poi)
            let output = try await ChildProcess.output(of: "ogrinfo", ["-ro", "-al", "-so", "OAPIF:http://127.0.0.1:\(port)/ogc"])
            // One block per layer: "Layer name: poi", …, "Feature Count: 2800", "Extent: (x, y) - (x, y)".
            var layers: [String: (count: Int?, extent: [Double])] = [:], layer = ""
            for line in output.split(separator: "\n") {
                if line.hasPrefix("Layer name: ") { layer = String(line.dropFirst("Layer name: ".count)); layers[layer] = (nil, []) }
                if line.hasPrefix("Feature Count: ") { layers[layer]?.count = Int(line.dropFirst("Feature Count: ".count)) }
                if line.hasPrefix("Extent: ") {
                    layers[layer]?.extent = line.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
                }
            }
            #expect(Set(layers.keys) == ["poi", "water", "cinema", "trip"], "\(output)")
            #expect(layers["poi"]?.count == Fixture.shared.places.count && layers["poi"]?.count == stored)
            #expect(layers["water"]?.count == Fixture.shared.waters.count && layers["cinema"]?.count == Fixture.shared.cinemas.count)
            #expect(layers["trip"]?.count == 0)
            let c = Self.places.values
            let brute = [c.map(\.lon).min()!, c.map(\.lat).min()!, c.map(\.lon).max()!, c.map(\.lat).max()!]
            let extent = try #require(layers["poi"]?.extent, "\(output)")
            // ogrinfo prints six decimals.
            #expect(extent.count == 4 && zip(extent, brute).allSatisfy { abs($0 - $1) < 1e-5 }, "\(extent) against \(brute)")
        }
    }

    /// ogr2ogr copies every POI over several pages (300 a page: ten requests) into a GeoJSON file.
    @Test func gdalCopiesEveryItemOverPagesWithTheirCoordinates() async throws {
        try await withServer { client in
            let port = try #require(client.port), stored = try Self.stored(.poi)
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-ogr-\(UUID().uuidString).geojson")
            defer { try? FileManager.default.removeItem(at: out) }
            _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GeoJSON", out.path, "OAPIF:http://127.0.0.1:\(port)/ogc", "poi", "-oo", "PAGE_SIZE=300"])
            // Its requests, as the server counted them: pages of items, and no error.
            let (answered, failed) = try await Self.requests(client, .items)
            #expect(answered >= 10 && failed == 0, "\(answered) pages, \(failed) errors")
            let copied = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])["features"] as! [[String: Any]]
            #expect(copied.count == Fixture.shared.places.count && copied.count == stored)
            var names = Set<String>()
            for f in copied {
                let name = (f["properties"] as! [String: Any])["name"] as! String
                let c = (f["geometry"] as! [String: Any])["coordinates"] as! [Double]
                let expected = try #require(Self.places[name], "\(name) is no fixture place")
                #expect(names.insert(name).inserted, "\(name) twice")
                // GDAL writes 15 significant digits: within the store's own precision still.
                #expect(abs(c[0] - expected.lon) < OGCFeaturesTests.stored && abs(c[1] - expected.lat) < OGCFeaturesTests.stored, "\(name): \(c) against \(expected)")
            }
        }
    }

    /// A where clause on a property that the API document lists as a query parameter is sent to the
    /// server (GDAL turns `category = 'eat'` into `category=eat`), and `id = '…'` reads items/{featureId}.
    @Test func gdalFiltersOnTheServerAndReadsAnItemByItsId() async throws {
        let eat = Fixture.shared.places.filter { $0.category == "eat" }
        try await withServer { client in
            let port = try #require(client.port), url = "OAPIF:http://127.0.0.1:\(port)/ogc"
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-ogr-\(UUID().uuidString).geojson")
            defer { try? FileManager.default.removeItem(at: out) }
            _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GeoJSON", out.path, url, "poi", "-oo", "PAGE_SIZE=100", "-where", "category = 'eat'"])
            let copied = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])["features"] as! [[String: Any]]
            let properties = copied.map { $0["properties"] as! [String: Any] }
            #expect(Set(properties.map { $0["name"] as! String }) == Set(eat.map(\.name)) && copied.count == eat.count)
            // Every POI would take 28 pages of 100; the server's filter leaves eat's, and GDAL's first look at the layer.
            let (pages, failed) = try await Self.requests(client, .items)
            #expect(pages <= (eat.count + 99) / 100 + 2 && failed == 0, "\(pages) pages for \(eat.count) features, \(failed) errors")

            let chosen = try #require(properties.first { $0["name"] as? String == eat[eat.count / 2].name })
            let id = try #require(chosen["id"] as? String, "\(chosen)")
            let output = try await ChildProcess.output(of: "ogrinfo", ["-ro", "-al", "-q", "-where", "id = '\(id)'", url, "poi"])
            #expect(output.contains("name (String) = \(eat[eat.count / 2].name)\n"), "\(output)")
            let (items, itemFailures) = try await Self.requests(client, .item)
            #expect(items == 1 && itemFailures == 0)
        }
    }

    /// The requests of `route` the server answered with 200, and with anything else, by its own count (/metrics).
    static func requests(_ client: any TestClientProtocol, _ route: OGCRoute) async throws -> (answered: Int, failed: Int) {
        let lines = String(buffer: try await client.get("/metrics").body).split(separator: "\n")
            .filter { $0.hasPrefix("waymark_http_requests_total{route=\"\(route.rawValue)\"") }
        func count(_ line: Substring) -> Int { Int(line.split(separator: " ").last!)! }
        return (lines.filter { $0.contains("status=\"200\"") }.map(count).reduce(0, +),
                lines.filter { !$0.contains("status=\"200\"") }.map(count).reduce(0, +))
    }

    @Test func owslibReadsTheCollectionsPagesItemsAndABox() async throws {
        let python = Self.root.appendingPathComponent(".build/ogc-clients-venv/bin/python")
        try #require(FileManager.default.isExecutableFile(atPath: python.path), "no OWSLib venv: run scripts/install-deps.sh (scripts/ogc-clients.sh)")
        let box = try BoundingBox(parsing: "24.93,60.16,24.96,60.18")
        try await withServer { client in
            let port = try #require(client.port), stored = try Self.stored(.poi)
            // CQL2 filters (GDAL 3.6 sends none: it knows only the drafts' cql-text) and a datetime, which OWSLib passes through.
            let filters = OGCFilterTests.cases.prefix(6).map(\.filter) + [OGCFilterTests.cases[11].filter]
            let asked = String(data: try JSONSerialization.data(withJSONObject: ["filters": filters, "datetime": "2012-05-08T14:00:00Z/2012-05-08T19:00:00Z"]), encoding: .utf8)!
            let run = try await ChildProcess.run(python, [Self.root.appendingPathComponent("Tests/OGCClients/owslib_read.py").path,
                                                          "http://127.0.0.1:\(port)/ogc", "500", "24.93,60.16,24.96,60.18", asked])
            try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "OWSLib failed: \(run.stderr)")
            let read = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(read["openapi"] as? String == "3.0.3")
            #expect((read["conformance"] as! [String]).contains("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core"))
            #expect(read["collections"] as? [String] == ["poi", "water", "cinema", "trip"])
            #expect(read["queryables"] as? [String] == ["category", "geometry", "name", "source"])
            #expect(read["pages"] as? Int == 6)
            let features = read["features"] as! [[Any]]
            #expect(features.count == Fixture.shared.places.count && features.count == stored)
            #expect(Set(features.map { $0[0] as! String }).count == features.count, "ids are unique")
            for f in features {
                let expected = try #require(Self.places[f[1] as! String], "\(f) is no fixture place")
                #expect(abs(f[2] as! Double - expected.lon) < OGCFeaturesTests.stored && abs(f[3] as! Double - expected.lat) < OGCFeaturesTests.stored,
                        "\(f) against \(expected)")
            }
            // An item fetched by its id is the one listed under it.
            #expect((read["item"] as! [Any]).map { "\($0)" } == (read["asked"] as! [Any]).map { "\($0)" })
            let boxed = Set((read["boxed"] as! [[Any]]).map { $0[1] as! String })
            #expect(boxed == Fixture.shared.inBox(box, categories: OGCFeaturesTests.poiCategories) && !boxed.isEmpty)
            let filtered = try #require(read["filtered"] as? [String: [String]])
            for (filter, keeps) in OGCFilterTests.cases where filters.contains(filter) {
                let expected = Fixture.shared.places.filter(keeps).map(\.name)
                #expect(Set(filtered[filter] ?? []) == Set(expected) && filtered[filter]?.count == expected.count, "\(filter)")
            }
            // Brute force over the fixture's screenings.
            let (from, to) = (try Date("2012-05-08T14:00:00Z", strategy: .iso8601), try Date("2012-05-08T19:00:00Z", strategy: .iso8601))
            let showing = Fixture.shared.cinemas.filter { $0.screenings.contains { $0.start >= from && $0.start <= to } }.map(\.name)
            #expect(read["timed"] as? [String] == showing && !showing.isEmpty)
        }
    }
}
