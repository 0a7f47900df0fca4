import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import Testing
import TestSupport
@testable import Atlas

/// A scratch database of named places with addresses around Roja (and a few far away, which no
/// map of Roja may list), written as GeoJSON and imported like a user's file.
final class AtlasFixture: @unchecked Sendable {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-atlas-\(UUID().uuidString)")
    var database: String { directory.appendingPathComponent("fixture.sqlite").path }
    var output: URL { directory.appendingPathComponent("out") }
    /// Every place of the fixture: the oracle of what a map must list.
    let places: [(name: String, category: String, coordinate: Coordinate)]

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var random = SeededRandom(seed: 7)
        let words = ["Jūras", "Ostas", "Priežu", "Kāpu", "Zvejnieku", "Bākas", "Ēnu", "Ķiršu", "Šalkas", "Žagatu", "Čiekuru", "Ņiprā"]
        let categories = ["see", "eat", "stay", "do"]
        var places: [(String, String, Coordinate)] = []
        for i in 0..<90 {
            let c = Coordinate(lat: 57.49 + Double.random(in: 0...0.04, using: &random), lon: 22.76 + Double.random(in: 0...0.09, using: &random))
            places.append(("\(words[i % words.count]) \(["māja", "krogs", "dārzs", "laukums"][i % 4]) \(i)", categories[i % 4], c))
        }
        places.append(("Rīgas pils", "see", Coordinate(lat: 56.951, lon: 24.101)))
        self.places = places
        let features = places.enumerated().map { i, p in
            #"{"type":"Feature","properties":{"name":"\#(p.0)","category":"\#(p.1)","address":"Jūras iela \#(i + 1), Roja"},"geometry":{"type":"Point","coordinates":[\#(p.2.lon),\#(p.2.lat)]}}"#
        }
        let file = directory.appendingPathComponent("places.geojson")
        try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.write(to: file, atomically: true, encoding: .utf8)
        _ = try SpatiaLiteStore(path: database).importFiles(FileImport.parse(paths: [file.path]), skipInvalid: false)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func batch(_ manifest: String, jobs: Int = 2, force: Bool = false, combine: String? = nil, data: String = "fixture, version 1") throws -> (AtlasManifest, AtlasBatch) {
        let atlas = try AtlasManifest.parse(manifest, file: "test.yaml")
        try atlas.check(against: SpatiaLiteStore(path: database, readOnly: true))
        let path = database
        let batch = AtlasBatch(maps: atlas.maps, options: .init(outputDirectory: output, jobs: jobs, force: force,
                                                              combine: combine.map { output.appendingPathComponent($0) }),
                               dataDate: Date(timeIntervalSince1970: 1_700_000_000), data: data) {
            try SpatiaLiteStore(path: path, readOnly: true)
        }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        return (atlas, batch)
    }
}

/// Runs a poppler tool (pdfinfo, pdftotext) and returns what it prints.
func poppler(_ tool: String, _ arguments: [String]) async throws -> String {
    try await ChildProcess.output(of: tool, arguments)
}

@Suite struct AtlasRenderTests {
    static let threeMaps = """
    defaults:
      dpi: 150
    maps:
      - title: Roja A4
        file: roja-a4
        area: { center: "57.51,22.805", radius_m: 1800 }
      - title: Roja A3 landscape
        file: roja-a3
        paper: A3
        orientation: landscape
        formats: [png]
        area: { bbox: [22.76, 57.49, 22.85, 57.53] }
      - title: Roja Letter
        file: roja-letter
        paper: Letter
        formats: pdf
        language: lv
        categories: [see, eat, stay, do]
        area: fit
    """

