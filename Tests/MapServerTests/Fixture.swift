import Foundation
import GeoCore
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing
@testable import GeoStore
@testable import MapServer

/// One database for every test of this target, in a temporary directory (never ~/.cache): random
/// places over the whole globe (poles and antimeridian included), a dense cluster in Helsinki for
/// maps and tiles, waters, and cinemas with a day's programme. The records are kept, so answers
/// can be checked against brute force over them.
final class Fixture: Sendable {
    static let shared = try! Fixture()

    let path: String
    let places: [PlaceRecord]
    let waters: [WaterRecord]
    let cinemas: [CinemaRecord]
    static let day = "2012-05-08"
    static let helsinki = Coordinate(lat: 60.1699, lon: 24.9384)

    private init() throws {
        var rng = SeededRandom(seed: 2024)
        let categories = ["do", "see", "stay", "eat", "route"]
        var places: [PlaceRecord] = (0..<2_500).map { i in
            let c: Coordinate = switch i % 10 {
            case 0: Coordinate(lat: .random(in: 88...90, using: &rng), lon: .random(in: -180...180, using: &rng))
            case 1: Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: 179...180, using: &rng))
            case 2: Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: -180 ... -179, using: &rng))
            default: Coordinate(lat: .random(in: -90...90, using: &rng), lon: .random(in: -180...180, using: &rng))
            }
            return PlaceRecord(category: categories[Int.random(in: 0..<5, using: &rng)], name: "P\(i)", location: c)
        }
        for i in 0..<300 {
            var p = PlaceRecord(category: categories[i % 5], name: "H\(i)",
                                location: Coordinate(lat: .random(in: 60.15...60.19, using: &rng), lon: .random(in: 24.90...24.98, using: &rng)))
            p.names = ["lv": "Helsinki \(i)"]
            places.append(p)
        }
        self.places = places
        waters = (0..<40).map { i in
            let c = Coordinate(lat: .random(in: -70...70, using: &rng), lon: .random(in: -179...179, using: &rng)), d = 0.2
            let g: Geometry = i % 2 == 0
                ? .polygon([[c, Coordinate(lat: c.lat, lon: c.lon + d), Coordinate(lat: c.lat + d, lon: c.lon + d), Coordinate(lat: c.lat + d, lon: c.lon), c]])
                : .lineString([c, Coordinate(lat: c.lat + d, lon: c.lon + d)])
            return WaterRecord(name: "W\(i)", waterKind: i % 2 == 0 ? "lake" : "river", geometry: g)
        }
        func at(_ local: String, _ zone: String) -> Date {
            let f = DateFormatter()
            f.dateFormat = "yyyy-MM-dd HH:mm"
            f.timeZone = TimeZone(identifier: zone)
            return f.date(from: local)!
        }
        var kino = CinemaRecord(name: "Kino Helsinki", timezone: "Europe/Helsinki", location: Self.helsinki)
        kino.screenings = [Screening(title: "Kummeli", start: at("2012-05-08 00:15", "Europe/Helsinki"), minutes: 90, rating: "MP-12"),
                           Screening(title: "Late show", start: at("2012-05-08 23:30", "Europe/Helsinki")),
                           Screening(title: "Midnight show", start: at("2012-05-09 00:30", "Europe/Helsinki"))]
        var plzen = CinemaRecord(name: "Cinema City Plzeň", timezone: "Europe/Prague", location: Coordinate(lat: 49.7475, lon: 13.3776))
        plzen.screenings = [Screening(title: "Muži v naději", start: at("2012-05-08 17:30", "Europe/Prague"), minutes: 118, rating: "MP-15", version: "ČT"),
                            Screening(title: "Kummeli", start: at("2012-05-08 20:00", "Europe/Prague"))]
        let empty = CinemaRecord(name: "Kino Tyhjä", timezone: "Europe/Helsinki", location: Coordinate(lat: 60.2, lon: 24.9))
        cinemas = [kino, plzen, empty]

        path = try temporaryDatabase(places.map { .place($0) } + waters.map { .water($0) } + cinemas.map { .cinema($0) })
    }

    /// Every located feature as (name, category, geometry), straight from the records.
    var rows: [(name: String, category: String, geometry: Geometry)] {
        places.map { ($0.name, $0.category, Geometry.point($0.location!)) } + waters.map { ($0.name!, "water", $0.geometry) }
            + cinemas.map { ($0.name, "cinema", Geometry.point($0.location!)) }
    }

    /// Brute force: every row's geodesic distance, nearest first.
    func nearest(_ center: Coordinate, categories: Set<String> = [], within radius: Double = .infinity) -> [(name: String, distance: Double)] {
        rows.filter { categories.isEmpty || categories.contains($0.category) }
            .map { ($0.name, Geodesic.distance(from: center, to: $0.geometry)) }
            .filter { $0.1 <= radius }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    func inBox(_ box: BoundingBox, categories: Set<String> = []) -> Set<String> {
        Set(rows.filter { row in
            (categories.isEmpty || categories.contains(row.category)) && box.unwrapped.contains { part in
                if case let .point(c) = row.geometry { return part.contains(c) }
                return PlanarGeometry.geometry(row.geometry, intersects: part)
            }
        }.map(\.name))
    }
}

/// A new database of `records` in a temporary directory (never ~/.cache); its path.
func temporaryDatabase(_ records: [ImportRecord]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("fixture.sqlite").path
    var file = ParsedFile(file: "fixture")
    file.records = records.map { ("", $0) }
    _ = try SpatiaLiteStore(path: path).importFiles([file], skipInvalid: false)
    return path
}

/// A live server (a real socket) on the fixture (or another database, a file or a URL), with two workers
/// unless told otherwise, logging only warnings.
func withServer<T: Sendable>(database: String = Fixture.shared.path, workers: Int = 2, queueDepth: Int? = nil, cacheBytes: Int = 64 << 20,
                             _ test: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
    try await withServer(database: database, workers: workers, queueDepth: queueDepth, cacheBytes: cacheBytes) { client, _ in try await test(client) }
}

/// The same, with the server's workers (to hold them with `HeldWorker`).
func withServer<T: Sendable>(database: String = Fixture.shared.path, workers: Int = 2, queueDepth: Int? = nil, cacheBytes: Int = 64 << 20,
                             _ test: @Sendable (any TestClientProtocol, WorkerLanes) async throws -> T) async throws -> T {
    var configuration = MapServerConfiguration(database: database)
    configuration.port = 0
    configuration.workers = workers
    configuration.queueDepth = queueDepth
    configuration.cacheBytes = cacheBytes
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
