import ArgumentParser
import GeoCore
import GeoStore

/// What `nearest` and `within` share: a point, the query options, and one way to run them.
struct DistanceQuery: ParsableArguments {
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var point: PointOptions
    @OptionGroup var query: QueryOptions

    /// The query of `command` (whose names its errors use); the engine checks its values.
    func run(maxDistance: Double?, command: any ParsableCommand.Type) throws {
        let store = try database.open()
        let page = try withOptionNames(in: command) {
            try store.nearest(NearestQuery(center: point.coordinate, limit: query.page.limit, categories: try query.categories.filter,
                                           sources: try query.page.sources, maxDistance: maxDistance, after: try query.page.after))
        }
        try query.print(page, from: store, showDistance: true)
    }
}
