import Synchronization

/// Concurrent requests for the same key share one run of the work: the first starts it, the
/// others wait for its result (or its error). A key is free again once its run has finished, so
/// a later request runs the work anew; the work itself is expected to leave its result where
/// later requests look first (the render cache), before the key is freed.
final class SingleFlight<Value: Sendable>: Sendable {
    private let running = Mutex<[String: Task<Value, any Error>]>([:])

    /// The result of `work` for `key`, and whether it came from a run another request started.
    /// The run is a task of its own, so a client that hangs up does not cancel it for the others.
    func run(_ key: String, _ work: @escaping @Sendable () async throws -> Value) async throws -> (Value, shared: Bool) {
        let (task, shared) = running.withLock { running in
            if let task = running[key] { return (task, true) }
            // The task frees its key under this same lock, so never before it has been stored.
            let task = Task {
                defer { self.running.withLock { _ = $0.removeValue(forKey: key) } }
                return try await work()
            }
            running[key] = task
            return (task, false)
        }
        return (try await task.value, shared)
    }
}
