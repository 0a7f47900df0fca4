import ArgumentParser
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
        let page = try withOptionNames {
            try store.bbox(BoxQuery(box: BoundingBox(parsing: bbox), limit: query.limit, categories: try query.categories(in: store),
                                    after: try query.after))
        }
        try query.print(page, from: store, showDistance: false)
    }
}
