import ArgumentParser
import GeoCore
import GeoStore

/// What `nearest` and `within` share: a point, the query options, and one way to run them.
struct DistanceQuery: ParsableArguments {
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var point: PointOptions
    @OptionGroup var query: QueryOptions

    /// The query; the engine checks its values, and `radiusOption` is what its radius is called here.
    func run(maxDistance: Double?, radiusOption: String) throws {
        let store = try database.open()
        let page = try withOptionNames(["max_distance": radiusOption]) {
            try store.nearest(NearestQuery(center: point.coordinate, limit: query.page.limit, categories: try query.categories(in: store),
                                           sources: try query.page.sources, maxDistance: maxDistance, after: try query.page.after))
        }
        try query.print(page, from: store, showDistance: true)
    }
}
