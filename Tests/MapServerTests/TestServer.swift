import Foundation
import GeoCore
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing
@testable import GeoStore
@testable import MapServer

/// A live server (a real socket) on the fixture (or another database, a file or a URL), with two workers
/// unless told otherwise, logging only warnings.
func withServer<T: Sendable>(database: String = Fixture.shared.path, workers: Int = 2, queueDepth: Int? = nil, cacheBytes: Int = 64 << 20,
                             _ test: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
    try await withServer(database: database, workers: workers, queueDepth: queueDepth, cacheBytes: cacheBytes) { client, _ in try await test(client) }
}

/// The same, with the server's workers (to hold them with `HeldWorker`). No clock stops anything
/// unless a test says so (`limits`): no drawing budget, no idle or header timeout, since on a busy
/// machine a test may wait long for its turn.
func withServer<T: Sendable>(database: String = Fixture.shared.path, workers: Int = 2, queueDepth: Int? = nil, cacheBytes: Int = 64 << 20,
                             limits: (inout MapServerConfiguration) -> Void = { _ in },
                             _ test: @Sendable (any TestClientProtocol, WorkerLanes) async throws -> T) async throws -> T {
    var configuration = MapServerConfiguration(database: database)
    configuration.port = 0
    configuration.workers = workers
    configuration.queueDepth = queueDepth
    configuration.cacheBytes = cacheBytes
    configuration.drawingBudget = nil
    configuration.idleTimeout = nil
    configuration.headerTimeout = nil
    limits(&configuration)
    var logger = Logger(label: "waymark-test")
    logger.logLevel = .warning
    var lanes: WorkerLanes?
    let application = try MapServer.application(configuration, logger: logger, onServerRunning: { _ in }, workers: { lanes = $0 })
    let workers = lanes!
    return try await application.test(.live) { client in try await test(client, workers) }
}

/// A job that keeps one worker until `release()`: requests behind it wait in the queue, or are
/// refused when it is full, for as long as a test needs (no race with a slow drawing that the
/// machine's load may shorten or lengthen).
final class HeldWorker: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let job: Task<Void, any Error>

    /// Returns once the job holds a worker.
    init(_ pool: WorkerPool) async {
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        job = Task { [released] in try await pool.withStore { _ in start.yield(); released.wait() } }
        for await _ in started { break }
    }

    func release() async throws {
        released.signal()
        try await job.value
    }

    /// Lets the worker go when a test ends without `release()` (a failed expectation), so that
    /// the server can still shut down instead of waiting for it for ever.
    deinit { released.signal() }
}

extension TestClientProtocol {
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }

    /// The body as a JSON object, after checking the status.
    func json(_ uri: String, status: HTTPResponse.Status = .ok, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let response = try await get(uri)
        #expect(response.status == status, "\(uri): \(String(buffer: response.body))", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// Every page of a query, following `next`: (name, distance_m) of each feature.
    func allPages(_ uri: String) async throws -> [(name: String, distance: Double?, id: String)] {
        var collected: [(String, Double?, String)] = [], cursor: String?
        repeat {
            let page = try await json(uri + (cursor.map { "&cursor=" + $0 } ?? ""))
            for f in page["features"] as! [[String: Any]] {
                let p = f["properties"] as! [String: Any]
                collected.append((p["name"] as! String, p["distance_m"] as? Double, f["id"] as! String))
            }
            cursor = page["next"] as? String
        } while cursor != nil
        return collected
    }
}

/// Each of `uris` requested at once, each on a connection of its own: (uri, status, headers, body) in the order they came back.
func concurrently(port: Int, _ uris: [String]) async throws -> [(uri: String, status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer)] {
    try await withThrowingTaskGroup(of: (String, HTTPResponse.Status, HTTPFields, ByteBuffer).self) { group in
        for uri in uris {
            group.addTask {
                try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(60))) { connection in
                    let response = try await connection.get(uri)
                    return (uri, response.status, response.headers, response.body ?? ByteBuffer())
                }
            }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
}

/// Waits until the server at `port` has at least `count` requests in flight (the metrics request
/// that asks included).
func waitUntilInFlight(port: Int, _ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await waitForMetric(port: port, "waymark_http_requests_in_flight", atLeast: count, sourceLocation: sourceLocation)
}

/// Waits until the metric `name` (a line `name value` of /metrics) reaches `count`. Bounded by a
/// number of looks (at least a minute's worth), not by the clock, so that a request that never
/// shows fails the test instead of hanging it, while a test whose turn on Swift's pool comes late
/// only looks later.
func waitForMetric(port: Int, _ name: String, atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
        for _ in 0..<12_000 {
            let metrics = String(buffer: try await client.get("/metrics").body ?? ByteBuffer())
            let line = metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            if let value = line.flatMap({ Double($0.split(separator: " ")[1]) }), value >= Double(count) { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("\(name) never reached \(count)", sourceLocation: sourceLocation)
    }
}

extension Data {
    init(buffer: ByteBuffer) { self.init(buffer.readableBytesView) }
}
