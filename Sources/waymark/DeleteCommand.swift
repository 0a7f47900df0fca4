import ArgumentParser
import GeoCore
import GeoStore

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete records by id, every record of some sources, or what a box and categories select; in one transaction.",
        discussion: """
            Ids are as queries print them (poi/12, water/3, cinema/5, trip/7); a source is the name its records were \
            imported under (the file's name, `import --source NAME`, gpx, travel-guide, osm, geonames; a query's \
            `source` property). --category alone deletes every record of those categories, those without a position \
            too. An id that is not stored deletes nothing; a source nothing comes from is an error, as an unknown \
            category is. While an import writes to the database, the deletion waits for it. A cinema's \
            screenings and a trip's catches go with it; a trip on a deleted water keeps no water.
            """)
    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Feature ids to delete (poi/12 water/3 …).")
    var ids: [String] = []

    @Option(help: "Delete every record of these sources (comma-separated, as the queries' --source).")
    var source: String?

    @Option(parsing: .unconditional, help: "Delete the features inside MINLON,MINLAT,MAXLON,MAXLAT (with --category: of those categories).")
    var bbox: String?

    @OptionGroup var categories: CategoryOptions

    func validate() throws {
        let given = [!ids.isEmpty, source != nil, bbox != nil || categories.category != nil].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give ids, --source NAME, or --bbox/--category (one of them)") }
        for id in ids where FeatureID(id) == nil {
            throw ValidationError("'\(id)' is not a feature id (poi/12, water/3, cinema/5, trip/7)")
        }
    }

    func run() throws {
        let store = try database.openForWriting()
        let deletion: Deletion = try withOptionNames(in: Self.self) {
            if let source { return .sources(try SourceFilter(parsing: source)) }
            if let bbox { return .query(BoxQuery(box: try BoundingBox(parsing: bbox), categories: try categories.filter)) }
            if categories.category != nil { return .categories(try categories.filter) }
            return .ids(ids.compactMap(FeatureID.init))
        }
        let counts = try withOptionNames(in: Self.self) { try store.delete(deletion) }
        print("deleted " + Self.describe(counts))
    }

    /// "3 poi, 1 water", or "nothing".
    static func describe(_ counts: DeletedCounts) -> String {
        let parts = FeatureKind.allCases.compactMap { k in counts[k].flatMap { $0 > 0 ? "\($0) \(k.rawValue)" : nil } }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
