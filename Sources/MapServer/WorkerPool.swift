import GeoStore
import Stores
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// Where the database and Cairo run: a fixed number of threads beside the event loops, and as many
/// read-only connections (SpatiaLite or PostGIS), each used by one job at a time (a connection is
/// not shared between threads). The event loops (where `waymark serve` also runs Swift's tasks)
/// only parse requests, route them and write answers; a PostGIS store's blocking wait for its
/// answer happens here, on a worker thread, never on an event loop. The jobs waiting for a thread
/// are bounded: past `queueDepth` a job is refused at once (503, `APIError.overloaded`), because a
/// queue without a bound turns overload into ever longer waits and growing memory.
final class WorkerPool: Service, Sendable {
    /// A connection between jobs. Unchecked: `idle` hands each one to a single job at a time.
    private final class Connection: @unchecked Sendable {
        let store: any FeatureStore
        init(_ store: any FeatureStore) { self.store = store }
    }

    let size: Int
    let queueDepth: Int
    private let threads: NIOThreadPool
    private let idle: Mutex<[Connection]>
    /// Jobs admitted and not yet finished: running on a thread or waiting for one.
    private let admitted = Atomic<Int>(0)
    private let metrics: ServerMetrics
    /// The pixels the heavy drawings in flight may hold together (the drawing lane's only).
    let pixelBudget: PixelBudget?
    /// For tests: called on the worker as a drawing's job starts, with its control.
    let drawingStarted = Mutex<(@Sendable (DrawingControl) -> Void)?>(nil)

    /// Opens `size` read-only connections to the database at `location` (failing now if it cannot),
    /// which share `typos`.
    init(location: String, size: Int, queueDepth: Int, typos: SearchCache, metrics: ServerMetrics, pixelBudget: PixelBudget? = nil) throws {
        self.size = size
        self.queueDepth = queueDepth
        self.metrics = metrics
        self.pixelBudget = pixelBudget
        idle = Mutex(try (0..<size).map { _ in Connection(try StoreLocation.open(location, readOnly: true, memory: .lean, searchCache: typos)) })
        threads = NIOThreadPool(numberOfThreads: size)
        threads.start()
    }

    /// Runs `job` on a worker thread with that worker's connection, or throws `APIError.overloaded`
    /// when every thread is busy and `queueDepth` jobs already wait. The server's own jobs
    /// (`bounded: false`: the data version's look once a second, the typo index's build) are
    /// neither refused nor counted: they would take a client's place in the queue, or be refused
    /// as if a client had been.
    ///
    /// A drawing's job comes with its `control` and its `pixels` (device pixels): it first takes
    /// them from the lane's `PixelBudget` (waiting in the queue while they are not free), and
    /// when the drawing is stopped before a worker has started it, it never starts and this
    /// returns `control`'s error at once; once started, the job is waited for (it checks the
    /// control's flag between its pages, layers and rows, and so ends soon after a stop), so that
    /// what this returns is what was done. Its queue place and pixels are given back when it ends.
    func withStore<T: Sendable>(bounded: Bool = true, control: DrawingControl? = nil, pixels: Int = 0,
                                _ job: @escaping @Sendable (any FeatureStore) throws -> T) async throws -> T {
        if bounded, admitted.wrappingAdd(1, ordering: .relaxed).newValue > size + queueDepth {
            admitted.wrappingSubtract(1, ordering: .relaxed)
            metrics.overloaded()
            throw APIError.overloaded
        }
        let cost = pixelBudget?.cost(pixels) ?? 0
        // Given back once, whichever comes first: the job's end, or its stop before it started.
        let ended = Atomic<Bool>(false)
        let end: @Sendable (_ tookPixels: Bool) -> Void = { tookPixels in
            guard !ended.exchange(true, ordering: .relaxed) else { return }
            if bounded { self.admitted.wrappingSubtract(1, ordering: .relaxed) }
            if tookPixels { self.pixelBudget?.give(cost) }
        }
        do {
            try await pixelBudget?.take(cost, control: control)
        } catch {
            end(false)
            throw error
        }
        // 0: queued; 1: started on a worker; 2: given up before it started (it never will).
        let phase = Atomic<Int>(0)
        let run: @Sendable () throws -> T = {
            guard phase.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { throw CancellationError() }
            if let control, let started = self.drawingStarted.withLock({ $0 }) { started(control) }
            // As many connections as threads, and each job returns its own: never empty here.
            let connection = self.idle.withLock { $0.removeLast() }
            defer { self.idle.withLock { $0.append(connection) } }
            // One snapshot for the whole job (a query and then its details, a map's fetches).
            return try connection.store.reading { try job(connection.store) }
        }
        // The answer comes back on the event loop that asked: the request's channel lives there, so
        // it is written without another hop (a task resumed from a worker thread goes to any loop).
        let loop = MultiThreadedEventLoopGroup.currentEventLoop ?? MultiThreadedEventLoopGroup.singleton.any()
        let future = threads.runIfActive(eventLoop: loop, run)
        future.whenComplete { _ in end(true) }
        guard let control else { return try await future.get() }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let answered = Atomic<Bool>(false)
            let key = control.whenStopped { _ in
                // Stopped while queued: the job will never start, so nobody need wait for it.
                guard phase.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged,
                      !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
                end(true)
                continuation.resume(throwing: control.error)
            }
            future.whenComplete { result in
                control.forget(key)
                guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
                continuation.resume(with: result.mapError { error in error is CancellationError && control.stopReason != nil ? control.error : error })
            }
        }
    }

    /// Lives as long as the server: when it shuts down (after the HTTP server, which the service
    /// group stops first), the jobs already queued finish and the threads end.
    func run() async throws {
        try? await gracefulShutdown()
        try await threads.shutdownGracefully()
    }

    /// Ends the threads of a pool that will never run (the jobs already queued finish first).
    func stop() {
        threads.shutdownGracefully { _ in }
    }
}

/// Queries and drawings on workers of their own. A query, a short job, never waits behind tiles
/// being drawn; and queries get half as many threads as the drawings (at least one): a worker that
/// finishes its job and finds none sleeps, and is woken for the next, which for jobs this short
/// costs more than the job (BENCHMARKS.md, "The query worker's job").
struct WorkerLanes: Sendable {
    let queries: WorkerPool
    let images: WorkerPool
    let typos = SearchCache()

    /// `workers` threads for drawings, half as many for queries; each lane queues `queueDepth` jobs.
    /// Every connection shares one typo index, built once per data version (`DataVersion`). The
    /// drawings share `pixelBudget` device pixels (`PixelBudget`).
    init(location: String, workers: Int, queueDepth: Int, pixelBudget: Int = Int.max, release: MemoryRelease = MemoryRelease(nil),
         metrics: ServerMetrics) throws {
        queries = try WorkerPool(location: location, size: max(1, workers / 2), queueDepth: queueDepth, typos: typos, metrics: metrics)
        do {
            images = try WorkerPool(location: location, size: workers, queueDepth: queueDepth, typos: typos, metrics: metrics,
                                    pixelBudget: PixelBudget(limit: pixelBudget, release: release))
        } catch {
            // Not left running for a server that never starts (a PostGIS server can run out of connections here).
            queries.stop()
            throw error
        }
    }
}
