import Foundation
import GeoCore
@testable import MapRender
import PixelTesting
import Stores
import Testing

/// Issue 31, item 3: Natural Earth's countries as a map draws them. A border only where two
/// countries' polygons share an edge, never along a coast; each country named at a point inside
/// it; rivers from zoom 4. Checked against the file read with plain JSON, and on Latvia at zoom 7.
@Suite(.enabled(if: hasNaturalEarth, "../shared/data/naturalearth is missing: Natural Earth's countries were not checked"))
struct CountryBordersTests {
    /// An edge of a ring, whichever way it runs; its ends to 1e-7° (Foundation's JSON and GDAL's
    /// may read a decimal to neighbouring doubles).
    struct Edge: Hashable {
        let a: [Double], b: [Double]
        init(_ p: [Double], _ q: [Double]) {
            let (p, q) = (p.map { ($0 * 1e7).rounded() / 1e7 }, q.map { ($0 * 1e7).rounded() / 1e7 })
            (a, b) = p.lexicographicallyPrecedes(q) ? (p, q) : (q, p)
        }
    }

    /// The oracle: every edge of every country's rings, with the countries that have it.
    static func edges() throws -> [Edge: Set<Int>] {
        let data = try Data(contentsOf: naturalEarth.appendingPathComponent("ne_50m_admin_0_countries.geojson"))
        let features = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["features"] as? [[String: Any]])
        var owners: [Edge: Set<Int>] = [:]
        for (i, f) in features.enumerated() {
            let g = f["geometry"] as! [String: Any], type = g["type"] as! String
            let rings = type == "Polygon" ? g["coordinates"] as! [[[Double]]] : (g["coordinates"] as! [[[[Double]]]]).flatMap { $0 }
            for ring in rings { for (p, q) in zip(ring, ring.dropFirst()) where p != q { owners[Edge(p, q), default: []].insert(i) } }
        }
        return owners
    }

    @Test func theBordersAreTheEdgesTwoCountriesShareEachOnce() throws {
        let fixture = try BaseFixture()
        try fixture.importBase([naturalEarth.appendingPathComponent("ne_50m_admin_0_countries.geojson").path])
        let stored = try fixture.features(zoom: 20)
        var drawn: [Edge: Int] = [:]
        for f in stored where f.layer == .border {
            guard case let .lineString(line) = f.geometry else { Issue.record("a border that is not one line: \(f.geometry)"); continue }
            for (p, q) in zip(line, line.dropFirst()) { drawn[Edge([p.lon, p.lat], [q.lon, q.lat]), default: 0] += 1 }
        }
        let owners = try Self.edges()
        let shared = Set(owners.filter { $0.value.count >= 2 }.keys)
        #expect(shared.count > 10_000 && owners.count > 2 * shared.count, "\(shared.count) shared edges of \(owners.count)")
        // Equal, but for ends that round to neighbouring 1e-7° steps: those match within 1e-8°.
        var extra = Set(drawn.keys).subtracting(shared), missing = shared.subtracting(drawn.keys)
        for e in extra {
            let close = { (m: Edge) in zip(m.a + m.b, e.a + e.b).allSatisfy { abs($0 - $1) < 1.01e-7 } }
            if let m = missing.first(where: close) { missing.remove(m); extra.remove(e) }
        }
        #expect(extra.isEmpty && missing.isEmpty, "\(extra.count) coast edges drawn, \(missing.count) borders missing")
        #expect(drawn.values.allSatisfy { $0 == 1 }, "an edge drawn twice")
        // Each country named once, inside itself: Latvia's name near its middle.
        let names = stored.filter { $0.layer == .place && $0.kind == "country" }
        #expect(names.count >= 200 && Set(names.compactMap(\.name)).count == names.count)
        let latvia = try #require(names.first { $0.name == "Latvia" }).geometry.coordinates[0]
        #expect(latvia.lat > 55.7 && latvia.lat < 58.1 && latvia.lon > 21 && latvia.lon < 28.2, "\(latvia)")
    }

    /// Latvia at zoom 7 over Natural Earth's land, countries, rivers and towns: the Daugava in
    /// water colour along its line, Riga named, and no border colour along the coast away from the
    /// land borders (the Gulf of Riga: Natural Earth's marine areas are not at hand to name it).
    @Test func latviaAtZoomSevenHasItsRiverItsCapitalAndNoBorderOnItsCoast() throws {
        let fixture = try BaseFixture()
        try fixture.importBase(["ne_50m_land.geojson", "ne_50m_admin_0_countries.geojson", "ne_50m_rivers_lake_centerlines.geojson",
                                "ne_10m_populated_places_slim.csv"].map { naturalEarth.appendingPathComponent($0).path })
        let style = try MapStyle.named("default"), base = try #require(style.base)
        var request = MapRequest(features: [], framing: .center(Coordinate(lat: 56.9, lon: 24.6), zoom: 7), width: 1024, height: 768, style: style)
        let viewport = try MapRenderer.frame(request, [])
        request.base = try fixture.store.baseFeatures(for: viewport, style: style)
        let drawn = try MapRenderer.drawn(request)
        let image = try Pixels(png: drawn.image)
        #expect(drawn.baseLabels.contains { $0.text == "Riga" }, "\(drawn.baseLabels.map(\.text))")
        func inImage(_ p: (x: Double, y: Double)) -> Bool { p.x >= 3 && p.y >= 3 && p.x < 1021 && p.y < 765 }
        // The Daugava's points, as the file gives them: water colour within a pixel of most (not
        // where a name or a mark stands over it).
        let rivers = try JSONSerialization.jsonObject(with: Data(contentsOf: naturalEarth.appendingPathComponent("ne_50m_rivers_lake_centerlines.geojson"))) as! [String: Any]
        let daugava = (rivers["features"] as! [[String: Any]]).filter { ($0["properties"] as! [String: Any])["name"] as? String == "Daugava" }
        let points = daugava.flatMap { f -> [[Double]] in
            let g = f["geometry"] as! [String: Any]
            return g["type"] as! String == "LineString" ? g["coordinates"] as! [[Double]] : (g["coordinates"] as! [[[Double]]]).flatMap { $0 }
        }.map { viewport.pixel(Coordinate(lat: $0[1], lon: $0[0])) }.filter(inImage)
        let wet = points.filter { p in (-1...1).contains { dx in (-1...1).contains { dy in
            image.near(Int(p.x) + dx, Int(p.y) + dy, base.waterways.color, tolerance: 0.06) } } }
        #expect(points.count >= 20 && wet.count * 10 >= points.count * 6, "\(wet.count) of \(points.count) of the Daugava's points in water colour")
        // Latvia's coast: its edges no other country has, 12 px or more from any border edge.
        let owners = try Self.edges()
        let data = try Data(contentsOf: naturalEarth.appendingPathComponent("ne_50m_admin_0_countries.geojson"))
        let features = (try JSONSerialization.jsonObject(with: data) as! [String: Any])["features"] as! [[String: Any]]
        let latvia = try #require(features.firstIndex { ($0["properties"] as! [String: Any])["NAME"] as? String == "Latvia" })
        let borderPixels = owners.filter { $0.value.count >= 2 }.keys.flatMap { e in [e.a, e.b] }.map { viewport.pixel(Coordinate(lat: $0[1], lon: $0[0])) }.filter(inImage)
        let coast = owners.filter { $0.value == [latvia] }.keys.map { e in
            viewport.pixel(Coordinate(lat: (e.a[1] + e.b[1]) / 2, lon: (e.a[0] + e.b[0]) / 2))
        }.filter { p in inImage(p) && !borderPixels.contains { hypot($0.x - p.x, $0.y - p.y) < 12 } }
        let bordered = coast.filter { p in (-2...2).contains { dx in (-2...2).contains { dy in
            image.near(Int(p.x) + dx, Int(p.y) + dy, base.borders.color, tolerance: 0.06) } } }
        #expect(coast.count >= 10 && bordered.isEmpty, "\(bordered.count) of \(coast.count) coast points with border colour")
        // And the land borders are drawn: most of Latvia's border with Lithuania in border colour nearby.
        let lithuania = try #require(features.firstIndex { ($0["properties"] as! [String: Any])["NAME"] as? String == "Lithuania" })
        let border = owners.filter { $0.value == [latvia, lithuania] }.keys.map { e in
            viewport.pixel(Coordinate(lat: (e.a[1] + e.b[1]) / 2, lon: (e.a[0] + e.b[0]) / 2))
        }.filter(inImage)
        let seen = border.filter { p in (-3...3).contains { dx in (-3...3).contains { dy in
            image.near(Int(p.x) + dx, Int(p.y) + dy, base.borders.color, tolerance: 0.1) } } }
        #expect(border.count >= 20 && seen.count * 2 >= border.count, "\(seen.count) of \(border.count) points of the Lithuanian border in border colour")
    }
}
