import Foundation
import GeoCore
import HTTPTypes
import Synchronization

/// Something that happens once (a client leaving, a drawing stopped), and the handlers waiting for it.
final class OneTimeEvent<Value: Sendable>: Sendable {
    private let state = Mutex(State())

    private struct State {
        var value: Value?
        var next = 0
        var handlers: [Int: @Sendable (Value) -> Void] = [:]
    }

    init() {}

    /// What happened, once it has.
    var value: Value? { state.withLock { $0.value } }

    /// Tells every handler, once, after `first` (run only by the call that made it happen, under
    /// the lock, so that no handler, however late, runs before it; it must be quick and take no
    /// lock): false when it had happened already (the first value stays).
    @discardableResult
    func happen(_ value: Value, first: () -> Void = {}) -> Bool {
        let handlers = state.withLock { s -> [@Sendable (Value) -> Void]? in
            guard s.value == nil else { return nil }
            s.value = value
            first()
            defer { s.handlers = [:] }
            return Array(s.handlers.values)
        }
        guard let handlers else { return false }
        for handler in handlers { handler(value) }
        return true
    }

    /// Calls `handler` when it happens, at once (before returning) if it has. The key is for `forget`.
    @discardableResult
    func whenHappened(_ handler: @escaping @Sendable (Value) -> Void) -> Int? {
        let (key, value) = state.withLock { s -> (Int?, Value?) in
            if let value = s.value { return (nil, value) }
            s.next += 1
            s.handlers[s.next] = handler
            return (s.next, nil)
        }
        if let value { handler(value) }
        return key
    }

    func forget(_ key: Int?) {
        guard let key else { return }
        _ = state.withLock { $0.handlers.removeValue(forKey: key) }
    }
}

/// One drawing's stop: the flag the store's fetch and the renderer check between their pages,
/// layers and rows, and why it was raised (`DrawingOutcome`): every client waiting for the drawing
/// has gone, or its time budget has run out.
final class DrawingControl: Sendable {
    let cancellation = Cancellation()
    private let stopped = OneTimeEvent<DrawingOutcome>()

    /// Stops the drawing at its next check, and a drawing still waiting (for pixels or a worker)
    /// at once. The first reason stays.
    func stop(_ reason: DrawingOutcome) {
        // The reason is there before the flag is raised, and the flag before anyone is told.
        stopped.happen(reason) { cancellation.cancel() }
    }

    /// Why it was stopped; nil while it runs.
    var stopReason: DrawingOutcome? { stopped.value }

    @discardableResult
    func whenStopped(_ handler: @escaping @Sendable (DrawingOutcome) -> Void) -> Int? { stopped.whenHappened(handler) }

    func forget(_ key: Int?) { stopped.forget(key) }

    /// Stops the drawing with `.overBudget` after `budget` unless cancelled first (nil: never).
    func budget(_ budget: Duration?) -> Task<Void, Never>? {
        guard let budget else { return nil }
        return Task { [weak self] in
            guard (try? await Task.sleep(for: budget)) != nil else { return }
            self?.stop(.overBudget)
        }
    }

    /// What the requests waiting for the drawing are answered when it was stopped.
    var error: APIError { stopReason == .overBudget ? .drawingOverBudget : .clientGone }
}

/// The device pixels (width × height × scale²) that the heavy drawings in flight may hold
/// together: a 4096² PNG holds its 64 MiB surface and, while it is encoded, 64 MiB of PNG rows and
/// the PNG; four at once took a server from 637 MB to 1.04 GB (the sweep), four on four workers
/// from 309 MB to a peak of 859 MB, one at a time to 690 MB (RELIABILITY.md). A drawing of
/// `heavy` pixels or more takes its pixels (at most the whole budget) before it may have a worker
/// and gives them back when it ends; while they are not free it waits in the lane's bounded queue,
/// first come first served, and a full queue answers 503 as for any job. Lighter drawings (tiles,
/// small maps) never wait here: their memory is bounded by the number of workers.
final class PixelBudget: Sendable {
    static let heavy = 1 << 20
    let limit: Int
    private let state: Mutex<State>

    private struct Waiter {
        let key: Int
        let pixels: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var free: Int
        var waiting: [Waiter] = []
        var next = 0
    }

    /// Asked to give memory back when the last heavy drawing in flight ends.
    private let release: MemoryRelease

