import ArgumentParser
import Foundation
import GeoCore
import GeoStore

/// The angler's diary as its home screen shows it: the trips newest first, each with its date on
/// its own clock, how long it lasted, its water and its catches.
struct Trips: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "trips",
        abstract: "The angler's diary: every trip, newest first (by start; trips without one last), with its date, length, water and catches.")
    @OptionGroup var database: DatabaseOptions

    @Option(help: "At most this many trips (1–\(maximumLimit)).")
    var limit: Int = defaultLimit

    @Option(help: "Continue after the cursor printed with the previous page.")
    var cursor: String?

    @Option(help: "Output: table (for people), json, or geojson (RFC 7946): each trip with its catches, times on the trip's clock.")
    var format: OutputFormat = .table

    @Option(help: "Language of names, where the data has it.", transform: LanguageCode.parse)
    var lang: String?

    func run() throws {
        let store = try database.open()
        let query = try withOptionNames { DiaryQuery(limit: limit, after: try cursor.map { try Cursor(token: $0) }) }
        // The page and its details of one state of the data.
        let page = try withOptionNames { try store.reading { try store.withDetails(store.diary(query)) } }
        switch format {
        case .geojson: print(String(decoding: GeoJSONOutput.featureCollection(page, language: lang), as: UTF8.self))
        case .json: print(String(decoding: GeoJSONOutput.plain(page, language: lang), as: UTF8.self))
        case .table:
            var rows = [["start", "hours", "water", "catches", "name", "id"]]
            for trip in page.features {
                let catches = page.catches[trip.id] ?? []
                rows.append([trip.localTime("start") ?? "(no date)", Self.hours(trip).map { String(format: "%.1f", $0) } ?? "",
                             trip.properties["water"] ?? "", Self.catches(catches), trip.name(in: lang) ?? "(unnamed)", trip.id.description])
            }
            print(TextTable.render(rows, rightAligned: [1]))
            if page.features.isEmpty { print("(no trips recorded)") }
            if let next = page.next { print("more: --cursor \(next.token)") }
        }
    }

    /// From start to end, when both are known.
    static func hours(_ trip: Feature) -> Double? {
        guard let start = trip.properties["start"].flatMap(UTC.parse), let end = trip.properties["end"].flatMap(UTC.parse) else { return nil }
        return end.timeIntervalSince(start) / 3600
    }

    /// "3: pike, carp ×2", species in the order first caught.
    static func catches(_ catches: [CatchRecord]) -> String {
        guard !catches.isEmpty else { return "0" }
        var order: [String] = [], counts: [String: Int] = [:]
        for c in catches {
            if counts[c.species] == nil { order.append(c.species) }
            counts[c.species, default: 0] += 1
        }
        return "\(catches.count): " + order.map { counts[$0]! > 1 ? "\($0) ×\(counts[$0]!)" : $0 }.joined(separator: ", ")
    }
}
