import ArgumentParser
import GeoCore
import GeoStore

struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every record of one database into another (SpatiaLite file or postgres:// URL), in one transaction, and its base map.",
        discussion: "Ids are given in the target's import order (spatial), as they were in a source built by one import.")

    @Option(help: "The database to read: a SpatiaLite file or a postgres:// URL.")
    var from: String

    @Option(help: "The database to write (created or migrated): a SpatiaLite file or a postgres:// URL.")
    var to: String

    func validate() throws {
        try DatabaseOptions.check(from, option: "from")
        try DatabaseOptions.check(to, option: "to")
        guard from != to else { throw ValidationError("--to: '\(to)' is also --from") }
    }

    func run() throws {
        let source = try DatabaseOptions.open(from, readOnly: true, option: "from")
        let target = try DatabaseOptions.open(to, readOnly: false, option: "to")
        let summary = try source.copy(to: target)
        let counts = FeatureKind.allCases.compactMap { k in summary.inserted[k].map { "\($0) \(k.rawValue)" } }
        let base = try (target as? any BaseMapSource)?.baseSources() ?? []
        print("copied \(counts.isEmpty ? "nothing" : counts.joined(separator: ", "))"
              + (base.isEmpty ? "" : " and the base map of \(base.joined(separator: ", "))"))
    }
}
