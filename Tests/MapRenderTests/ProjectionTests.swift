import Foundation
import GeoCore
import GeoStore
import PixelTesting
import Testing
@testable import MapRender

/// `ProjectedCRS` against an independent oracle: PROJ's own command-line tool `cs2cs` (Debian
/// package proj-bin, see scripts/install-deps.sh), run as a subprocess. Every expected pixel is
/// worked out here from cs2cs's eastings and northings in metres, never from the code under test.
@Suite struct ProjectionTests {
    let style: MapStyle

    init() throws { style = try MapStyle.named("default") }

    static let riga = Coordinate(lat: 56.9496, lon: 24.1052)
    static let roja = Coordinate(lat: 57.50935, lon: 22.80612)
    static let brno = Coordinate(lat: 49.1951, lon: 16.6068)
    static let prague = Coordinate(lat: 50.0874, lon: 14.4213)

    /// The axis order written down in `axisOrder` is the one cs2cs really prints: in LKS-92 the
    /// central meridian 24° E has easting 500 000 m and the false northing is −6 000 000 m (so
    /// Latvia's northings are 150–450 km); in Krovak East North all of Czechia has negative
    /// eastings (−905…−430 km) and more negative northings (−1 250…−930 km).
    @Test func theOraclesAxesAreWhereTheTestTakesThem() async throws {
        let latvia = try await ProjOracle.cs2cs([Self.riga, Self.roja, Coordinate(lat: 57, lon: 24)], epsg: 3059)
        #expect(latvia[0].easting > 500_000 && latvia[1].easting < 500_000, "Riga east of 24° E, Roja west: \(latvia)")
        #expect(abs(latvia[2].easting - 500_000) < 1e-6)
        for p in latvia { #expect((150_000...450_000).contains(p.northing), "\(p)") }
        #expect(latvia[1].northing > latvia[0].northing, "Roja is north of Riga")
        let czechia = try await ProjOracle.cs2cs([Self.brno, Self.prague], epsg: 5514)
        for p in czechia {
            #expect((-905_000 ... -430_000).contains(p.easting) && (-1_250_000 ... -930_000).contains(p.northing), "\(p)")
        }
        #expect(czechia[0].easting > czechia[1].easting && czechia[0].northing < czechia[1].northing, "Brno is east and south of Prague")
    }

    /// Forward against `cs2cs`, backward against `cs2cs -I`, and the round trip. Going back is
    /// exact for LKS-92 (its datum is WGS84's, to the metre), but WGS84 → S-JTSK is a 7-parameter
    /// Helmert shift (small-angle rotations) that PROJ does not invert exactly: PROJ's own
    /// `cs2cs EPSG:4326 EPSG:4156 | cs2cs EPSG:4156 EPSG:4326` comes back ~9e-9° (about 1 mm) off
    /// Brno, the Krovak step alone exactly. So 5514's round trip is held to 2e-8° (2 mm), and the
    /// inverse to what `cs2cs -I` gives, within 1e-9°.
    @Test(arguments: [(3059, [riga, roja], 1e-9), (5514, [brno, prague], 2e-8)])
    func pixelsAreTheOraclesMetresScaled(epsg: Int, points: [Coordinate], roundTrip: Double) async throws {
        let crs = try ProjectedCRS(epsg: epsg)
        #expect(crs.identifier == "EPSG:\(epsg)")
        let oracle = try await ProjOracle.cs2cs(points, epsg: epsg), inverse = try await ProjOracle.cs2csInverse(oracle, epsg: epsg)
        // A few millimetres at zoom 0 (one zoom-0 pixel is 156 543 m): 5 mm ≈ 3.2e-8 px.
        let tolerance = 0.005 * ProjOracle.pixelsPerMetre
        for ((c, en), back) in zip(zip(points, oracle), inverse) {
            let expected = ProjOracle.oraclePixel(en), actual = crs.pixel(c)
            #expect(abs(actual.x - expected.x) <= tolerance && abs(actual.y - expected.y) <= tolerance,
                    "EPSG:\(epsg) \(c): pixel \(actual), cs2cs \(en) gives \(expected)")
            // Back from the oracle's pixel: where cs2cs -I takes its metres.
            let fromOracle = crs.coordinate(x: expected.x, y: expected.y)
            #expect(abs(fromOracle.lat - back.lat) <= 1e-9 && abs(fromOracle.lon - back.lon) <= 1e-9,
                    "EPSG:\(epsg) \(expected) → \(fromOracle); cs2cs -I gives \(back)")
            // Back from its own pixel: the coordinate it came from.
            let trip = crs.coordinate(x: actual.x, y: actual.y)
            #expect(abs(trip.lat - c.lat) <= roundTrip && abs(trip.lon - c.lon) <= roundTrip, "EPSG:\(epsg) \(actual) → \(trip), not \(c)")
        }
    }

    /// A pin drawn in LKS-92 stands where cs2cs's metres put it relative to the map's centre.
    @Test func aPinStandsOnThePointTheOracleProjects() async throws {
        let centre = Self.riga
        // About 230 m east and 160 m north of the centre: the pin stands clear of the legend and scale bar.
        let poi = Coordinate(lat: 56.9510, lon: 24.1090)
        let zoom = 15.0, (w, h) = (400.0, 300.0)
        let request = MapRequest(features: [Feature(id: FeatureID(kind: .poi, row: 1), category: "see", name: nil, names: [:], address: nil,
                                                    geometry: .point(poi), distance: nil, properties: [:])],
                                 projection: try ProjectedCRS(epsg: 3059), framing: .center(centre, zoom: zoom),
                                 width: w, height: h, style: style)
        let image = try Pixels(png: MapRenderer.render(request))
        #expect(image.width == 400 && image.height == 300)

        let oracle = try await ProjOracle.cs2cs([poi, centre], epsg: 3059)
        let (p, c) = (oracle[0], oracle[1])
        let k = pow(2, zoom) * ProjOracle.pixelsPerMetre
        let tip = ((p.easting - c.easting) * k + w / 2, -(p.northing - c.northing) * k + h / 2)
        // Sanity of the oracle's numbers themselves: ~230 m east (≈ 48 px), ~160 m north (≈ 33 px).
        #expect((40...56).contains(tip.0 - w / 2) && (25...41).contains(h / 2 - tip.1), "\(tip)")

        let colour = style.category("see").color
        // Pins are stamped snapped to the nearest device pixel: the tip may move up to a pixel on
        // each axis. 7 px above the tip the teardrop is already wider than that slack on either side.
        let column = Int(tip.0.rounded(.down)), row = Int((tip.1 - 7).rounded(.down))
        let body = (-1...1).flatMap { dx in (-1...1).map { dy in (column + dx, row + dy) } }
        let missing = body.filter { !image.near($0.0, $0.1, colour) }
        #expect(missing.isEmpty, "pin body above the tip \(tip): not the pin's colour at \(missing)")
        // The pin's fill on that row: centred on the tip's column within the snapping.
        let filled = (0..<image.width).filter { image.near($0, row, colour) }
        let middle = Double((filled.min() ?? -99) + (filled.max() ?? -99) + 1) / 2
        #expect(abs(middle - tip.0) <= 1.5, "fill spans \(filled.min() ?? -1)…\(filled.max() ?? -1) on row \(row); tip at x \(tip.0)")
        // Where the fill ends downwards: the teardrop narrows to its tip, the last ~2 px of it
        // outline, so the fill's lower edge is just above the tip: no lower, nor more than a few
        // pixels higher, snapping allowed for. (The soft ellipse under the tip is its shadow.)
        let rows = (0..<image.height).filter { y in ((column - 12)...(column + 12)).contains { image.near($0, y, colour) } }
        let lowerEdge = Double((rows.max() ?? -1) + 1)
        #expect(lowerEdge >= tip.1 - 4.5 && lowerEdge <= tip.1 + 0.5, "the pin's fill ends at y \(lowerEdge); tip at y \(tip.1)")
        // 40 px to the side: the map's background.
        #expect(image.near(Int(tip.0 + 40), row, style.background), "background right of the pin")
        #expect(image.near(Int(tip.0 - 40), row, style.background), "background left of the pin")
    }

    @Test func aGeographicCRSIsRefusedNamingCRS() throws {
        let error = try #require(throws: RenderError.self) { try ProjectedCRS(epsg: 4326) }
        #expect(error.description.hasPrefix("crs:") && error.description.contains("EPSG:4326"), "\(error)")
        #expect(error.description.contains("not a projected CRS"), "\(error)")
    }

    @Test func anUnknownCodeIsRefusedNamingCRS() throws {
        let error = try #require(throws: RenderError.self) { try ProjectedCRS(epsg: 999999) }
        #expect(error.description.hasPrefix("crs:") && error.description.contains("999999"), "\(error)")
    }

    /// Latvia at zoom 7 in LKS-92 (the image reaches from Poland to Finland).
    static let latvia = Viewport(center: Coordinate(lat: 56.9, lon: 24.6), zoom: 7, width: 1024, height: 768,
                                 projection: try! ProjectedCRS(epsg: 3059))

    static func inside(_ c: Coordinate, _ box: BoundingBox) -> Bool {
        c.lat >= box.minLat && c.lat <= box.maxLat && c.lon >= box.minLon && c.lon <= box.maxLon
    }

    @Test func boundsCoverAGridOfThePixels() throws {
        let v = Self.latvia, box = v.bounds(margin: 0)
        #expect(!box.crossesAntimeridian && box.maxLon - box.minLon < 30, "\(box)")
        for i in 0...8 {
            for j in 0...8 {
                // Pixel centres from the top-left pixel to the bottom-right one.
                let x = 0.5 + Double(i) * (v.width - 1) / 8, y = 0.5 + Double(j) * (v.height - 1) / 8
                let c = v.coordinate(x: x, y: y)
                #expect(Self.inside(c, box), "pixel (\(x), \(y)) at \(c) is outside \(box)")
            }
        }
    }

    /// Every pixel of the image's rim, where in a transverse Mercator the extreme latitudes and
    /// longitudes lie (latitude grows with northing at a fixed easting, longitude with easting at
    /// a fixed northing): the whole image is then inside the box. The image's top edge is a line of
    /// constant northing, which reaches farthest north where it crosses the central meridian
    /// (24° E, easting 500 000 m); here that is 64 px left of the centre, halfway between two of
    /// the nine points `bounds` samples on each edge, and the top row there is north of the box.
    @Test func boundsCoverEveryPixelOfTheRim() async throws {
        let metresPerPixel = 2 * Double.pi * 6378137 / 256 / pow(2, 6)
        let metres = try await ProjOracle.cs2cs([Coordinate(lat: 56.9, lon: 24)], epsg: 3059)[0]
        let center = try await ProjOracle.cs2csInverse([(metres.easting + 64 * metresPerPixel, metres.northing)], epsg: 3059)[0]
        let v = Viewport(center: center, zoom: 6, width: 1024, height: 768, projection: try ProjectedCRS(epsg: 3059))
        #expect(abs(v.pixel(Coordinate(lat: 60, lon: 24)).x - 448) < 1e-6, "the central meridian is at x 448")
        let box = v.bounds(margin: 0)
        let (w, h) = (Int(v.width), Int(v.height))
        var rim = (0..<w).flatMap { [(Double($0) + 0.5, 0.5), (Double($0) + 0.5, Double(h) - 0.5)] }
        rim += (0..<h).flatMap { [(0.5, Double($0) + 0.5), (Double(w) - 0.5, Double($0) + 0.5)] }
        let outside = rim.map { (p: $0, c: v.coordinate(x: $0.0, y: $0.1)) }.filter { !Self.inside($0.c, box) }
        let first = outside.first.map { "\($0.p) at \($0.c)" } ?? "", last = outside.last.map { "\($0.p) at \($0.c)" } ?? ""
        #expect(outside.count == 0, "rim pixels outside \(box): \(first) … \(last)")
    }

    /// A polar projection's centre pixel straddles the pole (its ends half a world of longitude
    /// apart): the scale is the geodesic between them, as it is beside the pole and in Latvia's
    /// own projection.
    @Test func metresPerPixelHoldsInPolarAndNationalProjections() throws {
        for (epsg, center) in [(3031, Coordinate(lat: -90, lon: 0)), (3031, Coordinate(lat: -89.99, lon: 40)),
                               (3413, Coordinate(lat: 90, lon: 0)), (3059, Coordinate(lat: 56.9, lon: 24.6))] {
            for zoom in [4.0, 9, 15] {
                let v = Viewport(center: center, zoom: zoom, width: 1023, height: 768, projection: try ProjectedCRS(epsg: epsg))
                let oracle = Geodesic.distance(v.coordinate(x: 511, y: 384), v.coordinate(x: 512, y: 384))
                #expect(abs(v.metresPerPixel - oracle) <= oracle * 1e-6, "EPSG:\(epsg) at \(center), zoom \(zoom): \(v.metresPerPixel) m, the geodesic \(oracle) m")
            }
        }
    }
}
