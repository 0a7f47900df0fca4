import Foundation
import GeoStore
import MapRender
import Stores
import Synchronization

/// Renders the maps of a manifest in parallel, each into its files (written atomically: temp +
/// rename), skipping maps drawn before from the same data, base map, manifest entry and style (`MapStamp`);
/// a map that fails does not stop the others. Optionally one PDF of all maps.
public final class AtlasBatch: Sendable {
    public struct Options: Sendable {
        public var outputDirectory: URL
        public var jobs: Int
        /// Render even the maps whose files are up to date.
        public var force: Bool
        /// One PDF of every map, in the manifest's order.
        public var combine: URL?
        /// Where the base map of a map whose manifest entry says nothing of it is read from.
        public var base: MapBase

        public init(outputDirectory: URL, jobs: Int, force: Bool = false, combine: URL? = nil, base: MapBase = .database) {
            (self.outputDirectory, self.jobs, self.force, self.combine, self.base) = (outputDirectory, jobs, force, combine, base)
        }
    }

    public enum Outcome: Sendable {
        /// `crowded`: markers that found no spot of their own near their place (see `PrintLayout`).
        case rendered(files: [String], objects: Int, crowded: Int, seconds: Double)
        case skipped
        case failed(String)
    }

    /// What a batch did, map by map in the manifest's order.
    public struct Report: Sendable {
        public var outcomes: [(map: AtlasMap, outcome: Outcome)]
        /// The combined PDF written, or why it could not be.
        public var combined: String?
        public var combineFailure: String?
        public var interrupted: Bool
        public var failures: [(map: AtlasMap, reason: String)] {
            outcomes.compactMap { if case let .failed(reason) = $0.outcome { ($0.map, reason) } else { nil } }
        }
    }

    let maps: [AtlasMap]
    let options: Options
    let openStore: @Sendable () throws -> any FeatureStore
    let dataDate: Date?
    /// What the maps are drawn from: the database's location and its data version
    /// (`FeatureStore.dataVersion()`), as each map's stamp records it. Nil when it cannot be
    /// told: then no map is taken to be up to date.
    let data: String?
    /// What a map's stamp says of each other base database, by location (`BaseDatabase.check`):
    /// a map over one not here is never taken to be up to date.
    let bases: [String: String]
    private let stop = Atomic<Bool>(false)
    /// Half the machine's memory for the pages being drawn at once: an A2 page at 600 dpi alone
    /// takes more than a gigabyte.
    let memory = MemoryBudget(bytes: Int(min(ProcessInfo.processInfo.physicalMemory / 2, UInt64(Int.max))))

    public init(maps: [AtlasMap], options: Options, dataDate: Date?, data: String?, bases: [String: String] = [:],
                openStore: @escaping @Sendable () throws -> any FeatureStore) {
        self.maps = maps
        self.options = options
        self.openStore = openStore
        self.dataDate = dataDate
        self.data = data
        self.bases = bases
    }

    /// Asks the batch to stop: maps being drawn are finished and written whole, no further map
    /// starts, and no combined PDF is written.
    public func interrupt() { stop.store(true, ordering: .relaxed) }

    /// Runs the batch; `progress` hears of each map as it ends (from any of the workers, one at a
    /// time, in the order of the count it is given).
    public func run(progress: @escaping @Sendable (_ done: Int, _ total: Int, AtlasMap, Outcome) -> Void) -> Report {
        let state = RunState()
        // Threads of our own: Dispatch would run no more at once than there are cores, and
        // `jobs` is the user's to choose.
        let workers = DispatchGroup()
        for _ in 0..<max(1, min(options.jobs, maps.count)) {
            workers.enter()
            Thread {
                defer { workers.leave() }
                self.work(state, progress: progress)
            }.start()
        }
        workers.wait()
        let finished = state.outcomes.withLock { $0 }, layouts = state.layouts.withLock { $0 }
        var report = Report(outcomes: maps.indices.compactMap { i in finished[i].map { (maps[i], $0) } },
                            combined: nil, combineFailure: nil, interrupted: stop.load(ordering: .relaxed))
        if let combine = options.combine, !report.interrupted {
            do {
                let store = try openStore()
                var opened: [String: any BaseMapSource] = [:]
                let drawn = try maps.indices.filter { i in
                    if case .failed = finished[i] { return false } else { return true }
                }.map { i in try layouts[i] ?? layout(maps[i], store: store, opened: &opened) }
                try PrintRenderer.pdf(drawn, title: combine.deletingPathExtension().lastPathComponent).writeAtomically(to: combine.path)
                report.combined = combine.path
            } catch {
                report.combineFailure = "\(error)"
            }
        }
        return report
    }

    /// What the workers share: the next map to take, the outcomes, the layouts kept for combining.
    private final class RunState: Sendable {
        let next = Atomic<Int>(0)
        let outcomes = Mutex<[Int: Outcome]>([:])
        let layouts = Mutex<[Int: PrintLayout]>([:])
    }

