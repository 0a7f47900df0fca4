import Foundation
import GeoStore
import ServiceLifecycle
import Synchronization

/// The store's data version (`FeatureStore.dataVersion()`: it changes with every import, by this
/// process or any other), by which cached images are keyed. Asked once a second on a worker, so a
/// request reads it without touching the database; an image may thus be served for up to a second
/// after new data. Once a version has held for a second (the first included; not while another
/// process's import keeps changing the files), the search's typo index of it is built in the
/// background on `warming`'s workers, one build at a time, so that no search waits the seconds a
/// million names take (every connection shares `typos`: `WorkerLanes`).
final class DataVersion: Service, Sendable {
    private let pool: WorkerPool
    private let warming: WorkerPool
    private let typos: SearchCache
    private let value: Atomic<UInt64>
    private let building = Atomic<Bool>(false)

    init(pool: WorkerPool, warming: WorkerPool, typos: SearchCache) {
        self.pool = pool
        self.warming = warming
        self.typos = typos
        value = Atomic(0)
    }

    var current: UInt64 { value.load(ordering: .relaxed) }

    func run() async throws {
        // Ends (by cancelling the sleep) as soon as the server shuts down.
        try? await cancelWhenGracefulShutdown {
            var previous: UInt64?
            while true {
                // A failed look keeps the last version: the next second tries again.
                if let version = try? await self.pool.withStore(bounded: false, { try $0.dataVersion() }) {
                    self.value.store(version, ordering: .relaxed)
                    if version == previous, !self.typos.holds(version: version),
                       self.building.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
                        // A failure is tried again a second later.
                        Task {
                            try? await self.warming.withStore(bounded: false) { try $0.prepareSearch() }
                            self.building.store(false, ordering: .relaxed)
                        }
                    }
                    previous = version
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}
