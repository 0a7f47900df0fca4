import ArgumentParser
import Foundation
import GeoCore
import GeoStore

struct BBox: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bbox",
        abstract: "Features inside a box; MINLON > MAXLON crosses the antimeridian.")
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var query: QueryOptions

    @Option(parsing: .unconditional, help: "MINLON,MINLAT,MAXLON,MAXLAT in degrees.")
    var bbox: String

    func run() throws {
        let store = try database.open()
        let box = try withOptionNames { try BoundingBox(parsing: bbox) }
        let page = try withOptionNames {
            try store.bbox(BoxQuery(box: box, limit: query.page.limit, categories: try query.categories(in: store),
                                    sources: try query.page.sources, after: try query.page.after))
        }
        try query.print(page, from: store, showDistance: false)
        if page.features.isEmpty, query.page.cursor == nil, let hint = Self.orderHint(box) {
            FileHandle.standardError.write(Data((hint + "\n").utf8))
        }
    }

    /// Said when a box finds nothing though its longitudes could be latitudes (`57.49,22.77,57.52,22.83`
    /// typed latitude first): the order, and the box read the other way. The answer and the exit
    /// status stay those of the box as given.
    static func orderHint(_ box: BoundingBox) -> String? {
        guard abs(box.minLon) <= 90, abs(box.maxLon) <= 90, box.minLon <= box.maxLon else { return nil }
        let swapped = [box.minLat, box.minLon, box.maxLat, box.maxLon].map { "\($0)" }.joined(separator: ",")
        return "hint: --bbox is MINLON,MINLAT,MAXLON,MAXLAT (longitude first); if you gave latitude first, try --bbox \(swapped)"
    }
}
