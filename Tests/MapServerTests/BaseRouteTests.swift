import Foundation
import GeoCore
import GeoStore
import HTTPTypes
import HummingbirdTesting
import MapRender
import NIOCore
import PixelTesting
import SpatiaLiteStore
import Stores
import Testing
import TestSupport
@testable import MapServer

/// The base map over HTTP: base tiles, `base=` on maps, and the page that uses them. The oracle
/// is a lake's colour inside it, placed on the image by the Web Mercator formula written out
/// here, not by the renderer's projection.
@Suite struct BaseRouteTests {
    static let centre = Coordinate(lat: 60.17, lon: 24.94)
    static let (dLat, dLon) = (0.004, 0.008)
    /// Inside the lake, halfway from its centre (where its name is written) to its south-west corner.
    static let probe = Coordinate(lat: centre.lat - dLat / 2, lon: centre.lon - dLon / 2)

    /// A database with one café away from the lake and, as its base map, one lake around `centre`.
    static func database() throws -> String {
        let path = try temporaryDatabase([.place(PlaceRecord(category: "eat", name: "Kahvila", location: Coordinate(lat: 60.18, lon: 24.96)))])
        let ring = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1), (-1, -1)].map { Coordinate(lat: centre.lat + $0.1 * dLat, lon: centre.lon + $0.0 * dLon) }
        let lake = BaseFeature(layer: .water, kind: "lake", name: "Testijärvi", names: ["sv": "Testsjön"], geometry: .polygon([ring]))
        _ = try SpatiaLiteStore(path: path).importBase([BaseSource(name: "test.osm.pbf") { batch in try batch([lake]) }])
        return path
    }

    /// Where `c` falls in pixels on a Web Mercator world of 256·2^zoom pixels.
    static func worldPixel(_ c: Coordinate, zoom: Double) -> (x: Double, y: Double) {
        let size = 256 * pow(2, zoom), φ = c.lat * .pi / 180
        return ((c.lon + 180) / 360 * size, (1 - log(tan(φ) + 1 / cos(φ)) / .pi) / 2 * size)
    }

    static var water: RGBA { get throws { try #require(try MapStyle.named("default").base).water.fill } }

    @Test func aBaseTileShowsTheLakeWhereItLies() async throws {
        let zoom = 14, water = try Self.water
        let world = Self.worldPixel(Self.probe, zoom: Double(zoom))
        let (x, y) = (Int(world.x / 256), Int(world.y / 256))
        try await withServer(database: try Self.database()) { client in
            let response = try await client.execute(uri: "/v1/base/\(zoom)/\(x)/\(y).png", method: .get)
            #expect(response.status == .ok)
            let image = try Pixels(png: Data(buffer: response.body))
            let (px, py) = (Int(world.x) - x * 256, Int(world.y) - y * 256)
            #expect(image.near(px, py, water, tolerance: 0.04), "inside the lake at (\(px), \(py)) is not water")
            // The lake is 0.016° wide, about 190 px at zoom 14: 60 px west of the probe is land.
            #expect(px >= 60 && !image.near(px - 60, py, water, tolerance: 0.04), "west of the lake at (\(px - 60), \(py)) is water")
            let missing = try await client.execute(uri: "/v1/base/\(zoom)/\(x)/\(y).png?category=eat", method: .get)
            #expect(missing.status == .badRequest)
        }
    }

    /// The raster page's tiles (`base=1`): the annotations over the base, the lake where it lies,
    /// opaque; without it the same tile is transparent beside the marks; any other value is refused.
    @Test func anAnnotationTileOverTheBaseShowsTheLake() async throws {
        let zoom = 14, water = try Self.water
        let world = Self.worldPixel(Self.probe, zoom: Double(zoom))
        let (x, y) = (Int(world.x / 256), Int(world.y / 256))
        try await withServer(database: try Self.database()) { client in
            let over = try await client.get("/v1/tiles/\(zoom)/\(x)/\(y).png?base=1")
            #expect(over.status == .ok)
            let image = try Pixels(png: Data(buffer: over.body))
            #expect(image.near(Int(world.x) - x * 256, Int(world.y) - y * 256, water, tolerance: 0.04))
            #expect(image.data.allSatisfy { $0 >> 24 == 0xff }, "a tile over the base is opaque")
            let alone = try Pixels(png: Data(buffer: try await client.get("/v1/tiles/\(zoom)/\(x)/\(y).png").body))
            #expect(alone.data.contains { $0 >> 24 == 0 }, "the annotations alone are transparent beside the marks")
            #expect(try await client.get("/v1/tiles/\(zoom)/\(x)/\(y).png?base=yes").status == .badRequest)
            let page = String(buffer: try await client.execute(uri: "/raster", method: .get).body)
            #expect(page.contains(#""combinedTiles":true"#), "\(page)")
        }
    }

    /// The base vector tile over HTTP: the encoder's tile of the store's base (the lake, decoded by
    /// mapbox-vector-tile), gzipped only when asked, with the PNG tiles' validators; TileJSON leads
    /// to it with the lake's bounds and the base's credits.
    @Test func aBaseVectorTileHoldsTheLakeAndTileJSONLeadsToIt() async throws {
        let tile = try TileID(containing: Self.centre, zoom: 14)
        let path = "/v1/base/\(tile.z)/\(tile.x)/\(tile.y).mvt"
        let database = try Self.database()
        let style = try MapStyle.named("default"), store = try SpatiaLiteStore(path: database, readOnly: true)
        let expected = try BaseVectorTile.encode(tile, base: try store.baseFeatures(for: Viewport(vectorTile: tile), style: style), style: style)
        try await withServer(database: database) { client in
            let plain = try await client.get(path)
            #expect(plain.status == .ok && plain.headers[.contentType] == "application/vnd.mapbox-vector-tile")
            #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding" && plain.headers[.cacheControl] != nil)
            #expect(Data(buffer: plain.body) == expected)
            let etag = try #require(plain.headers[.eTag])
            let decoded = try await ChildProcess.output(of: "python3", ["-c", """
                import sys, json, mapbox_vector_tile
                tile = mapbox_vector_tile.decode(sys.stdin.buffer.read())
                print(json.dumps({name: [f["properties"] for f in layer["features"]] for name, layer in tile.items()}))
                """], input: expected)
            let layers = try #require(try JSONSerialization.jsonObject(with: Data(decoded.utf8)) as? [String: [[String: Any]]])
            #expect(Array(layers.keys) == ["water"], "\(layers)")
            let lake = try #require(layers["water"]?.first)
            #expect(lake["kind"] as? String == "lake" && lake["name"] as? String == "Testijärvi" && lake["name:sv"] as? String == "Testsjön")
            #expect(lake["rank"] as? Int == 0 && lake.count == 4, "\(lake)")

            let zipped = try await client.get(path, headers: [.acceptEncoding: "gzip"])
            #expect(zipped.status == .ok && zipped.headers[.contentEncoding] == "gzip" && zipped.headers[.eTag] == "W/" + etag)
            let notModified = try await client.get(path, headers: [.ifNoneMatch: "W/" + etag, .acceptEncoding: "gzip"])
            #expect(notModified.status == .notModified && notModified.body.readableBytes == 0)
            for refused in ["/v1/base/\(tile.z)/\(tile.x)/\(tile.y)@2x.mvt", path + "?lang=fi", "/v1/base/\(tile.z)/\(1 << tile.z)/0.mvt"] {
                let answer = try await client.get(refused)
                #expect(answer.status == .badRequest && String(buffer: answer.body).contains("\"parameter\""), "\(refused): \(String(buffer: answer.body))")
            }

            let json = try await client.get("/v1/base.json")
            #expect(json.status == .ok && json.headers[.contentType] == "application/json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(buffer: json.body)) as? [String: Any])
            #expect(document["tilejson"] as? String == "3.0.0")
            let template = try #require((document["tiles"] as? [String])?.first)
            #expect(template.hasPrefix("http://") && template.hasSuffix("/v1/base/{z}/{x}/{y}.mvt"), "\(template)")
            // The lake's box, to the single precision of the spatial index.
            let expectedBounds = [Self.centre.lon - Self.dLon, Self.centre.lat - Self.dLat, Self.centre.lon + Self.dLon, Self.centre.lat + Self.dLat]
            let bounds = try #require(document["bounds"] as? [Double])
            #expect(bounds.count == 4 && zip(bounds, expectedBounds).allSatisfy { abs($0 - $1) < 1e-5 }, "\(bounds) against \(expectedBounds)")
            #expect((document["attribution"] as? String)?.contains("OpenStreetMap") == true, "\(document)")
            let vectorLayers = try #require(document["vector_layers"] as? [[String: Any]])
            #expect(vectorLayers.map { $0["id"] as! String } == BaseLayer.allCases.map(\.rawValue))
            let fields = Set((vectorLayers.first { $0["id"] as? String == "water" }?["fields"] as? [String: String] ?? [:]).keys)
            #expect(Set(lake.keys.filter { !$0.hasPrefix("name:") }).isSubset(of: fields), "\(fields)")
        }
    }

    /// MapLibre draws the base's names where the server placed them, from the annotation tiles
    /// the style asks with `base=1`, in the style's language: the lake's name at a point, and a
    /// street's along its line (`base-names-along`), over the lake as a bridge.
    @Test func theMapLibreStyleDrawsTheBasesNamesFromTheAnnotationTiles() async throws {
        try #require(FileManager.default.fileExists(atPath: MapLibreRouteTests.mapLibre), "scripts/install-deps.sh puts MapLibre GL JS at \(MapLibreRouteTests.mapLibre)")
        let database = try Self.database()
        let bridge = [Coordinate(lat: Self.centre.lat - 0.002, lon: Self.centre.lon - 0.006), Coordinate(lat: Self.centre.lat - 0.002, lon: Self.centre.lon + 0.006)]
        _ = try SpatiaLiteStore(path: database).importBase([BaseSource(name: "street.osm.pbf") { batch in
            try batch([BaseFeature(layer: .road, kind: "residential", name: "Testikatu", names: ["sv": "Testgatan"], geometry: .lineString(bridge))])
        }])
        try await withServer(database: database) { client in
            let port = try #require(client.port)
            let tiles = try await client.json("/v1/tiles.json?base=1")
            #expect((tiles["tiles"] as? [String])?.first?.hasSuffix("/v1/tiles/{z}/{x}/{y}.mvt?base=1") == true, "\(tiles["tiles"] ?? "")")
            #expect((tiles["vector_layers"] as? [[String: Any]])?.contains { $0["id"] as? String == "names" } == true)
            #expect((tiles["attribution"] as? String)?.contains("OpenStreetMap") == true, "the base's credit: \(tiles["attribution"] ?? "")")
            // Asked for wherever the base is: the bounds hold the lake as well as the café.
            let bounds = try #require(tiles["bounds"] as? [Double])
            #expect(bounds.count == 4 && bounds[0] <= Self.centre.lon - Self.dLon + 1e-5 && bounds[1] <= Self.centre.lat - Self.dLat + 1e-5, "\(bounds)")
            for refused in ["/v1/tiles/14/9327/4742.mvt?base=2", "/v1/tiles.json?marks=yes", "/v1/style.json?base=1"] {
                let answer = try await client.get(refused)
                #expect(answer.status == .badRequest, "\(refused): \(answer.status)")
            }
            // MapLibre's zoom 15: the tiles' 16, where streets are named and the lake is about 750 px wide.
            let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), [
                MapLibreRouteTests.script.path, "http://127.0.0.1:\(port)", String(Self.centre.lat), String(Self.centre.lon), "15",
                MapLibreRouteTests.mapLibre, "-", "sv"])
            try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "the browser run failed: \(run.stdout) \(run.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(report["idle"] as? Bool == true && (report["errors"] as? [String])?.isEmpty == true, "\(report)")
            #expect(Set(report["names"] as? [String] ?? []) == ["Testsjön", "Testgatan"], "the base's names drawn: \(report["names"] ?? "")")
            // Once in each tile its line crosses (a tile names what lies in it).
            #expect(Set(report["along"] as? [String] ?? []) == ["Testgatan"], "set along its line: \(report["along"] ?? "")")
        }
    }

    @Test func mapsDrawTheBaseUnlessAskedNotTo() async throws {
        let water = try Self.water
        try await withServer(database: try Self.database()) { client in
            let box = "24.92,60.16,24.96,60.18", size = (400.0, 300.0)
            // The map's zoom and origin, from the box as a bbox framing fits it (the whole box in view, centred).
            let (minCorner, maxCorner) = (Self.worldPixel(Coordinate(lat: 60.16, lon: 24.92), zoom: 0), Self.worldPixel(Coordinate(lat: 60.18, lon: 24.96), zoom: 0))
            let zoom = log2(min(size.0 / (maxCorner.x - minCorner.x), size.1 / (minCorner.y - maxCorner.y)))
            let mid = Self.worldPixel(Coordinate(lat: 60.17, lon: 24.94), zoom: zoom)
            let lake = Self.worldPixel(Self.probe, zoom: zoom)
            let (px, py) = (Int(size.0 / 2 + lake.x - mid.x), Int(size.1 / 2 + lake.y - mid.y))
            for (flag, expected) in [("", true), ("&base=1", true), ("&base=0", false)] {
                let response = try await client.execute(uri: "/v1/map.png?size=400x300&bbox=\(box)\(flag)", method: .get)
                #expect(response.status == .ok)
                let image = try Pixels(png: Data(buffer: response.body))
                #expect(image.near(px, py, water, tolerance: 0.04) == expected, "base\(flag): inside the lake at (\(px), \(py))")
            }
            let bad = try await client.execute(uri: "/v1/map.png?bbox=\(box)&base=2", method: .get)
            #expect(bad.status == .badRequest && String(buffer: bad.body).contains("\"parameter\":\"base\""), "\(String(buffer: bad.body))")
        }
    }

    /// `/v1/map.json`: what `/v1/map.png` draws with the same parameters, as data. The lake is
    /// named as a water around its centre, placed by the formula written out here; the café is an
    /// annotation naming its row; without the base the lake has no name.
    @Test func theMapsLayoutNamesTheLakeAndTheCafeWhereTheyAre() async throws {
        try await withServer(database: try Self.database()) { client in
            let box = "24.92,60.16,24.96,60.18", size = (400.0, 300.0)
            let (minCorner, maxCorner) = (Self.worldPixel(Coordinate(lat: 60.16, lon: 24.92), zoom: 0), Self.worldPixel(Coordinate(lat: 60.18, lon: 24.96), zoom: 0))
            let zoom = log2(min(size.0 / (maxCorner.x - minCorner.x), size.1 / (minCorner.y - maxCorner.y)))
            let mid = Self.worldPixel(Coordinate(lat: 60.17, lon: 24.94), zoom: zoom)
            let response = try await client.get("/v1/map.json?size=400x300&bbox=\(box)")
            #expect(response.status == .ok && response.headers[.contentType] == "application/json")
            let layout = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            let labels = try #require(layout["labels"] as? [[String: Any]])
            let lake = try #require(labels.first { $0["text"] as? String == "Testijärvi" }, "\(labels)")
            #expect(lake["kind"] as? String == "water" && (lake["ids"] as? [String])?.count == 1)
            // The name stands on the lake's centre, where the formula puts it (a label is a line high).
            let b = try #require(lake["box"] as? [Double])
            #expect(abs(b[0] + b[2] / 2 - size.0 / 2) < 2 && b[1] < size.1 / 2 + 12 && b[1] + b[3] > size.1 / 2 - 12, "\(b)")
            let cafe = try #require(labels.first { $0["text"] as? String == "Kahvila" }, "\(labels)")
            #expect(cafe["kind"] as? String == "annotation" && cafe["ids"] as? [String] == ["poi/1"])
            let marks = try #require(layout["marks"] as? [[String: Any]])
            let pin = Self.worldPixel(Coordinate(lat: 60.18, lon: 24.96), zoom: zoom)
            let (px, py) = (size.0 / 2 + pin.x - mid.x, size.1 / 2 + pin.y - mid.y)
            // The pin's box holds the café's position (its tip).
            #expect(marks.contains { m in
                let r = m["box"] as! [Double]
                return m["ids"] as? [String] == ["poi/1"] && r[0] <= px && px <= r[0] + r[2] && r[1] <= py + 1 && py - 1 <= r[1] + r[3]
            }, "\(marks) at \((px, py))")
            let nameless = try await client.json("/v1/map.json?size=400x300&bbox=\(box)&base=0")
            #expect(!((nameless["labels"] as? [[String: Any]]) ?? []).contains { $0["text"] as? String == "Testijärvi" })
            let bad = try await client.get("/v1/map.json?size=0x300&bbox=\(box)")
            #expect(bad.status == .badRequest)
            // The scale is checked as for the image, and changes nothing of the layout.
            #expect(try await client.get("/v1/map.json?size=400x300&bbox=\(box)&scale=7").status == .badRequest)
            let sharper = try await client.get("/v1/map.json?size=400x300&bbox=\(box)&scale=2")
            #expect(Data(buffer: sharper.body) == Data(buffer: response.body))
        }
    }

    @Test func thePageUsesTheServersOwnBaseTilesWhenThereIsABaseMap() async throws {
        try await withServer(database: try Self.database()) { client in
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(page.contains(#""baseLayer":"\/v1\/base\/{z}\/{x}\/{y}{r}.png""#) || page.contains(#""baseLayer":"/v1/base/{z}/{x}/{y}{r}.png""#), "\(page)")
            #expect(page.contains("© OpenStreetMap contributors"))
        }
        // Without a base map the page has none (and no outside server was named).
        try await withServer { client in
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(!page.contains("baseLayer"))
        }
    }
}
