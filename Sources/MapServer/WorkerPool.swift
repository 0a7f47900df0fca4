import GeoStore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// Where SQLite and Cairo run: a fixed number of threads beside the event loops, and as many
/// read-only connections, each used by one job at a time (a SQLite connection is not shared
/// between threads). The event loops only parse requests and write answers.
final class WorkerPool: Service, Sendable {
    /// A connection between jobs. Unchecked: `idle` hands each one to a single job at a time.
    private final class Connection: @unchecked Sendable {
        let store: SpatiaLiteStore
        init(_ store: SpatiaLiteStore) { self.store = store }
    }

    let size: Int
    private let threads: NIOThreadPool
    private let idle: Mutex<[Connection]>

    /// Opens `size` read-only connections to the database at `path` (failing now if it cannot).
    init(path: String, size: Int) throws {
        self.size = size
        idle = Mutex(try (0..<size).map { _ in Connection(try SpatiaLiteStore(path: path, readOnly: true, memory: .lean)) })
        threads = NIOThreadPool(numberOfThreads: size)
        threads.start()
    }

    /// Runs `job` on a worker thread with that worker's connection.
    func withStore<T: Sendable>(_ job: @escaping @Sendable (SpatiaLiteStore) throws -> T) async throws -> T {
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
