import Synchronization

/// Concurrent requests for the same key share one run of the work: the first starts it, the
/// others wait for its result (or its error). A key is free again once its run has finished, so
/// a later request runs the work anew; the work itself is expected to leave its result where
/// later requests look first (the render cache), before the key is freed.
///
/// The run is a task of its own, so a client that hangs up does not cancel it for the others;
/// when every request waiting for it has gone (its client closed the connection, or its task was
/// cancelled), the run's `DrawingControl` is stopped with `.abandoned`. A request that comes for a
/// key whose run was stopped starts a run of its own.
final class SingleFlight<Value: Sendable>: Sendable {
    private final class Flight: Sendable {
        let control: DrawingControl
        let task: Task<Value, any Error>
        init(control: DrawingControl, task: Task<Value, any Error>) {
            self.control = control
            self.task = task
        }
    }

    private struct Entry {
        let flight: Flight
        /// The requests waiting for it whose clients are still there.
        var waiting: Int
    }

    private let running = Mutex<[String: Entry]>([:])

    /// The result of `work` for `key`, and whether it came from a run another request started.
    /// `client` is the connection of the request that asks: when it goes, the request stops waiting.
    func run(_ key: String, client: ClientConnection? = nil,
             _ work: @escaping @Sendable (DrawingControl) async throws -> Value) async throws -> (Value, shared: Bool) {
        let (flight, shared) = running.withLock { running -> (Flight, Bool) in
            if let entry = running[key], entry.flight.control.stopReason == nil {
                running[key]!.waiting += 1
                return (entry.flight, true)
            }
            // The task frees its key under this same lock, so never before it has been stored.
            let control = DrawingControl()
            let task = Task {
                defer {
                    self.running.withLock { running in
                        if running[key]?.flight.control === control { running[key] = nil }
                    }
                }
                return try await work(control)
            }
            let flight = Flight(control: control, task: task)
            running[key] = Entry(flight: flight, waiting: 1)
            return (flight, false)
        }
        // This request stops waiting once: when its client goes, or its task is cancelled.
        let left = Atomic<Bool>(false)
        let leave: @Sendable () -> Void = {
            guard !left.exchange(true, ordering: .relaxed) else { return }
            self.leave(key, flight)
        }
        let watch = client?.whenGone(leave)
        defer { client?.stopWatching(watch) }
        let value = try await withTaskCancellationHandler { try await flight.task.value } onCancel: { leave() }
        return (value, shared)
    }

    /// One fewer request waits for `flight`: the last one leaving stops it, and frees its key for
    /// the next request (which starts anew rather than wait for a drawing being stopped).
    private func leave(_ key: String, _ flight: Flight) {
        let abandoned = running.withLock { running -> Bool in
            guard running[key]?.flight === flight else { return false }
            running[key]!.waiting -= 1
            guard running[key]!.waiting == 0 else { return false }
            running[key] = nil
            return true
        }
        if abandoned { flight.control.stop(.abandoned) }
    }
}
