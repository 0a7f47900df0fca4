import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import Testing
import TestSupport
@testable import Atlas

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
