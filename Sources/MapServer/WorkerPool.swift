import GeoStore
import Stores
import NIOPosix
import ServiceLifecycle
import Synchronization

/// Where the database and Cairo run: a fixed number of threads beside the event loops, and as many
/// read-only connections (SpatiaLite or PostGIS), each used by one job at a time (a connection is
/// not shared between threads). The event loops only parse requests and write answers; a PostGIS
/// store's blocking wait for its answer happens here, on a worker thread, never on an event loop.
final class WorkerPool: Service, Sendable {
    /// A connection between jobs. Unchecked: `idle` hands each one to a single job at a time.
    private final class Connection: @unchecked Sendable {
        let store: any FeatureStore
        init(_ store: any FeatureStore) { self.store = store }
    }

    let size: Int
    private let threads: NIOThreadPool
    private let idle: Mutex<[Connection]>

    /// Opens `size` read-only connections to the database at `location` (failing now if it cannot).
    init(location: String, size: Int) throws {
        self.size = size
        idle = Mutex(try (0..<size).map { _ in Connection(try StoreLocation.open(location, readOnly: true, memory: .lean)) })
        threads = NIOThreadPool(numberOfThreads: size)
        threads.start()
    }

    /// Runs `job` on a worker thread with that worker's connection.
    func withStore<T: Sendable>(_ job: @escaping @Sendable (any FeatureStore) throws -> T) async throws -> T {
        try await threads.runIfActive {
            // As many connections as threads, and each job returns its own: never empty here.
            let connection = self.idle.withLock { $0.removeLast() }
            defer { self.idle.withLock { $0.append(connection) } }
            return try job(connection.store)
        }
    }

    /// Lives as long as the server: when it shuts down (after the HTTP server, which the service
    /// group stops first), the jobs already queued finish and the threads end.
    func run() async throws {
        try? await gracefulShutdown()
        try await threads.shutdownGracefully()
    }
}
