import ArgumentParser
import GeoCore
import GeoStore

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete records by id, every record of a source, or what a box and categories select; in one transaction.",
        discussion: """
            Ids are as queries print them (poi/12, water/3, cinema/5, trip/7); a source is the name its records were \
            imported under (the file's name, `import --source NAME`, gpx, travel-guide, osm, geonames; a query's \
            `source` property). An id that is not stored, or a source nothing comes from, deletes nothing. A cinema's \
            screenings and a trip's catches go with it; a trip on a deleted water keeps no water.
            """)
    @OptionGroup var database: DatabaseOptions

    @Argument(help: "Feature ids to delete (poi/12 water/3 …).")
    var ids: [String] = []

    @Option(help: "Delete every record of this source.")
    var source: String?

    @Option(parsing: .unconditional, help: "Delete the features inside MINLON,MINLAT,MAXLON,MAXLAT (with --category: of those categories).")
    var bbox: String?

    @Option(help: "Comma-separated category codes; with --bbox, or alone: every record of them, those without a position too.")
    var category: String?

    func validate() throws {
        let given = [!ids.isEmpty, source != nil, bbox != nil || category != nil].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give ids, --source NAME, or --bbox/--category (one of them)") }
        for id in ids where FeatureID(id) == nil {
            throw ValidationError("'\(id)' is not a feature id (poi/12, water/3, cinema/5, trip/7)")
        }
    }

    func run() throws {
        let store = try database.openForWriting()
        let deletion: Deletion
        if let source {
            deletion = .source(source)
        } else if let bbox {
            deletion = .query(try withOptionNames {
                BoxQuery(box: try BoundingBox(parsing: bbox), categories: try category.map { try CategoryFilter(parsing: $0) } ?? CategoryFilter())
            })
        } else if let category {
            deletion = .categories(try withOptionNames { try CategoryFilter(parsing: category) })
        } else {
            deletion = .ids(ids.compactMap(FeatureID.init))
        }
        let counts: DeletedCounts
        do {
            counts = try withOptionNames { try store.delete(deletion) }
        } catch let error as ValidationError where error.message.hasPrefix("--id: ") {
            // The ids are arguments, not an option.
            throw ValidationError(String(error.message.dropFirst("--id: ".count)))
        }
        print("deleted " + Self.describe(counts))
    }

    /// "3 poi, 1 water", or "nothing".
    static func describe(_ counts: DeletedCounts) -> String {
        let parts = FeatureKind.allCases.compactMap { k in counts[k].flatMap { $0 > 0 ? "\($0) \(k.rawValue)" : nil } }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
