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
}
