import Foundation
import GeoCore
import Testing
@testable import SpatiaLiteStore

private let naturalEarth = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../shared/data/naturalearth").standardized
private let hasNaturalEarth = FileManager.default.fileExists(atPath: naturalEarth.appendingPathComponent("ne_50m_land.geojson").path)

/// `PolygonValidity` against an independent oracle, GEOS through SpatiaLite's `ST_IsValid`, over
/// hand-made cases (the issue's four among them), thousands of seeded random polygons on a small
/// integer grid (where ties are exact and common), and every polygon of Natural Earth's files.
@Suite struct PolygonValidityOracleTests {
    private static func ring(_ points: [(Double, Double)]) -> [Coordinate] { points.map { Coordinate(lat: $0.1, lon: $0.0) } }
    private static func square(_ x: Double, _ y: Double, _ size: Double) -> [Coordinate] {
        ring([(x, y), (x + size, y), (x + size, y + size), (x, y + size), (x, y)])
    }

    private static func wkt(_ geometry: Geometry) -> String {
        func ring(_ r: [Coordinate]) -> String { "(" + r.map { "\($0.lon) \($0.lat)" }.joined(separator: ", ") + ")" }
        func polygon(_ p: [[Coordinate]]) -> String { "(" + p.map(ring).joined(separator: ", ") + ")" }
        switch geometry {
        case let .polygon(rings): return "POLYGON" + polygon(rings)
        case let .multiPolygon(parts): return "MULTIPOLYGON(" + parts.map(polygon).joined(separator: ", ") + ")"
        default: preconditionFailure("only areas")
        }
    }

    /// GEOS's verdict (1 valid; 0 invalid; -1 when GEOS cannot even build it, which is invalid too) and its reason.
    private static func geos(_ store: SpatiaLiteStore, _ geometry: Geometry) throws -> (valid: Bool, reason: String) {
        let statement = try store.db.prepare("SELECT ST_IsValid(GeomFromText(?, 4326)), ST_IsValidReason(GeomFromText(?, 4326))")
        let text = wkt(geometry)
        try statement.bind([text, text])
        _ = try statement.step()
        return (statement.int(0) == 1, statement.string(1) ?? "")
    }

    private static func ours(_ geometry: Geometry) -> PolygonValidity.Fault? {
        switch geometry {
        case let .polygon(rings): PolygonValidity.fault(ofPolygon: rings)
        case let .multiPolygon(parts): PolygonValidity.fault(ofMultiPolygon: parts)
        default: nil
        }
    }

    static let handMade: [(String, Geometry, Bool)] = [
        // The issue's four.
        ("bow-tie", .polygon([ring([(0, 0), (2, 2), (2, 0), (0, 2), (0, 0)])]), false),
        ("hole outside its shell", .polygon([square(0, 0, 4), square(5, 5, 1)]), false),
        ("four equal points", .polygon([ring([(1, 1), (1, 1), (1, 1), (1, 1)])]), false),
        ("overlapping parts", .multiPolygon([[square(0, 0, 2)], [square(1, 1, 2)]]), false),
        // Valid shapes, and the touches OGC allows.
        ("square", .polygon([square(0, 0, 1)]), true),
        ("repeated positions", .polygon([ring([(0, 0), (1, 0), (1, 0), (1, 1), (0, 1), (0, 0), (0, 0)])]), true),
        ("hole inside", .polygon([square(0, 0, 4), square(1, 1, 1)]), true),
        ("hole touching its shell at a corner", .polygon([square(0, 0, 4), ring([(0, 0), (1, 2), (2, 1), (0, 0)])]), true),
        ("hole touching its shell inside an edge", .polygon([square(0, 0, 4), ring([(2, 0), (3, 1), (1, 1), (2, 0)])]), true),
        ("two holes touching at a point", .polygon([square(0, 0, 4), ring([(1, 1), (2, 2), (1, 2), (1, 1)]), ring([(2, 2), (3, 2), (3, 3), (2, 2)])]), true),
        ("parts touching at a point", .multiPolygon([[square(0, 0, 1)], [square(1, 1, 1)]]), true),
        ("part in another's hole", .multiPolygon([[square(0, 0, 6), square(1, 1, 4)], [square(2, 2, 1)]]), true),
        ("part in another's hole touching it", .multiPolygon([[square(0, 0, 6), square(1, 1, 4)], [ring([(1, 1), (3, 2), (2, 3), (1, 1)])]]), true),
        // Invalid.
        ("hole touching its shell at two points", .polygon([square(0, 0, 4), ring([(0, 0), (4, 4), (1, 3), (0, 0)])]), false),
        ("ring touching itself", .polygon([ring([(0, 0), (4, 0), (2, 2), (4, 4), (0, 4), (2, 2), (0, 0)])]), false),
        ("spike", .polygon([ring([(0, 0), (4, 0), (4, 4), (2, 4), (2, 6), (2, 4), (0, 4), (0, 0)])]), false),
        ("collinear ring", .polygon([ring([(0, 0), (2, 0), (1, 0), (0, 0)])]), false),
        ("hole crossing its shell", .polygon([square(0, 0, 4), square(3, 1, 2)]), false),
        ("hole equal to its shell", .polygon([square(0, 0, 4), square(0, 0, 4)]), false),
        ("nested holes", .polygon([square(0, 0, 6), square(1, 1, 4), square(2, 2, 1)]), false),
        ("holes crossing", .polygon([square(0, 0, 6), square(1, 1, 2), square(2, 2, 2)]), false),
        ("cycle of touches", .polygon([square(0, 0, 4), ring([(0, 2), (2, 1), (2, 2), (0, 2)]), ring([(2, 2), (4, 2), (2, 3), (2, 2)])]), false),
        ("parts sharing an edge", .multiPolygon([[square(0, 0, 1)], [square(1, 0, 1)]]), false),
        ("part inside another", .multiPolygon([[square(0, 0, 4)], [square(1, 1, 1)]]), false),
        ("parts crossing at vertices", .multiPolygon([[square(0, 0, 4)], [ring([(1, 0), (2, 1), (3, 0), (2, -1), (1, 0)])]]), false),
        ("equal parts", .multiPolygon([[square(0, 0, 1)], [square(0, 0, 1)]]), false),
    ]