    init(limit: Int, release: MemoryRelease = MemoryRelease(nil)) {
        self.limit = max(Self.heavy, limit)
        self.release = release
        state = Mutex(State(free: self.limit))
    }

    /// What a drawing of `pixels` device pixels takes from the budget.
    func cost(_ pixels: Int) -> Int { pixels < Self.heavy ? 0 : min(pixels, limit) }

    /// Pixels free now, and the drawings waiting for theirs (for tests).
    var free: Int { state.withLock { $0.free } }
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// Takes `cost` pixels (`cost(_:)`), waiting for them behind the drawings that came first;
    /// throws `control`'s error as soon as it is stopped while waiting.
    func take(_ cost: Int, control: DrawingControl?) async throws {
        guard cost > 0 else { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let key = state.withLock { s -> Int? in
                if s.waiting.isEmpty, s.free >= cost {
                    s.free -= cost
                    return nil
                }
                s.next += 1
                s.waiting.append(Waiter(key: s.next, pixels: cost, continuation: continuation))
                return s.next
            }
            guard let key else { return continuation.resume() }
            // A drawing stopped while it waits leaves the queue now (and may let those behind it go).
            guard let control else { return }
            control.whenStopped { [self] _ in
                let (removed, woken) = state.withLock { s -> (Waiter?, [Waiter]) in
                    guard let i = s.waiting.firstIndex(where: { $0.key == key }) else { return (nil, []) }
                    return (s.waiting.remove(at: i), Self.wake(&s))
                }
                removed?.continuation.resume(throwing: control.error)
                for waiter in woken { waiter.continuation.resume() }
            }
        }
    }

    /// Gives back what `take` took.
    func give(_ cost: Int) {
        guard cost > 0 else { return }
        let (woken, drained) = state.withLock { s in
            s.free += cost
            let woken = Self.wake(&s)
            return (woken, s.free == limit)
        }
        for waiter in woken { waiter.continuation.resume() }
        if drained { release.request() }
    }

    /// The waiters at the front whose pixels are free, in order, their pixels taken.
    private static func wake(_ s: inout State) -> [Waiter] {
        var woken: [Waiter] = []
        while let first = s.waiting.first, first.pixels <= s.free {
            s.free -= first.pixels
            woken.append(s.waiting.removeFirst())
        }
        return woken
    }
}

extension APIError {
    /// The drawing's time budget (`waymark serve --draw-budget`) ran out, waiting and drawing: the
    /// server stopped it rather than keep a worker for an answer that may no longer be wanted.
    static let drawingOverBudget = APIError(status: .serviceUnavailable, code: "over_budget",
                                            message: "the image took longer than the server's time budget for a drawing; retry shortly, or ask for a smaller image or area",
                                            headers: [.retryAfter: "5"])

    /// Every client waiting for the drawing has gone, so it was stopped. Nobody reads this answer;
    /// the log and the metrics count it as 499, as nginx names a request its client closed.
    static let clientGone = APIError(status: HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request"), code: "client_gone",
                                     message: "the client closed the connection before the image was drawn")
}

/// Gives freed memory back to the system after a burst (`MapServerConfiguration.releaseFreedMemory`):
/// on a thread of its own, never an event loop's, a second after it is asked and then at most
/// once a second while asked again: glibc's trim holds each arena's lock while it walks it, so
/// thousands of connections closing at once (a header timeout's wave) must not each trim.
final class MemoryRelease: Sendable {
    private let giveBack: (@Sendable () -> Void)?
    private let delay: Double
    private let state = Mutex((running: false, again: false))
    private let done = Atomic<Int>(0)

    init(_ giveBack: (@Sendable () -> Void)?, delay: Double = 1) {
        self.giveBack = giveBack
        self.delay = delay
    }

    /// Releases made (for tests).
    var count: Int { done.load(ordering: .relaxed) }

    func request() {
        guard let giveBack else { return }
        let start = state.withLock { s -> Bool in
            guard !s.running else {
                s.again = true
                return false
            }
            s.running = true
            return true
        }
        guard start else { return }
        Thread.detachNewThread { [self] in
            repeat {
                // What is asked for while this waits, this run gives back.
                Thread.sleep(forTimeInterval: delay)
                state.withLock { $0.again = false }
                giveBack()
                done.add(1, ordering: .relaxed)
            } while state.withLock { s in
                s.running = s.again
                s.again = false
                return s.running
            }
        }
    }
}
