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

    /// A map is drawn again over another base, or over its base imported again (a new data
    /// version, which `BaseDatabase.check` gives the stamp), and skipped over the same one.
    @Test func aMapIsDrawnAgainOverAnotherOrAChangedBase() throws {
        let fixture = try AtlasFixture()
        let base = try fixture.helsinkiBase(), other = try fixture.helsinkiBase(named: "other.sqlite")
        func drawn(_ over: MapBase, _ bases: [String: String] = [:]) throws -> Bool {
            try fixture.batch("defaults: { formats: pdf, area: fit }\nmaps:\n  - { title: One }\n", base: over, bases: bases).1.run { _, _, _, _ in }
                .outcomes.contains { if case .rendered = $0.outcome { true } else { false } }
        }
        let first = try BaseDatabase.check(base)
        #expect(try drawn(.other(base), [base: first]))
        #expect(try !drawn(.other(base), [base: first]))
        try fixture.helsinkiBase()
        let second = try BaseDatabase.check(base)
        #expect(second != first && second.hasPrefix(MapStamp.identity(of: base) + ", data version "), "\(first) → \(second)")
        #expect(try drawn(.other(base), [base: second]))
        #expect(try !drawn(.other(base), [base: second]))
        #expect(try drawn(.other(other), [other: try BaseDatabase.check(other)]))
        #expect(try drawn(.none))
        #expect(try !drawn(.none))
        #expect(try drawn(.database))
        #expect(try !drawn(.database))
        // A base whose version is not known: never taken to be up to date.
        #expect(try drawn(.other(base)))
        #expect(try drawn(.other(base)))
    }
}