    @Test func handMadeCasesAgreeWithGEOS() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        for (name, geometry, valid) in Self.handMade {
            let oracle = try Self.geos(store, geometry)
            let fault = Self.ours(geometry)
            #expect(oracle.valid == valid, "\(name): GEOS says \(oracle.reason)")
            #expect((fault == nil) == valid, "\(name): \(fault.map(String.init(describing:)) ?? "valid")")
        }
        // The reason names the ring and where.
        #expect(Self.ours(Self.handMade[0].1)?.description == "ring 0 crosses itself near 1.0,1.0")
        #expect(Self.ours(Self.handMade[1].1)?.description == "ring 1 (a hole) lies outside its shell near 5.0,5.0")
        #expect(Self.ours(Self.handMade[2].1)?.description == "ring 0 has 1 distinct position(s), needs at least 3 near 1.0,1.0")
        #expect(Self.ours(Self.handMade[3].1)?.description == "parts 0 and 1 overlap near 2.0,1.0")
    }

    /// Random polygons on a 7×7 grid: rings of random positions (mostly invalid), rings whose
    /// positions are sorted around a centre (often valid) with such holes, and multipolygons of those.
    @Test func randomPolygonsAgreeWithGEOS() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        var random = SeededRandom(seed: 32)
        func position(_ range: ClosedRange<Int>) -> Coordinate {
            Coordinate(lat: Double(Int.random(in: range, using: &random)), lon: Double(Int.random(in: range, using: &random)))
        }
        func closed(_ points: [Coordinate]) -> [Coordinate] { points + [points[0]] }
        func star(_ range: ClosedRange<Int>) -> [Coordinate] {
            let points = (0..<Int.random(in: 3...7, using: &random)).map { _ in position(range) }
            let centre = Coordinate(lat: points.map(\.lat).reduce(0, +) / Double(points.count), lon: points.map(\.lon).reduce(0, +) / Double(points.count))
            return closed(points.sorted { atan2($0.lat - centre.lat, $0.lon - centre.lon) < atan2($1.lat - centre.lat, $1.lon - centre.lon) })
        }
        func polygon() -> [[Coordinate]] {
            let lower = Int.random(in: 0...3, using: &random)
            return [star(0...6)] + (0..<Int.random(in: 0...2, using: &random)).map { _ in star(lower...(lower + 3)) }
        }
        var (cases, agreed, valid) = (0, 0, 0)
        var disagreements: [String] = []
        for k in 0..<3_000 {
            let geometry: Geometry = switch k % 3 {
            case 0: .polygon([closed((0..<Int.random(in: 3...6, using: &random)).map { _ in position(0...6) })])
            case 1: .polygon(polygon())
            default: .multiPolygon((0..<Int.random(in: 2...3, using: &random)).map { _ in polygon() })
            }
            let oracle = try Self.geos(store, geometry)
            let fault = Self.ours(geometry)
            cases += 1
            if oracle.valid { valid += 1 }
            if oracle.valid == (fault == nil) {
                agreed += 1
            } else if disagreements.count < 10 {
                disagreements.append("\(Self.wkt(geometry)): GEOS \(oracle.reason); ours \(fault.map(String.init(describing:)) ?? "valid")")
            }
        }
        print("PolygonValidity: \(agreed) of \(cases) random polygons agree with GEOS (\(valid) valid by GEOS)")
        #expect(agreed == cases, "\(disagreements.joined(separator: "\n"))")
        #expect(valid > 300 && valid < cases - 300, "both verdicts well represented")
    }

    /// Every polygon of Natural Earth's land, lakes and countries: the same verdicts as GEOS, and
    /// the time the largest takes.
    @Test(.enabled(if: hasNaturalEarth, "../shared/data/naturalearth is absent: real polygons were not checked"))
    func naturalEarthPolygonsAgreeWithGEOS() throws {
        let database = TemporaryDatabase()
        let store = try SpatiaLiteStore(path: database.path)
        var (cases, agreed, invalid) = (0, 0, 0)
        var largest: (name: String, geometry: Geometry, vertices: Int)?
        for file in ["ne_10m_lakes_europe", "ne_50m_lakes", "ne_50m_land", "ne_110m_land", "ne_50m_admin_0_countries", "ne_110m_admin_0_countries"] {
            let data = try Data(contentsOf: naturalEarth.appendingPathComponent(file + ".geojson"))
            let features = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["features"] as? [[String: Any]])
            for (k, feature) in features.enumerated() {
                guard let geometry = Self.area(feature["geometry"]) else { continue }
                let oracle = try Self.geos(store, geometry)
                let ours = Self.ours(geometry)
                cases += 1
                if !oracle.valid { invalid += 1 }
                if oracle.valid == (ours == nil) { agreed += 1 }
                #expect(oracle.valid == (ours == nil), "\(file) feature \(k): GEOS \(oracle.reason); ours \(ours.map(String.init(describing:)) ?? "valid")")
                let vertices = geometry.coordinates.count
                if vertices > largest?.vertices ?? 0 { largest = ("\(file) feature \(k)", geometry, vertices) }
            }
        }
        print("PolygonValidity: \(agreed) of \(cases) Natural Earth polygons agree with GEOS (\(invalid) invalid by GEOS)")
        let (name, geometry, vertices) = try #require(largest)
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<5 { times.append(clock.measure { _ = Self.ours(geometry) }) }
        let geosTime = try clock.measure { _ = try Self.geos(store, geometry) }
        print("PolygonValidity: the largest, \(name) (\(vertices) vertices), takes \(times.min()!) (best of 5; GEOS through SpatiaLite with WKT parsing \(geosTime))")
    }

    /// A valid ring of 100 000 vertices (a wavy circle, like a long coastline) and the same with
    /// one crossing: linear, not quadratic, time.
    @Test func aLongRingIsCheckedQuickly() {
        let n = 100_000
        var ring = (0..<n).map { k -> Coordinate in
            let angle = Double(k) / Double(n) * 2 * .pi
            let radius = 1 + 0.2 * sin(angle * 400)
            return Coordinate(lat: 60 + radius * sin(angle), lon: 24 + radius * cos(angle))
        }
        ring.append(ring[0])
        let clock = ContinuousClock()
        var fault: PolygonValidity.Fault?
        let valid = clock.measure { fault = PolygonValidity.fault(ofPolygon: [ring]) }
        #expect(fault == nil)
        ring.swapAt(n / 2, n / 2 + 1)
        let crossed = clock.measure { fault = PolygonValidity.fault(ofPolygon: [ring]) }
        #expect(fault?.reason == "ring 0 crosses itself")
        print("PolygonValidity: a ring of \(n) vertices takes \(valid) (valid), \(crossed) (one crossing)")
    }

    private static func area(_ value: Any?) -> Geometry? {
        guard let object = value as? [String: Any], let type = object["type"] as? String else { return nil }
        func ring(_ v: Any) -> [Coordinate] { (v as? [[Double]] ?? []).map { Coordinate(lat: $0[1], lon: $0[0]) } }
        func polygon(_ v: Any) -> [[Coordinate]] { (v as? [Any] ?? []).map(ring) }
        switch type {
        case "Polygon": return .polygon(polygon(object["coordinates"] as Any))
        case "MultiPolygon": return .multiPolygon((object["coordinates"] as? [Any] ?? []).map(polygon))
        default: return nil
        }
    }
}
