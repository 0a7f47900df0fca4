import ArgumentParser
import Foundation
import GeoCore
import GeoStore

struct Cinemas: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cinemas",
        abstract: "Cinemas near a point with their programme of a day, nearest first (as /v1/cinemas).",
        discussion: """
            The day is local to each cinema (its own time zone); without --date, the day it is now in each cinema's \
            zone. Only cinemas with screenings on that day (of --film, when given) are listed.
            """)
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var point: PointOptions

    @Option(parsing: .unconditional, help: "Only cinemas within this many metres.", transform: decimal)
    var radius: Double?

    @Option(help: "The day, YYYY-MM-DD, local to each cinema (default: each cinema's today).")
    var date: String?

    @Option(help: "Only screenings whose title contains this text (case and diacritics do not matter).")
    var film: String?

    @OptionGroup var page: PageOptions

    func run() throws {
        let store = try database.open()
        let answer = try withOptionNames(in: Self.self) {
            try store.cinemas(NearestQuery(center: point.coordinate, limit: page.limit, sources: try page.sources,
                                           maxDistance: radius, after: try page.after),
                              day: date, film: film)
        }
        switch page.format {
        case .geojson: print(String(decoding: CinemaOutput.geoJSON(answer), as: UTF8.self))
        case .json: print(String(decoding: CinemaOutput.plain(answer), as: UTF8.self))
        case .table:
            var rows = [["km", "cinema", "start", "title", "minutes", "rating", "version"]]
            for p in answer.programmes {
                let zone = TimeZone(identifier: p.timezone) ?? .gmt
                let km = p.cinema.distance.map { String(format: "%.3f", $0 / 1000) } ?? ""
                for (i, s) in p.screenings.enumerated() {
                    // The cinema's clock: "2012-05-08 11:00 +02:00".
                    let local = CinemaOutput.localStart(s, zone: zone)
                    let start = String(local.prefix(16)).replacingOccurrences(of: "T", with: " ") + " " + String(local.suffix(6))
                    rows.append([i == 0 ? km : "", i == 0 ? "\(p.cinema.name ?? "(unnamed)") (\(p.cinema.id))" : "", start, s.title,
                                 s.minutes.map(String.init) ?? "", s.rating ?? "", s.version ?? ""])
                }
            }
            print(TextTable.render(rows, rightAligned: [0, 4]))
            if answer.programmes.isEmpty {
                print(film.map { "(no cinema nearby shows a film whose title contains '\($0)' on that day)" } ?? "(no cinema with screenings on that day)")
            }
            if let next = answer.next { print("more: --cursor \(next.token)") }
        }
    }
}
