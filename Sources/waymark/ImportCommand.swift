import ArgumentParser
import Foundation
import GeoCore
import GeoStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import GeoJSON, CSV, GPX or the travel guide's XML feed, all files in one transaction.",
        discussion: """
            Time zones: when the database holds zone polygons (`waymark timezone import`; the default database has the \
            world's), every record without a zone gets the zone of its position: the zone whose polygon holds it, the \
            smallest where polygons overlap; at sea the nearest zone within territorial waters (22.2 km), else Etc/GMT±N \
            by its longitude. Times a file gives without an offset for such a record (a cinema's screenings, a trip's \
            start, end and catches) are read in that zone. A record whose given zone is more than 5 km from its position \
            (Natural Earth's Prague with America/Chicago) is imported with a warning naming it and both zones; \
            --strict-timezones refuses it as an invalid record instead. Without zone polygons a record keeps what it was \
            given, and a cinema without a zone is in UTC.
            """)
    @OptionGroup var database: DatabaseOptions

    @Option(help: "Store every record as this kind (poi, water, cinema, trip) instead of deciding by its tags.")
    var kind: FeatureKind?

    @Flag(help: "Import the valid records and report the invalid ones instead of refusing the whole import.")
    var skipInvalid = false

    @Flag(help: "Refuse a record whose given time zone does not contain its position, as an invalid record, instead of warning.")
    var strictTimezones = false

    @Argument(help: "Files to import (.geojson/.json, .csv, .gpx, .xml).")
    var files: [String]

    func run() throws {
        let store = try database.openForWriting()
        let summary = try store.importFiles(try FileImport.parse(paths: files, kind: kind), skipInvalid: skipInvalid,
                                            strictTimezones: strictTimezones)
        func report(_ label: String, _ problems: [ImportProblem], _ omitted: Int) {
            for problem in problems { FileHandle.standardError.write(Data("\(label) \(problem)\n".utf8)) }
            if omitted > 0 { FileHandle.standardError.write(Data("\(label) … and \(omitted) more\n".utf8)) }
        }
        report("skipped", summary.skipped, summary.omittedSkipped)
        report("warning", summary.zoneWarnings, summary.omittedZoneWarnings)
        let counts = FeatureKind.allCases.compactMap { k in summary.inserted[k].map { "\($0) \(k.rawValue)" } }
        print("imported \(counts.isEmpty ? "nothing" : counts.joined(separator: ", ")) from \(files.count) file(s)"
              + (summary.zonesAssigned > 0 ? "; \(summary.zonesAssigned) given the time zone of their position" : "")
              + (summary.skipped.isEmpty ? "" : "; skipped \(summary.skippedCount) invalid record(s)")
              + (summary.zoneWarnings.isEmpty ? "" : "; \(summary.zoneWarningCount) time zone warning(s)"))
    }
}

extension FeatureKind: ExpressibleByArgument {}
