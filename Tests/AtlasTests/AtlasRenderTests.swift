import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import SpatiaLiteStore
import TestSupport
import Testing
@testable import Atlas

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
