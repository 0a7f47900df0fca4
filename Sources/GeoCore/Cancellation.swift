#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A stop signal for long work that runs on a thread of its own (a map's fetch and drawing on a
/// server worker): whoever gave up on the work (the server, when its client has gone or its time
/// is up) calls `cancel()` from any thread; the work calls `check()` between its layers and rows,
/// which costs one atomic load, and stops by throwing `CancellationError`.
public final class Cancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    /// Work nobody stops (the CLI's).
    public static let never = Cancellation()

    /// Asks the work to stop at its next check. Never undone.
    public func cancel() {
        precondition(self !== Cancellation.never, "Cancellation.never is never cancelled")
        cancelled.store(true, ordering: .releasing)
    }

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Throws `CancellationError` once `cancel()` has been called.
    @inline(__always)
    public func check() throws(CancellationError) {
        if cancelled.load(ordering: .relaxed) { throw CancellationError() }
    }

    /// The cancellation the work on this thread answers to, for loops deep below the code it was
    /// handed to, which have no parameter for it (a store's walk over its rows): `never` unless a
    /// caller on this thread is within `bound(_:)`.
    public static var current: Cancellation {
        guard let raw = pthread_getspecific(currentKey) else { return .never }
        return Unmanaged<Cancellation>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with this as the thread's `current`.
    public func bound<T>(_ body: () throws -> T) rethrows -> T {
        let outer = pthread_getspecific(currentKey)
        pthread_setspecific(currentKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(currentKey, outer) }
        return try body()
    }
}

/// `Cancellation.current`'s slot, one per thread (unretained: `bound` keeps it alive).
private let currentKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for Cancellation.current")
    return key
}()
