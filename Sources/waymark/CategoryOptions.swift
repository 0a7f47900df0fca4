import ArgumentParser
import GeoCore

/// `--category`, the one way every command takes it (queries, render, delete): read here as the
/// server reads `category=` (`CategoryFilter(parsing:)`), checked against the store by the engine.
struct CategoryOptions: ParsableArguments {
    @Option(help: "Comma-separated category codes (do, see, stay, eat, route, city, cinema, water, trip, …) or the guide's labels for them (\"Kur paēst\"); default: all.")
    var category: String?

    /// The categories as typed; all of them without `--category`.
    var filter: CategoryFilter { get throws { try category.map { try CategoryFilter(parsing: $0) } ?? CategoryFilter() } }
}
