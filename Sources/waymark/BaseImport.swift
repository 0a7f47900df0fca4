import ArgumentParser
import BaseData
import Foundation
import GeoCore
import GeoStore

struct BaseImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import OpenStreetMap extracts (.osm.pbf, .osm) and vector files (Shapefile, GeoJSON, GeoPackage: Natural Earth's land, lakes, rivers, countries, populated places) as the base map, all files in one transaction; a file imported again replaces its features.")
    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("What a vector file's layers hold when their names do not say (Natural Earth's names do).",
                               valueName: BaseLayer.allCases.map(\.rawValue).joined(separator: "|")))
    var layer: BaseLayer?

    @Argument(help: "Files to import.")
    var files: [String]

    func run() throws {
        guard let store = try database.openForWriting() as? any BaseMapStore else {
            throw ValidationError("--db: this database cannot hold a base map")
        }
        let progress = BaseProgress()
        var skipped = 0
        let sources = files.map { path in
            let reader = BaseReader(path: path, layer: layer)
            return reader.importSource(progress: { progress.update(file: reader.sourceName, $0) }) { skipped += $0 }
        }
        let summary: BaseImportSummary
        do {
            summary = try store.importBase(sources)
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        let counts = BaseLayer.allCases.compactMap { l in summary.features[l].map { "\($0) \(l.rawValue)" } }
        print("imported \(counts.isEmpty ? "nothing" : counts.joined(separator: ", ")) from \(files.count) file(s)"
              + " (\(summary.copies.values.reduce(0, +)) generalised copies"
              + (summary.replaced > 0 ? "; replaced \(summary.replaced) rows of an earlier import" : "") + ")"
              + (skipped > 0 ? "; left out \(skipped) degenerate OpenStreetMap feature(s) (rings or lines cut too short, coastlines ending inside the extract)" : ""))
    }
}

extension BaseLayer: ExpressibleByArgument {}

extension BaseReader {
    /// The file as a store imports it (`BaseMapStore.importBase`): read within the import's
    /// transaction; `skipped` is told how many degenerate features (and broken coastlines) the reading left out.
    func importSource(progress: @escaping (Progress) -> Void = { _ in }, skipped: @escaping (Int) -> Void = { _ in }) -> BaseSource {
        BaseSource(name: sourceName) { batch in skipped(try read(progress: progress, batch).skipped) }
    }
}
