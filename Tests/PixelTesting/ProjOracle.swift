import Foundation
import GeoCore
import TestSupport

/// PROJ's own command-line tool `cs2cs` (Debian package proj-bin, see scripts/install-deps.sh),
/// run as a subprocess: the independent oracle of where a projected CRS puts a place, for the
/// renderer's and the atlas's tests.
public enum ProjOracle {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// World pixels at zoom 0 per metre: 256 px are the equator's length (WGS84 semi-major axis).
    public static let pixelsPerMetre = 256 / (2 * Double.pi * 6378137)

    /// Which of cs2cs's two output columns is which, in the CRS's official (EPSG) axis order, as
    /// `projinfo EPSG:CODE` lists its AXIS entries: LKS-92 / Latvia TM (3059) is "northing (X)"
    /// then "easting (Y)"; S-JTSK / Krovak East North (5514) is "easting (X)" then "northing (Y)".
    public enum AxisOrder: Sendable { case eastingNorthing, northingEasting }
    public static let axisOrder: [Int: AxisOrder] = [3059: .northingEasting, 5514: .eastingNorthing, 3857: .eastingNorthing]

    /// Eastings and northings in metres of `points` in EPSG:`epsg`, by
    /// `cs2cs -f %.6f EPSG:4326 EPSG:<epsg>`. EPSG:4326's official axis order is latitude,
    /// longitude, so each input line is "LAT LON"; the output columns follow the target's official
    /// order, sorted out by `axisOrder`.
    public static func cs2cs(_ points: [Coordinate], epsg: Int) async throws -> [(easting: Double, northing: Double)] {
        guard let order = axisOrder[epsg] else { throw Failure(description: "no axis order written down for EPSG:\(epsg)") }
        let input = points.map { String(format: "%.10f %.10f\n", $0.lat, $0.lon) }.joined()
        let output = try await runCS2CS(["-f", "%.6f", "EPSG:4326", "EPSG:\(epsg)"], input: input)
        let rows = output.split(separator: "\n").map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) } }
        guard rows.count == points.count, rows.allSatisfy({ $0.count == 3 }) else { throw Failure(description: "cs2cs said: \(output)") }
        return rows.map { order == .eastingNorthing ? ($0[0], $0[1]) : ($0[1], $0[0]) }
    }

    /// The oracle's world pixel at zoom 0: metres scaled, y pointing south.
    public static func oraclePixel(_ en: (easting: Double, northing: Double)) -> (x: Double, y: Double) {
        (en.easting * pixelsPerMetre, -en.northing * pixelsPerMetre)
    }

    public static func runCS2CS(_ arguments: [String], input: String) async throws -> String {
        do { return try await ChildProcess.output(of: "cs2cs", arguments, input: Data(input.utf8)) } catch {
            throw Failure(description: "\(error); install proj-bin (scripts/install-deps.sh)")
        }
    }

    /// Latitudes and longitudes of eastings and northings in EPSG:`epsg`, by cs2cs's inverse
    /// (`cs2cs -I -f %.12f EPSG:4326 EPSG:<epsg>`): input in the target's official axis order,
    /// output in EPSG:4326's, latitude first.
    public static func cs2csInverse(_ points: [(easting: Double, northing: Double)], epsg: Int) async throws -> [Coordinate] {
        guard let order = axisOrder[epsg] else { throw Failure(description: "no axis order written down for EPSG:\(epsg)") }
        let input = points.map { p in
            order == .eastingNorthing ? String(format: "%.6f %.6f\n", p.easting, p.northing) : String(format: "%.6f %.6f\n", p.northing, p.easting)
        }.joined()
        let output = try await runCS2CS(["-I", "-f", "%.12f", "EPSG:4326", "EPSG:\(epsg)"], input: input)
        let rows = output.split(separator: "\n").map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) } }
        guard rows.count == points.count, rows.allSatisfy({ $0.count == 3 }) else { throw Failure(description: "cs2cs -I said: \(output)") }
        return rows.map { Coordinate(lat: $0[0], lon: $0[1]) }
    }
}
