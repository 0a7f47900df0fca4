import Foundation
@testable import MapRender
@testable import SpatiaLiteStore
import Testing

/// `RingUntangling` against GEOS (SpatiaLite's `ST_IsValid`) over seeded random rings that are
/// simple before rounding and rounded to a coarse grid, where folds, pinches and spikes are
/// common: every repaired ring is valid to GEOS, keeps only corners of the rounded ring in their
/// order, and is left alone when it was already valid; the sweep that finds a meeting finds one
/// exactly when GEOS calls the rounded ring invalid. A ring the repair cannot make simple in its
/// budget, or would turn over, comes back as it was.
@Suite struct RingUntanglingTests {
    /// A star-shaped ring round (10, 10): corners at increasing angles, each at its own radius
    /// (simple, as no two edges of such a ring meet), scaled down so that rounding folds it.
    static func star(_ corners: Int, scale: Double, using random: inout some RandomNumberGenerator) -> [(x: Double, y: Double)] {
        let angles = (0..<corners).map { _ in Double.random(in: 0..<(2 * .pi), using: &random) }.sorted()
        return angles.map { a in
            let r = Double.random(in: 0.3...1, using: &random) * scale
            return (x: 10 + r * cos(a), y: 10 - r * sin(a))
        }
    }

    static func wkt(_ ring: [VectorTileGeometry.Point]) -> String {
        "POLYGON((" + (ring + [ring[0]]).map { "\($0.x) \($0.y)" }.joined(separator: ", ") + "))"
    }

    /// A band under a unit wide and hundreds of corners long, as a river is at a small scale:
    /// rounding makes it touch itself in more places than the repair's budget, so it comes back
    /// as it was (it was left out or kept whole before the repair, never worn away or turned).
    @Test func aBandTooThinToRepairComesBackAsItWas() {
        let upper: [(x: Double, y: Double)] = (0..<200).map { i in
            let t = Double(i)
            return (x: t * 0.7, y: 10.45 + 3 * sin(t / 9))
        }
        let lower: [(x: Double, y: Double)] = upper.reversed().map { p in (x: p.x, y: p.y - 0.9) }
        var ring = VectorTileGeometry.rounded(upper + lower)
        if ring.first! == ring.last! { ring.removeLast() }
        #expect(RingUntangling.firstMeeting(ring) != nil, "the rounded band touches itself")
        let untangled = RingUntangling.untangled(ring)
        #expect(RingUntangling.firstMeeting(untangled) == nil || untangled.elementsEqual(ring, by: ==))
        #expect((VectorTileGeometry.twiceArea(untangled) > 0) == (VectorTileGeometry.twiceArea(ring) > 0))
    }

    @Test func everyRepairedRingIsValidToGEOS() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("untangling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SpatiaLiteStore(path: folder.appendingPathComponent("geos.sqlite").path)
        let statement = try store.db.prepare("SELECT ST_IsValid(GeomFromText(?))")
        func valid(_ ring: [VectorTileGeometry.Point]) throws -> Bool {
            try statement.bind([Self.wkt(ring)])
            defer { statement.reset() }
            _ = try statement.step()
            return statement.int(0) == 1
        }
        var random = SystemRandomNumberGenerator()
        var (folded, repaired) = (0, 0)
        for _ in 0..<3_000 {
            let rounded = VectorTileGeometry.rounded(Self.star(.random(in: 4...40), scale: .random(in: 2...9), using: &random))
            var ring = rounded
            if ring.count > 1, ring.first! == ring.last! { ring.removeLast() }
            guard ring.count >= 3 else { continue }
            let wasValid = try valid(ring)
            #expect((RingUntangling.firstMeeting(ring) == nil) == wasValid, "\(Self.wkt(ring))")
            let untangled = RingUntangling.untangled(ring)
            if wasValid { #expect(untangled.elementsEqual(ring, by: ==), "\(Self.wkt(ring))") } else { folded += 1 }
            // Only corners of the rounded ring, in its order.
            var rest = ring[...]
            for p in untangled {
                guard let k = rest.firstIndex(where: { $0 == p }) else { Issue.record("\(p) is not a corner of \(Self.wkt(ring))"); break }
                rest = rest[(k + 1)...]
            }
            guard untangled.count >= 3 else { continue }
            // Repaired, or given back as it was; never turned over.
            #expect((VectorTileGeometry.twiceArea(untangled) > 0) == (VectorTileGeometry.twiceArea(ring) > 0), "\(Self.wkt(ring)) turned over")
            if !wasValid, untangled.elementsEqual(ring, by: ==) { continue }
            repaired += wasValid ? 0 : 1
            #expect(try valid(untangled), "\(Self.wkt(ring)) became \(Self.wkt(untangled))")
        }
        // The grid is coarse enough that many rings fold, and most of those keep a ring.
        #expect(folded > 300 && repaired > folded / 2, "\(folded) folded, \(repaired) repaired")
    }
}
