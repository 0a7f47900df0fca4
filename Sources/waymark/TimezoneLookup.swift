import ArgumentParser
import Foundation
import GeoCore
import GeoStore

struct TimezoneLookup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "at",
        abstract: "The time zone of a point and its offset from UTC now: the zone whose polygon holds it (the smallest where "
            + "polygons overlap); at sea, the nearest zone within territorial waters (22.2 km), else the nautical zone of the longitude (Etc/GMT±N).")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var point: PointOptions

    @Option(help: "Output: table (for people), json, or geojson (a Feature of the point).")
    var format: OutputFormat = .table

    func run() throws {
        let store = try database.open()
        guard let answer = try withOptionNames(in: Self.self, { try store.timezone(at: point.coordinate) }) else {
            throw ValidationError("the database holds no time zone polygons; import them with `waymark timezone import FILE` "
                                  + "(Data/timezones/tz_world_simpl001.geojson has the world's)")
        }
        let now = Date()
        switch format {
        case .json: print(String(decoding: ZoneOutput.json(answer, at: point.coordinate, now: now), as: UTF8.self))
        case .geojson: print(String(decoding: ZoneOutput.feature(answer, at: point.coordinate, now: now), as: UTF8.self))
        case .table:
            let found = switch answer.method {
            case .contains: "its polygon holds the point"
            case .territorialWaters: String(format: "nearest within territorial waters (%.3f km)", (answer.distance ?? 0) / 1000)
            case .longitude: "at sea: by the longitude"
            }
            let offset = answer.utcOffset(at: now).map { "UTC" + ZoneOutput.offset(seconds: $0) } ?? "(unknown)"
            print(TextTable.render([["zone", "offset now", "found"], [answer.zone, offset, found]], rightAligned: []))
        }
    }
}
