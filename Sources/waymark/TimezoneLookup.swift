import ArgumentParser
import Foundation
import GeoCore
import GeoStore

struct TimezoneLookup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "at",
        abstract: "The time zone of a point and its offset from UTC now (or --at a time): the zone whose polygon holds it (the smallest where "
            + "polygons overlap; they include territorial waters); at sea just outside one (1.2 km, the polygons' precision), that zone; else the nautical zone of the longitude (Etc/GMT±N).")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var point: PointOptions

    @Option(help: "The time to give the offset at (default: now): 2026-12-24T18:00:00Z or with an offset (+01:00), 2026-12-24T18:00 on the point's own clock, or a day (2026-12-24, its midday there).")
    var at: String?

    @Option(help: "Output: table (for people), json, or geojson (a Feature of the point).")
    var format: OutputFormat = .table

    func run() throws {
        let store = try database.open()
        let (answer, asked) = try withOptionNames(in: Self.self) { () throws -> (ZoneAnswer?, ZoneTime?) in
            (try store.timezone(at: point.coordinate), try at.map(ZoneTime.init(parsing:)))
        }
        guard let answer else {
            throw ValidationError("the database holds no time zone polygons; import them with `waymark timezone import FILE` "
                                  + "(Data/timezones/tz_world_simpl001.geojson has the world's)")
        }
        let time = asked.map { $0.instant(in: ZoneRules.named(answer.zone)) } ?? Date()
        switch format {
        case .json: print(String(decoding: ZoneOutput.json(answer, at: point.coordinate, time: time), as: UTF8.self))
        case .geojson: print(String(decoding: ZoneOutput.feature(answer, at: point.coordinate, time: time), as: UTF8.self))
        case .table:
            let found = switch answer.method {
            case .contains: "its polygon holds the point"
            case .territorialWaters: String(format: "in its territorial waters, %.3f km outside its polygon", (answer.distance ?? 0) / 1000)
            case .longitude: "at sea: by the longitude"
            }
            let clock = answer.clock(at: time)
            let offset = clock.map { "UTC" + ZoneOutput.offset(seconds: $0.offset) + " " + $0.abbreviation + ($0.isDaylightSavingTime ? " (DST)" : "") }
            let next = clock?.nextTransition.map { UTC.format($0) } ?? "none"
            print(TextTable.render([["zone", at == nil ? "offset now" : "offset at \(UTC.format(time))", "next change", "found"],
                                    [answer.zone, offset ?? "(unknown)", next, found]], rightAligned: []))
        }
    }
}
