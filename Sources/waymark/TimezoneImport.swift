import ArgumentParser
import GeoStore

struct TimezoneImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import time zone polygons (GeoJSON with a tzid property per feature, as timezone-boundary-builder and "
            + "PyPI timezonefinder-data write them) in place of the stored ones, in one transaction. Records imported "
            + "afterwards without a zone get the zone of their position; those imported before keep theirs.")
    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Replace the stored zones even with a file of fewer polygons (else refused: an empty or partial file would leave places without their zone).")
    var allowShrink = false

    @Argument(help: "The GeoJSON file of zone polygons.")
    var file: String

    func run() throws {
        let store = try database.openForWriting()
        let summary = try withOptionNames(in: Self.self) { try store.importZones(try ZoneFileParser.parse(path: file), allowShrink: allowShrink) }
        let left = [(summary.oceanFeatures, "ocean zone(s), whose zone at sea the longitude gives"),
                    (summary.featuresWithoutGeometry, "feature(s) without a geometry")].filter { $0.0 > 0 }
        print("imported \(summary.polygons) polygon(s) of \(summary.zones) time zone(s) from \(file)"
              + (left.isEmpty ? "" : "; left out " + left.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
              + (summary.replaced > 0 ? "; replaced \(summary.replaced) polygon(s) of an earlier import" : ""))
    }
}
