import ArgumentParser
import Atlas
import Foundation
import GeoCore
import GeoStore
import Stores
import Synchronization

/// The signal that asked `waymark atlas` to stop (0: none yet), set by its signal handler.
private let atlasStopSignal = Atomic<Int32>(0)

/// A manifest or a map that cannot be printed: said as it is, without the usage text.
struct AtlasFailure: Error, CustomStringConvertible {
    let description: String
}

struct AtlasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atlas",
        abstract: "Print a manifest of maps (docs/atlas.md) to PDF and PNG pages with a grid, an index, a legend and the scale, in parallel.")
    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The manifest (YAML), e.g. Data/atlas.yaml.")
    var manifest: String

    @Option(help: "The folder the maps are written to (made if missing).")
    var output: String = "."

    @Option(help: "Maps drawn at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Draw every map, even those drawn before from the same database, manifest entry and style.")
    var force = false

    @Option(help: "Also one PDF of all maps, e.g. atlas.pdf (a relative path is within --output).")
    var combine: String?

    @Option(help: "Read the base map from this database (a SpatiaLite file or a postgres:// URL, filled by `waymark base import`) instead of --db, for the maps whose manifest gives no `base:`.")
    var base: String?

    @Flag(name: .customLong("no-base"), help: "Leave the base map out of the maps whose manifest gives no `base:`: the markers alone.")
    var noBase = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs: \(jobs) must be 1 or more") }
        if let combine, !combine.lowercased().hasSuffix(".pdf") { throw ValidationError("--combine: '\(combine)' must end in .pdf") }
        if base != nil, noBase { throw ValidationError("--base and --no-base: give one of them") }
        if let base { try DatabaseOptions.check(base, option: "base") }
    }

    func run() throws {
        // Every problem of the manifest, categories included, is found before a map is drawn.
        let atlas: AtlasManifest
        do { atlas = try AtlasManifest.load(path: manifest) } catch { throw AtlasFailure(description: "\(error)") }
        let store = try database.open(), location = try database.location
        do { try atlas.check(against: store) } catch { throw AtlasFailure(description: "\(error)") }
        // Every other base database too: one that cannot be opened or holds no base map.
        var bases: [String: String] = [:]
        if let base {
            do { bases[base] = try BaseDatabase.check(base) } catch { throw AtlasFailure(description: "--base: \(error)") }
        }
        do { try bases.merge(atlas.checkBases()) { option, _ in option } } catch { throw AtlasFailure(description: "\(error)") }
        let folder = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let combined = combine.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0) }
        if let combined, let map = atlas.maps.first(where: { $0.formats.contains(.pdf) && folder.appendingPathComponent($0.fileName + ".pdf").standardized == combined.standardized }) {
            throw AtlasFailure(description: "--combine: \(combined.lastPathComponent) is the PDF of \(map.label); give the combined PDF a name of its own")
        }
        // A SpatiaLite file's last change is its modification time; PostGIS does not say.
        let batch = AtlasBatch(maps: atlas.maps, options: .init(outputDirectory: folder, jobs: jobs, force: force, combine: combined,
                                                                base: noBase ? .none : base.map { .other($0) } ?? .database),
                               dataDate: StoreLocation.isPostgres(location) ? nil
                                   : (try? FileManager.default.attributesOfItem(atPath: location))?[.modificationDate] as? Date,
                               data: "\(MapStamp.identity(of: location)), data version \(try store.dataVersion())", bases: bases) {
            try StoreLocation.open(location, readOnly: true)
        }
        // Ctrl-C (or a SIGTERM) lets the maps being drawn finish and be written whole, and starts
        // no more. A plain handler notes the signal and a timer tells the batch: a dispatch signal
        // source on Linux sees a signal only when every thread blocks it, and the threads of
        // Swift's own pool do not.
        for signalNumber in [SIGINT, SIGTERM] { signal(signalNumber) { atlasStopSignal.store($0, ordering: .relaxed) } }
        let watcher = DispatchSource.makeTimerSource(queue: .global())
        watcher.schedule(deadline: .now(), repeating: .milliseconds(50))
        watcher.setEventHandler { if atlasStopSignal.load(ordering: .relaxed) != 0 { batch.interrupt() } }
        watcher.resume()
        defer { watcher.cancel() }

        let progress = AtlasProgress()
        let report = batch.run { done, total, map, outcome in progress.update(done: done, total: total, map: map, outcome: outcome) }
        progress.finish(interrupted: report.interrupted)
        let rendered = report.outcomes.filter { if case .rendered = $0.outcome { true } else { false } }.count
        let skipped = report.outcomes.filter { if case .skipped = $0.outcome { true } else { false } }.count
        print("\(rendered) map(s) drawn, \(skipped) up to date, \(report.failures.count) failed, of \(atlas.maps.count) in \(manifest)")
        if let path = report.combined { print("wrote \(path)") }
        for (map, outcome) in report.outcomes {
            if case let .rendered(_, _, crowded, _) = outcome, crowded > 0 {
                print("note: \(map.label): \(crowded) marker(s) found no spot of their own and cover others; a smaller area or fewer categories would give each one")
            }
        }
        for (map, reason) in report.failures { print("FAILED \(map.label): \(reason)") }
        if let reason = report.combineFailure { print("FAILED the combined PDF: \(reason)") }
        if report.interrupted {
            print("interrupted: \(atlas.maps.count - report.outcomes.count) map(s) not drawn; every file written is whole")
            throw ExitCode(128 + atlasStopSignal.load(ordering: .relaxed))
        }
        if !report.failures.isEmpty || report.combineFailure != nil { throw ExitCode.failure }
    }
}
