import Foundation
import ServiceLifecycle
import Synchronization

/// The store's data version (`FeatureStore.dataVersion()`: it changes with every import, by this
/// process or any other), by which cached images are keyed. Asked once a second on a worker, so a
/// request reads it without touching the database; an image may thus be served for up to a second
/// after new data. On each new version (the first included) the search's typo index is built
/// at once, in the background on `warming`'s workers, so that no search waits the seconds a
/// million names take (the lanes share it: `WorkerLanes`).
final class DataVersion: Service, Sendable {
    private let pool: WorkerPool
    private let warming: WorkerPool
    private let value: Atomic<UInt64>

    init(pool: WorkerPool, warming: WorkerPool) {
        self.pool = pool
        self.warming = warming
        value = Atomic(0)
    }

    var current: UInt64 { value.load(ordering: .relaxed) }

    func run() async throws {
        // Ends (by cancelling the sleep) as soon as the server shuts down.
        try? await cancelWhenGracefulShutdown {
            while true {
                // A failed look keeps the last version: the next second tries again.
                if let version = try? await self.pool.withStore(bounded: false, { try $0.dataVersion() }),
                   self.value.exchange(version, ordering: .relaxed) != version {
                    Task { try? await self.warming.withStore(bounded: false) { try $0.prepareTypoIndex() } }
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}
