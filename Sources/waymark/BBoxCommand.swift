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
        let asked = try withOptionNames {
            BoxQuery(box: box, limit: query.page.limit, categories: try query.categories.filter, sources: try query.page.sources,
                     after: try query.page.after)
        }
        let page = try withOptionNames { try store.bbox(asked) }
        try query.print(page, from: store, showDistance: false)
        if page.features.isEmpty, asked.after == nil, let swapped = Self.swapped(box) {
            var other = asked
            (other.box, other.limit) = (swapped, 1)
            // Only a hint: a failure here leaves the answer printed as it was.
            if let found = try? store.bbox(other), !found.features.isEmpty {
                FileHandle.standardError.write(Data("hint: --bbox is MINLON,MINLAT,MAXLON,MAXLAT (longitude first); read latitude first, --bbox \(swapped) finds features\n".utf8))
            }
        }
    }

    /// When a box finds nothing though its longitudes could be latitudes (`57.49,22.77,57.52,22.83`
    /// typed latitude first), the box read the other way: the hint names it if it finds something.
    /// The answer and the exit status stay those of the box as given.
    static func swapped(_ box: BoundingBox) -> BoundingBox? {
        guard abs(box.minLon) <= 90, abs(box.maxLon) <= 90, box.minLon <= box.maxLon else { return nil }
        return BoundingBox(minLon: box.minLat, minLat: box.minLon, maxLon: box.maxLat, maxLat: box.maxLon)
    }
}