    /// One worker: maps in turn until there are none left or the batch is interrupted, through
    /// connections of its own (to the database, and to each other base database it draws over).
    private func work(_ state: RunState, progress: @Sendable (_ done: Int, _ total: Int, AtlasMap, Outcome) -> Void) {
        var store: (any FeatureStore)?
        var opened: [String: any BaseMapSource] = [:]
        while !stop.load(ordering: .relaxed) {
            let index = state.next.add(1, ordering: .relaxed).oldValue
            guard index < maps.count else { return }
            let map = maps[index], outcome: Outcome
            do {
                if store == nil { store = try openStore() }
                let (result, layout) = try render(map, store: store!, opened: &opened)
                // Kept for the combined PDF, which would otherwise fetch and lay out each map again.
                if options.combine != nil, let layout { state.layouts.withLock { $0[index] = layout } }
                outcome = result
            } catch {
                outcome = .failed("\(error)")
            }
            // Told under the lock, so that reports come in the order of their counts.
            state.outcomes.withLock {
                $0[index] = outcome
                progress($0.count, maps.count, map, outcome)
            }
        }
    }

    /// The files a map is written to: `<file>.pdf`, `<file>.png`.
    public func files(_ map: AtlasMap) -> [URL] {
        map.formats.map { options.outputDirectory.appendingPathComponent("\(map.fileName).\($0.rawValue)") }
    }

    /// The map laid out over its base map; `opened` holds the caller's connections to other base
    /// databases, each opened at its first use.
    func layout(_ map: AtlasMap, store: any FeatureStore, opened: inout [String: any BaseMapSource]) throws -> PrintLayout {
        var printed = map.map
        printed.dataDate = dataDate
        let base: (any BaseMapSource)?
        switch map.base ?? options.base {
        case .database: base = store as? any BaseMapSource
        case .none: base = nil
        case let .other(location):
            if opened[location] == nil { opened[location] = try BaseDatabase.open(location) }
            base = opened[location]
        }
        return try PrintLayout(printed.fetchingFeatures(from: store, base: base))
    }

    /// What a map's stamp says of its base map; nil when it cannot be told.
    private func baseStamp(_ map: AtlasMap) -> String? {
        switch map.base ?? options.base {
        case .database: "the database's own"
        case .none: "none"
        case let .other(location): bases[location]
        }
    }

    private func render(_ map: AtlasMap, store: any FeatureStore, opened: inout [String: any BaseMapSource]) throws -> (Outcome, PrintLayout?) {
        if !options.force, upToDate(map) { return (.skipped, nil) }
        let started = ContinuousClock.now
        let layout = try layout(map, store: store, opened: &opened)
        // The old stamp goes first: files half replaced must not pass for the old drawing.
        let stamp = MapStamp.url(of: map, in: options.outputDirectory)
        if FileManager.default.fileExists(atPath: stamp.path) { try FileManager.default.removeItem(at: stamp) }
        var written: [String] = []
        for format in map.formats {
            let base = options.outputDirectory.appendingPathComponent(map.fileName)
            switch format {
            case .pdf:
                try PrintRenderer.pdf([layout]).writeAtomically(to: base.path + ".pdf")
                written.append(base.lastPathComponent + ".pdf")
            case .png:
                // Page 1 is <file>.png, further index pages <file>-p2.png …; pages left from a
                // longer index before are removed (the manifest keeps other maps' names clear of these).
                // Cairo's image and the PNG being encoded from it: about twice the pixels' bytes.
                let pixels = layout.map.paper.pixels(dpi: Double(map.dpi))
                let pages = try memory.reserving(pixels.width * pixels.height * 8) { try PrintRenderer.png(layout, dpi: Double(map.dpi)) }
                for (i, png) in pages.enumerated() {
                    let name = AtlasMap.pageFile(map.fileName, page: i + 1)
                    try png.writeAtomically(to: options.outputDirectory.appendingPathComponent(name).path)
                    written.append(name)
                }
                var extra = pages.count + 1
                while (try? FileManager.default.removeItem(at: options.outputDirectory.appendingPathComponent(AtlasMap.pageFile(map.fileName, page: extra)))) != nil {
                    extra += 1
                }
            }
        }
        if let data, let base = baseStamp(map) { try Data(MapStamp.text(of: map, data: data, base: base).utf8).writeAtomically(to: stamp.path) }
        let elapsed = ContinuousClock.now - started
        return (.rendered(files: written, objects: layout.entries.count, crowded: layout.crowdedMarkers,
                          seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18), layout)
    }

    /// True when the map's stamp says it was drawn from what it would be drawn from now, and
    /// every file of the map is there.
    private func upToDate(_ map: AtlasMap) -> Bool {
        guard let data, let base = baseStamp(map), let stamp = try? String(contentsOf: MapStamp.url(of: map, in: options.outputDirectory), encoding: .utf8),
              stamp == MapStamp.text(of: map, data: data, base: base) else { return false }
        return files(map).allSatisfy { url in
            (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType == .typeRegular
        }
    }
}

/// Bytes that drawings may hold at once: a drawing waits until its share is free. One larger
/// than the whole budget waits for all of it, so it runs alone.
final class MemoryBudget: @unchecked Sendable {
    let total: Int
    private var free: Int
    private let condition = NSCondition()

    init(bytes: Int) { (total, free) = (bytes, bytes) }

    func reserving<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
        let share = min(bytes, total)
        condition.lock()
        while free < share { condition.wait() }
        free -= share
        condition.unlock()
        defer {
            condition.lock()
            free += share
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
