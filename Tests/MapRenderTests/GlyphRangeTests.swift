import Foundation
import GeoCore
import Testing
import TestSupport
@testable import MapRender

/// MapLibre's glyph ranges: the message decoded by a reader of its own and each field compared
/// with the same character drawn by Pillow from the font file fontconfig names
/// (Tests/MapLibre/glyph_check.py); the distance transform against brute force.
@Suite struct GlyphRangeTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MapLibre/glyph_check.py")

    /// The font file fontconfig gives for `pattern`, as Cairo's toy API asks it.
    private func fontFile(_ pattern: String) async throws -> String {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{file}", pattern])
        return run.stdout
    }

    @Test(arguments: [("DejaVu Sans", "DejaVu Sans", 0, "Ag&é"), ("Nowhere Sans,DejaVu Sans Bold", "DejaVu Sans:bold", 0, "Rojaß"),
                      ("DejaVu Sans", "DejaVu Sans", 256, "āčšŽ")])
    func fieldsAreInsideWhereTheFontsInkIs(stack: String, pattern: String, start: Int, characters: String) async throws {
        let style = try MapStyle.named("default")
        let data = try #require(try GlyphRange.encode(fontstack: stack, start: UInt32(start), style: style))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-glyphs-\(UUID().uuidString).pbf")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), [Self.script.path, file.path, try await fontFile(pattern), characters])
        try #require(run.exit == ChildProcess.Exit(status: 0, signalled: false), "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["stacks"] as? Int == 1 && report["name"] as? String == stack && report["range"] as? String == "\(start)-\(start + 255)")
        let ids = report["ids"] as? [Int] ?? []
        #expect(ids.allSatisfy { (start..<(start + 256)).contains($0) })
        if start == 0 { #expect(ids.contains(32) && !ids.contains(0), "the space (its advance), no control characters") }
        let glyphs = try #require(report["glyphs"] as? [String: Any])
        for character in characters.map(String.init) {
            let g = try #require(glyphs[character] as? [String: Any], "\(character) is in the range")
            #expect(g["bitmap_ok"] as? Bool == true, "\(character): a bitmap of (width + 6) × (height + 6)")
            let advance = try #require(g["advance"] as? Int), pillow = try #require(g["pillow_advance"] as? Double)
            #expect(abs(Double(advance) - pillow) <= 1, "\(character): advance \(advance), Pillow's \(pillow)")
            let inside = g["inside"] as? Int ?? 0, outside = g["outside"] as? Int ?? 0
            #expect(inside >= 10 && outside >= 50, "\(character): \(g)")
            // Pillow hints its outlines and Cairo does not: a few pixels on the edge may differ.
            #expect(Double(g["wrong_inside"] as? Int ?? 0) <= 0.02 * Double(inside), "\(character): \(g)")
            #expect(Double(g["wrong_outside"] as? Int ?? 0) <= 0.02 * Double(outside), "\(character): \(g)")
        }
    }

    @Test func onlyTheStylesFontsAndWholeRangesAreServed() throws {
        let style = try MapStyle.named("default")
        #expect(try GlyphRange.encode(fontstack: "Open Sans Regular,Arial Unicode MS Regular", start: 0, style: style) == nil)
        for range in ["0-255", "256-511", "65280-65535"] { #expect(GlyphRange.start(of: range) != nil, "\(range)") }
        for range in ["0-256", "1-256", "00-255", "65536-65791", "-0-255", "0-255-", "a-b", "", "256-255"] {
            #expect(GlyphRange.start(of: range) == nil, "\(range)")
        }
    }

    /// min over every cell u of (its value + the squared distance to u), against brute force over
    /// every pair: values of 0 (inside), ∞ (far) and fractions (the edge cells `GlyphSDF` hands in).
    @Test func theDistanceTransformIsExact() {
        var random = SeededRandom(seed: 28)
        for (width, height) in [(17, 9), (1, 12), (12, 1), (30, 30)] {
            let input: [Double] = (0..<(width * height)).map { _ in
                switch Int.random(in: 0..<20, using: &random) {
                case 0: 0
                case 1: Double.random(in: 0..<2, using: &random)
                default: .infinity
                }
            }
            var grid = input
            EuclideanDistance.transform(&grid, width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    var best = Double.infinity
                    for v in 0..<height { for u in 0..<width { best = min(best, input[v * width + u] + Double((u - x) * (u - x) + (v - y) * (v - y))) } }
                    #expect(abs(grid[y * width + x] - best) <= 1e-9 || grid[y * width + x] == best, "(\(x), \(y)) of \(width)×\(height)")
                }
            }
        }
    }
}
