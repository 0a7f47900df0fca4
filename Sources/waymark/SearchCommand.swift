import ArgumentParser
import GeoCore
import GeoStore

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Features by name in any language, address, film title, or a trip's catch, notes or water, best first.",
        discussion: """
            Case and diacritics are ignored (plaucaki finds Pļaucaki), a word may be the start of one \
            (muze finds muzejs), and a word of 5 letters or more may have one typo (helsinky finds Helsinki). \
            cost = mean word penalty (0 exact, 0.25 start, 0.5 typo; 1 more for a word found only outside \
            the names) + importance (0.1 for a record without a population, less the larger the place) \
            + distance / 10 km with --lat/--lon; records without a position come after those with one \
            (and never within a --radius or --bbox).
            """)
    @OptionGroup var database: DatabaseOptions

    @Argument(help: "What to look for (quote several words).")
    var text: String

    @Option(parsing: .unconditional, help: "Latitude of a point to rank by distance from (with --lon).", transform: decimal)
    var lat: Double?

    @Option(parsing: .unconditional, help: "Longitude of a point to rank by distance from (with --lat).", transform: decimal)
    var lon: Double?

    @Option(parsing: .unconditional, help: "Only features within this many metres of the point.", transform: decimal)
    var radius: Double?

    @Option(parsing: .unconditional, help: "Only features meeting MINLON,MINLAT,MAXLON,MAXLAT.")
    var bbox: String?

    @Option(help: "Only this kind: poi, water, cinema or trip.")
    var kind: String?

    @Option(name: .customLong("in"), help: "Look in these fields only, comma-separated: name, address, film, catch, notes, water (default: all).")
    var fields: String?

    @OptionGroup var query: QueryOptions

    func run() throws {
        guard (lat == nil) == (lon == nil) else { throw ValidationError("--lat and --lon go together") }
        let store = try database.open()
        let page = try withOptionNames(in: Self.self) {
            try store.search(SearchQuery(
                text: text, center: lat.map { Coordinate(lat: $0, lon: lon!) }, categories: try query.categories.filter,
                kind: try kind.map { try SearchQuery.kind(parsing: $0) }, sources: try query.page.sources, maxDistance: radius,
                box: try bbox.map { try BoundingBox(parsing: $0) },
                fields: try fields.map { try SearchField.fields(parsing: $0) } ?? Set(SearchField.allCases),
                limit: query.page.limit, after: try query.page.after))
        }
        try query.print(page, from: store, showDistance: lat != nil)
    }
}