    @Test func threeMapsRenderWithTheirPagesTextAndPixels() async throws {
        let fixture = try AtlasFixture()
        let (atlas, batch) = try fixture.batch(Self.threeMaps, combine: "atlas.pdf")
        let report = batch.run { _, _, _, _ in }
        #expect(report.failures.isEmpty, "\(report.failures.map(\.reason))")
        let store = try SpatiaLiteStore(path: fixture.database, readOnly: true)
        var combinedPages = 0
        for map in atlas.maps {
            let layout = try batch.layout(map, store: store)
            combinedPages += layout.pageCount
            // The oracle: the places whose projected position (Web Mercator written out here, not
            // the renderer's) falls on the map's frame, and the grid cell it falls in.
            let v = layout.viewport, rect = layout.mapRect, size = 256 * pow(2, v.zoom)
            func project(_ c: Coordinate) -> (x: Double, y: Double) {
                let lat = c.lat * .pi / 180
                return ((c.lon + 180) / 360 * size, (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * size)
            }
            let centre = project(v.center)
            var expected: [String: String] = [:]
            for place in fixture.places {
                let p = project(place.coordinate), x = rect.x + rect.width / 2 + p.x - centre.x, y = rect.y + rect.height / 2 + p.y - centre.y
                guard x > rect.x, x < rect.maxX, y > rect.y, y < rect.maxY else { continue }
                let column = Int((x - rect.x) / (rect.width / Double(layout.grid.columns))), row = Int((y - rect.y) / (rect.height / Double(layout.grid.rows)))
                expected[place.name] = "\(String(UnicodeScalar(UInt8(65 + column))))-\(row + 1)"
            }
            // Fitting lists every place; a box or a circle around Roja leaves Rīga out.
            #expect(!expected.isEmpty && (expected.count == fixture.places.count) == (map.map.area == .fit), "\(map.label) lists \(expected.count) places")
            #expect(Dictionary(uniqueKeysWithValues: layout.entries.map { ($0.feature.name ?? "", $0.cell) }) == expected, "\(map.label)")
            #expect(layout.entries.map(\.number) == Array(1...layout.entries.count))

            let pdf = batch.files(map).first { $0.pathExtension == "pdf" }
            if let pdf {
                let info = try await poppler("pdfinfo", [pdf.path])
                let size = ["roja-a4": "595.276 x 841.89 pts (A4)", "roja-letter": "612 x 792 pts (letter)"][map.fileName]!
                #expect(info.contains("Page size:       \(size)"), "\(info)")
                #expect(info.contains("Pages:           \(layout.pageCount)"))
                // Every listed name is in the PDF as text (names may wrap: compare without line breaks).
                let text = try await poppler("pdftotext", [pdf.path, "-"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                for name in expected.keys { #expect(text.contains(name), "\(map.label): \(name) not in the PDF's text") }
            }
            if let png = batch.files(map).first(where: { $0.pathExtension == "png" }) {
                // A4 and A3 landscape at 150 dpi, in whole pixels.
                let pixels = try Pixels(png: Data(contentsOf: png)), size = ["roja-a4": (1240, 1754), "roja-a3": (2480, 1754)][map.fileName]!
                #expect(pixels.width == size.0 && pixels.height == size.1)
                // Each place projects (by the formula above) to its marker, or to the dot at the
                // end of the leader line of a marker moved aside, unless another marker covers it.
                let k = 150.0 / 72
                for entry in layout.entries {
                    let colour = map.map.style.category(entry.feature.category).color
                    let p = project(entry.feature.geometry.coordinates[0])
                    let x = rect.x + rect.width / 2 + p.x - centre.x, y = rect.y + rect.height / 2 + p.y - centre.y
                    // The disc's ring, off the white number: about 8 px out at 150 dpi; or the dot itself.
                    let ring = [(-6, -6), (6, -6), (-6, 6), (6, 6), (0, -8), (0, 8), (-8, 0), (8, 0)]
                    // On its place (perhaps nudged inside the frame): the disc's ring around the
                    // marker; moved off it: the leader's dot on the place itself.
                    let moved = hypot(entry.marker.x - x, entry.marker.y - y) >= entry.markerRadius
                    let (mx, my) = (entry.marker.x * k, entry.marker.y * k)
                    let seen = moved ? pixels.near(Int(x * k), Int(y * k), colour) : ring.contains { pixels.near(Int(mx) + $0.0, Int(my) + $0.1, colour) }
                    let covered = layout.entries.contains { $0.number != entry.number && hypot($0.marker.x - x, $0.marker.y - y) < $0.markerRadius + 2 }
                    #expect(seen || covered, "\(map.label): marker \(entry.number) not at its place")
                    #expect(hypot(entry.marker.x - x, entry.marker.y - y) <= 6 * 2.1 * entry.markerRadius + 0.01)
                }
                // No marker hides another.
                #expect(layout.crowdedMarkers == 0)
                for a in layout.entries {
                    for b in layout.entries where a.number < b.number {
                        #expect(hypot(a.marker.x - b.marker.x, a.marker.y - b.marker.y) >= a.markerRadius + b.markerRadius, "\(map.label): \(a.number) and \(b.number) overlap")
                    }
                }
            }
        }
        let info = try await poppler("pdfinfo", [fixture.output.appendingPathComponent("atlas.pdf").path])
        #expect(info.contains("Pages:           \(combinedPages)"))
    }

    /// In Latvia's own grid (LKS-92, EPSG:3059) each place's square comes from PROJ's cs2cs:
    /// eastings and northings scaled to the map (256 px at zoom 0 are the equator's length).
    @Test func gridSquaresInLKS92AgreeWithCs2cs() async throws {
        let fixture = try AtlasFixture()
        let (atlas, batch) = try fixture.batch("""
        maps:
          - { title: Roja LKS-92, crs: "EPSG:3059", formats: pdf, area: { center: "57.51,22.805", radius_m: 1800 } }
        """)
        let layout = try batch.layout(atlas.maps[0], store: SpatiaLiteStore(path: fixture.database, readOnly: true))
        let v = layout.viewport, rect = layout.mapRect, k = pow(2, v.zoom) * ProjOracle.pixelsPerMetre
        let metres = try await ProjOracle.cs2cs([v.center] + fixture.places.map(\.coordinate), epsg: 3059)
        var expected: [String: String] = [:]
        for (place, en) in zip(fixture.places, metres.dropFirst()) {
            let x = rect.midX + (en.easting - metres[0].easting) * k, y = rect.midY - (en.northing - metres[0].northing) * k
            guard x > rect.x, x < rect.maxX, y > rect.y, y < rect.maxY else { continue }
            let column = Int((x - rect.x) / (rect.width / Double(layout.grid.columns))), row = Int((y - rect.y) / (rect.height / Double(layout.grid.rows)))
            expected[place.name] = "\(String(UnicodeScalar(UInt8(65 + column))))-\(row + 1)"
        }
        #expect(expected.count > 20 && expected.count < fixture.places.count)
        #expect(Dictionary(uniqueKeysWithValues: layout.entries.map { ($0.feature.name ?? "", $0.cell) }) == expected)
    }

    @Test func aLongIndexContinuesAndAnEmptyMapSaysSo() async throws {
        let fixture = try AtlasFixture()
        let (atlas, batch) = try fixture.batch("""
        maps:
          - title: Everything on a small page
            file: long
            formats: pdf
            area: fit
          - title: Nothing here
            file: empty
            formats: pdf
            area: { center: "57.0,21.5", radius_m: 500 }
        """)
        let report = batch.run { _, _, _, _ in }
        #expect(report.failures.isEmpty)
        let store = try SpatiaLiteStore(path: fixture.database, readOnly: true)
        let long = try batch.layout(atlas.maps[0], store: store)
        #expect(long.entries.count == fixture.places.count && long.pageCount >= 2)
        let text = try await poppler("pdftotext", [fixture.output.appendingPathComponent("long.pdf").path, "-"])
        #expect(text.contains("index, continued"))
        let empty = try await poppler("pdftotext", [fixture.output.appendingPathComponent("empty.pdf").path, "-"])
        #expect(empty.contains("No objects of the chosen categories in this area."))
    }

    @Test func aFailingMapDoesNotStopTheOthersAndUpToDateMapsAreSkipped() throws {
        let fixture = try AtlasFixture()
        let manifest = """
        defaults: { formats: pdf, area: fit }
        maps:
          - { title: One }
          - { title: Two }
          - { title: Three }
        """
        let (_, batch) = try fixture.batch(manifest)
        // A folder where Two's file should go: its write fails, the others' do not.
        try FileManager.default.createDirectory(at: fixture.output.appendingPathComponent("two.pdf"), withIntermediateDirectories: true)
        let report = batch.run { _, _, _, _ in }
        #expect(report.failures.map(\.map.fileName) == ["two"])
        #expect(report.outcomes.count == 3)
        for name in ["one", "three"] { #expect(FileManager.default.fileExists(atPath: fixture.output.appendingPathComponent("\(name).pdf").path)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output.path).filter { $0.hasSuffix(".tmp") }.isEmpty)

        // Again: maps drawn from the same data, entry and style are not drawn again, unless forced.
        let again = batch.run { _, _, _, _ in }
        #expect(again.outcomes.filter { if case .skipped = $0.outcome { true } else { false } }.map(\.map.fileName) == ["one", "three"])
        let (_, forced) = try fixture.batch(manifest, force: true)
        #expect(forced.run { _, _, _, _ in }.outcomes.filter { if case .rendered = $0.outcome { true } else { false } }.count == 2)
    }
}

@Suite struct AtlasStampTests {
    /// A map is drawn again when what it is drawn from changed: the data, its entry or the
    /// defaults in the manifest, or its style file; the others are skipped.
    @Test func aMapIsDrawnAgainFromOtherDataWordsOrStyle() throws {
        let fixture = try AtlasFixture()
        let style = fixture.directory.appendingPathComponent("mine.json").path
        try FileManager.default.copyItem(atPath: try #require(MapStyle.stylesDirectory()).appendingPathComponent("print.json").path, toPath: style)
        let manifest = "defaults: { formats: pdf, area: fit }\nmaps:\n  - { title: One }\n  - { title: Two, style: \(style) }\n"
        func drawn(_ manifest: String, data: String = "fixture, version 1") throws -> [String] {
            try fixture.batch(manifest, data: data).1.run { _, _, _, _ in }.outcomes
                .filter { if case .rendered = $0.outcome { true } else { false } }.map(\.map.fileName)
        }
        #expect(try drawn(manifest) == ["one", "two"])
        #expect(try drawn(manifest) == [])
        #expect(try drawn(manifest, data: "fixture, version 2") == ["one", "two"])
        #expect(try drawn(manifest.replacingOccurrences(of: "{ title: One }", with: "{ title: One, categories: [eat] }"), data: "fixture, version 2") == ["one"])
        #expect(try drawn(manifest.replacingOccurrences(of: "area: fit", with: "area: fit, language: lv"), data: "fixture, version 2") == ["one", "two"])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: style)
        #expect(try drawn(manifest.replacingOccurrences(of: "area: fit", with: "area: fit, language: lv"), data: "fixture, version 2") == ["two"])
        // A map whose stamp is gone (drawn by an older Waymark, or cut short) is drawn again.
        try FileManager.default.removeItem(at: fixture.output.appendingPathComponent("one.stamp"))
        #expect(try drawn(manifest.replacingOccurrences(of: "area: fit", with: "area: fit, language: lv"), data: "fixture, version 2") == ["one"])
    }
}

@Suite struct MemoryBudgetTests {
    final class Load: @unchecked Sendable {
        let lock = NSLock()
        var now = 0, most = 0
    }

    /// Drawings whose shares add up to more than the budget never run at once; one larger than
    /// the budget runs alone.
    @Test func sharesBeyondTheBudgetWait() {
        let budget = MemoryBudget(bytes: 10), load = Load(), shares = [6, 6, 6, 4, 25, 6]
        DispatchQueue.concurrentPerform(iterations: shares.count) { i in
            let share = min(shares[i], 10)
            budget.reserving(shares[i]) {
                load.lock.withLock { load.now += share; load.most = max(load.most, load.now) }
                Thread.sleep(forTimeInterval: 0.05)
                load.lock.withLock { load.now -= share }
            }
        }
        #expect(load.most <= 10 && load.most >= 6 && load.now == 0)
    }
}

@Suite struct PrintScaleTests {
    @Test func scalesRoundUpToWhatAReaderCanMeasureWith() {
        #expect(PrintScale.roundUp(23_456) == 25_000)
        #expect(PrintScale.roundUp(25_000.0000001) == 25_000)
        #expect(PrintScale.roundUp(7_600) == 10_000)
        #expect(PrintScale.roundUp(101_000) == 125_000)
        #expect(PrintScale.text(25_000) == "1:25 000" && PrintScale.text(1_250_000) == "1:1 250 000" && PrintScale.text(500) == "1:500")
    }

    @Test func theStatedScaleIsTheMapsScaleAtItsCentre() throws {
        // Two points 1 km apart east–west through the centre: on paper they are 1 km / scale apart.
        for crs in ["EPSG:3857", "EPSG:3059"] {
            let map = PrintedMap(title: "t", area: .around(Coordinate(lat: 57.5, lon: 22.8), radius: 3000), categories: [],
                                 paper: Paper.named("A4")!, projection: try ProjectedCRS.projection(named: crs), style: try MapStyle.named("print"))
            let layout = try PrintLayout(map)
            let c = layout.viewport.center
            let west = Geodesic.destination(from: c, azimuth: 270, distance: 500), east = Geodesic.destination(from: c, azimuth: 90, distance: 500)
            let a = layout.viewport.pixel(west), b = layout.viewport.pixel(east)
            let paperMetres = hypot(b.x - a.x, b.y - a.y) * 0.0254 / 72
            #expect(abs(1000 / paperMetres / layout.scaleDenominator - 1) < 0.002, "\(crs): 1:\(1000 / paperMetres) is stated as 1:\(layout.scaleDenominator)")
        }
    }
}
