import CProj
import Foundation
import GeoCore

/// A projected coordinate reference system named by its EPSG code, through PROJ: printable maps
/// of a country are drawn in its own grid (LKS-92, S-JTSK/Krovak, Stereo 70…) rather than Web
/// Mercator. Positions are PROJ's eastings and northings in metres, scaled so that 256 pixels at
/// zoom 0 are the equator's length, as in Web Mercator: a zoom shows the same detail in both.
public final class ProjectedCRS: MapProjection, @unchecked Sendable {
    public let epsg: Int
    public var identifier: String { "EPSG:\(epsg)" }
    // A PROJ context and its transformation are not safe to share between threads: calls are serialised.
    private let lock = NSLock()
    private let context: OpaquePointer
    private let transformation: OpaquePointer
    /// Metres per unit of the CRS's axes (1 for metres, 0.3048 for feet).
    private let metresPerUnit: Double

    private static let worldMetres = 2 * Double.pi * Geodesic.equatorialRadius

    /// The map projection for `epsg`: Web Mercator's own maths for 3857, PROJ for the rest.
    public static func projection(epsg: Int) throws -> any MapProjection {
        epsg == 3857 ? WebMercator() : try ProjectedCRS(epsg: epsg)
    }

    /// The projection a person names: `EPSG:3059` (or the bare code); errors name `field`.
    public static func projection(named text: String, field: Field = .crs) throws -> any MapProjection {
        let digits = text.uppercased().hasPrefix("EPSG:") ? String(text.dropFirst(5)) : text
        guard let code = Int(digits), code > 0 else { throw RenderError(field, "'\(text)' is not EPSG:CODE (e.g. EPSG:3059)") }
        return try projection(epsg: code)
    }

    /// Where the CRS is meant to be used (EPSG's area of use), when PROJ knows it.
    public let areaOfUse: BoundingBox?

    public init(epsg: Int) throws {
        self.epsg = epsg
        guard let context = proj_context_create() else { throw RenderError(.crs, "PROJ cannot start") }
        do {
            (transformation, metresPerUnit, areaOfUse) = try Self.open(epsg, in: context)
        } catch {
            proj_context_destroy(context)  // only now: every PROJ object made in it is gone
            throw error
        }
        self.context = context
    }

    /// The transformation from WGS84 to the CRS, its unit in metres and its area of use.
    private static func open(_ epsg: Int, in context: OpaquePointer) throws -> (OpaquePointer, Double, BoundingBox?) {
        func fail(_ reason: String) -> RenderError { RenderError(.crs, "EPSG:\(epsg) \(reason)") }
        guard let crs = proj_create(context, "EPSG:\(epsg)") else { throw fail("is not a coordinate reference system PROJ knows") }
        defer { proj_destroy(crs) }
        guard proj_get_type(crs) == PJ_TYPE_PROJECTED_CRS else {
            throw fail("is not a projected CRS; a map needs one whose axes are lengths (e.g. EPSG:3059 for Latvia)")
        }
        var unit = 1.0
        if let system = proj_crs_get_coordinate_system(context, crs) {
            defer { proj_destroy(system) }
            proj_cs_get_axis_info(context, system, 0, nil, nil, nil, &unit, nil, nil, nil)
        }
        guard unit > 0, unit.isFinite else { throw fail("has axes in no known unit") }
        var (west, south, east, north) = (-1000.0, -1000.0, -1000.0, -1000.0)
        let known = proj_get_area_of_use(context, crs, &west, &south, &east, &north, nil) == 1 && west > -1000
        let area = known ? BoundingBox(minLon: west, minLat: south, maxLon: east, maxLat: north) : nil
        guard let raw = proj_create_crs_to_crs(context, "EPSG:4326", "EPSG:\(epsg)", nil) else {
            throw fail("cannot be reached from WGS84 (EPSG:4326)")
        }
        defer { proj_destroy(raw) }
        // Longitude first, easting first, whatever order the EPSG definitions give their axes.
        guard let normalised = proj_normalize_for_visualization(context, raw) else { throw fail("has no usable axis order") }
        return (normalised, unit, area)
    }

    /// Whether a map of `c` makes sense in this CRS: within its area of use, or up to 5° beyond
    /// it (a map of a country shows its neighbours' edges); everywhere when the area is unknown.
    public func covers(_ c: Coordinate) -> Bool {
        guard let a = areaOfUse else { return true }
        return BoundingBox(minLon: a.minLon - 5, minLat: a.minLat - 5, maxLon: a.maxLon + 5, maxLat: a.maxLat + 5).contains(c)
    }

    deinit {
        proj_destroy(transformation)
        proj_context_destroy(context)
    }

    /// Eastings and northings in the CRS's metres; not finite outside its reach.
    public func project(_ c: Coordinate) -> (x: Double, y: Double) {
        let out = lock.withLock { proj_trans(transformation, PJ_FWD, proj_coord(c.lon, c.lat, 0, 0)) }
        guard out.xy.x.isFinite, out.xy.y.isFinite else { return (.nan, .nan) }
        return (out.xy.x * metresPerUnit, out.xy.y * metresPerUnit)
    }

    public func pixel(_ c: Coordinate) -> (x: Double, y: Double) {
        let p = project(c), perMetre = WebMercator.tileSize / Self.worldMetres
        return (p.x * perMetre, -p.y * perMetre)
    }

    public func coordinate(x: Double, y: Double) -> Coordinate {
        let metresPerPixel = Self.worldMetres / WebMercator.tileSize
        let easting = x * metresPerPixel / metresPerUnit, northing = -y * metresPerPixel / metresPerUnit
        let out = lock.withLock { proj_trans(transformation, PJ_INV, proj_coord(easting, northing, 0, 0)) }
        return Coordinate(lat: out.lp.phi, lon: out.lp.lam)
    }
}
