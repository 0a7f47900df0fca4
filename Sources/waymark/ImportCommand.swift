import ArgumentParser
import Foundation
import GeoCore
import GeoStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import GeoJSON, CSV, GPX or the travel guide's XML feed, all files in one transaction.")
    @OptionGroup var database: DatabaseOptions

    @Option(help: "Store every record as this kind (poi, water, cinema, trip) instead of deciding by its tags.")
    var kind: FeatureKind?

    @Flag(help: "Import the valid records and report the invalid ones instead of refusing the whole import.")
    var skipInvalid = false

    @Argument(help: "Files to import (.geojson/.json, .csv, .gpx, .xml).")
    var files: [String]

    func run() throws {
        let store = try database.openForWriting()
        let summary = try store.importFiles(try FileImport.parse(paths: files, kind: kind), skipInvalid: skipInvalid)
        for problem in summary.skipped { FileHandle.standardError.write(Data("skipped \(problem)\n".utf8)) }
        if summary.omittedSkipped > 0 { FileHandle.standardError.write(Data("skipped … and \(summary.omittedSkipped) more\n".utf8)) }
        let counts = FeatureKind.allCases.compactMap { k in summary.inserted[k].map { "\($0) \(k.rawValue)" } }
        print("imported \(counts.isEmpty ? "nothing" : counts.joined(separator: ", ")) from \(files.count) file(s)"
              + (summary.skipped.isEmpty ? "" : "; skipped \(summary.skippedCount) invalid record(s)"))
    }
}

extension FeatureKind: ExpressibleByArgument {}
