import ArgumentParser
import BaseData
import Foundation
import GeoCore
import GeoStore

struct BaseImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import OpenStreetMap extracts (.osm.pbf, .osm) and vector files (Shapefile, GeoJSON, GeoPackage: Natural Earth's land, lakes, rivers, countries, populated places) as the base map, all files in one transaction; a file imported again replaces its features.",
        discussion: """
            A source is its file (its whole path): the same file imported again replaces its features; \
            a file of the same name from another folder is refused unless --replace-same-name. A file that \
            would store fewer features than it replaces (an extract cut short, a file that holds nothing) is \
            refused unless --allow-shrink. A file's content decides its format; GDAL reads only local files, \
            through the drivers of the formats above (no VRT, no URL).
            """)
    @OptionGroup var database: DatabaseOptions

    @Option(help: ArgumentHelp("What a vector file's layers hold when their names do not say (Natural Earth's names do).",
                               valueName: BaseLayer.allCases.map(\.rawValue).joined(separator: "|")))
    var layer: BaseLayer?

    @Flag(help: "Let a file replace its stored features with fewer (an extract that really shrank), and take an extract whose data falls short of its header's box.")
    var allowShrink = false

    @Flag(help: "Let a file replace the stored features of a file of the same name imported from another folder (or by an older Waymark).")
    var replaceSameName = false

    @Argument(help: "Files to import.")
    var files: [String]

    func run() throws {
        guard let store = try database.openForWriting() as? any BaseMapStore else {
            throw ValidationError("--db: this database cannot hold a base map")
        }
        // A file named twice (or by two paths) is one source, read once.
        var seen = Set<String>()
        let readers = files.map { path in
            var reader = BaseReader(path: path, layer: layer)
            reader.allowShort = allowShrink
            return reader
        }.filter { seen.insert($0.sourceName).inserted }
        let stored = try store.baseSources()
        let progress = BaseProgress()
        var skipped = 0
        var notes: [String] = []
        let sources = try readers.map { reader in
            // Stored under the same file name, from elsewhere: another file, or this one moved.
            let namesakes = stored.filter { $0 != reader.sourceName && ($0 as NSString).lastPathComponent == reader.fileName }
            if !namesakes.isEmpty, !replaceSameName {
                throw BaseReadError(file: reader.path, reason: "the base map holds another file of this name, "
                    + namesakes.map { $0.hasPrefix("/") ? $0 : "\($0) (imported by an older Waymark, its folder unknown)" }.joined(separator: ", ")
                    + ", beside which this one (\(reader.sourceName)) would be stored; rename this file to keep both, or give --replace-same-name to replace that one with it")
            }
            var source = reader.importSource(progress: { progress.update(file: reader.fileName, $0) },
                                             skipped: { skipped += $0 }, noted: { notes.append("\(reader.path): \($0)") })
            source.replacing = namesakes
            source.mayShrink = allowShrink
            return source
        }
        let summary: BaseImportSummary
        do {
            summary = try sayingEngineFailures(in: Self.self) { try store.importBase(sources) }
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        for note in notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        let counts = BaseLayer.allCases.compactMap { l in summary.features[l].map { "\($0) \(l.rawValue)" } }
        print("imported \(counts.isEmpty ? "nothing" : counts.joined(separator: ", ")) from \(readers.count) file(s)"
              + " (\(summary.copies.values.reduce(0, +)) generalised copies"
              + (summary.replaced > 0 ? "; replaced \(summary.replaced) rows of an earlier import" : "") + ")"
              + (skipped > 0 ? "; left out \(skipped) degenerate or invalid OpenStreetMap feature(s) (rings or lines cut too short, areas crossing themselves or overlapping, coastlines ending inside the extract)" : ""))
    }
}

extension BaseLayer: ExpressibleByArgument {}

extension BaseReader {
    /// The file as a store imports it (`BaseMapStore.importBase`): read within the import's
    /// transaction; `skipped` is told how many degenerate features, invalid areas and broken coastlines the reading left out,
    /// `noted` why a layer yielded nothing.
    func importSource(progress: @escaping (Progress) -> Void = { _ in }, skipped: @escaping (Int) -> Void = { _ in },
                      noted: @escaping (String) -> Void = { _ in }) -> BaseSource {
        BaseSource(name: sourceName) { batch in
            let summary = try read(progress: progress, batch)
            skipped(summary.skipped)
            summary.notes.forEach(noted)
        }
    }
}
