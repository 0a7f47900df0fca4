import Foundation
import GeoCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MapRender
import NIOCore
import ServiceLifecycle
import Testing
@testable import MapServer

/// Many clients at once, and a shutdown while a request is in flight. A time limit only against a
/// hang: thirty minutes, far beyond the whole suite, since on a busy machine these tests may wait
/// long for their turn on Swift's pool and a tight clock would fail them for it.
@Suite(.timeLimit(.minutes(30))) struct ConcurrencyTests {
    @Test func twoHundredParallelMixedRequestsAllSucceedWithCorrectAnswers() async throws {
        try await withServer { client in
            let c = Fixture.helsinki
            let tile = try TileID(containing: c, zoom: 12)
            let kinds = ["/v1/nearest?lat=\(c.lat)&lon=\(c.lon)&limit=20&category=eat", "/v1/within?lat=10&lon=20&radius=3000000&limit=50",
                         "/v1/bbox?bbox=170,-15,-170,15&limit=100", "/v1/nearest?lat=-45&lon=-120&limit=5",
                         "/v1/cinemas?lat=\(c.lat)&lon=\(c.lon)&date=\(Fixture.day)", "/v1/categories",
                         "/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y).png", "/v1/tiles/\(tile.z)/\(tile.x + 1)/\(tile.y)@2x.png",
                         "/v1/map.png?size=200x150&center=60.17,24.94&zoom=13", "/v1/nearest?lat=95&lon=0"]
            // Each answer once, one at a time; the query answers checked against brute force.
            var expected: [String: (HTTPResponse.Status, ByteBuffer)] = [:]
            for uri in kinds {
                let response = try await client.get(uri)
                expected[uri] = (response.status, response.body)
            }
            let nearest = try JSONSerialization.jsonObject(with: Data(buffer: expected[kinds[0]]!.1)) as! [String: Any]
            #expect((nearest["features"] as! [[String: Any]]).map { ($0["properties"] as! [String: Any])["name"] as! String }
                    == Fixture.shared.nearest(c, categories: ["eat"]).prefix(20).map(\.name))
            let within = try JSONSerialization.jsonObject(with: Data(buffer: expected[kinds[1]]!.1)) as! [String: Any]
            #expect((within["features"] as! [[String: Any]]).map { ($0["properties"] as! [String: Any])["name"] as! String }
                    == Fixture.shared.nearest(Coordinate(lat: 10, lon: 20), within: 3_000_000).prefix(50).map(\.name))
            #expect(expected[kinds.last!]!.0 == .badRequest)

            // Then 200 at once, each on a connection of its own.
            let answers = try await concurrently(port: try #require(client.port), (0..<200).map { kinds[$0 % kinds.count] })
            #expect(answers.count == 200)
            for (uri, status, _, body) in answers {
                #expect(status == expected[uri]!.0 && body == expected[uri]!.1, "\(uri)")
            }
        }
    }

    @Test func aFullQueueAnswers503WithRetryAfterAndEveryOtherRequestIsRight() async throws {
        // One worker per lane, each held busy, with room for one job to wait: of a burst of large
        // maps (each its own size, so no two are the same image) and quick queries, the first map
        // and the first query to reach their lanes wait and every other is refused at once.
        try await withServer(workers: 1, queueDepth: 1) { client, workers in
            let points = (0..<6).map { (i: Int) -> Coordinate in Coordinate(lat: Double(15 * i - 40), lon: Double(50 * i - 130)) }
            let maps = (0..<6).map { "/v1/map.png?size=\(1400 + $0)x1400&scale=2&center=60.17,24.94&zoom=13" }
            let queries = points.map { "/v1/nearest?lat=\($0.lat)&lon=\($0.lon)&limit=5" }
            let interleaved = zip(maps, queries).flatMap { [$0, $1] }
            let port = try #require(client.port)
            let held = (images: await HeldWorker(workers.images), queries: await HeldWorker(workers.queries))
            let burst = Task { try await concurrently(port: port, interleaved) }
            try await waitForMetric(port: port, "waymark_overloaded_total", atLeast: interleaved.count - 2)
            try await held.images.release()
            try await held.queries.release()
            let answers = try await burst.value

            let refused = answers.filter { $0.status == .serviceUnavailable }
            #expect(refused.count == interleaved.count - 2, "one of each lane waits in its queue, the others are refused")
            #expect(answers.filter { $0.status != .serviceUnavailable && maps.contains($0.uri) }.count == 1)
            for answer in refused {
                #expect(answer.headers[.retryAfter] == "1" && answer.headers[.contentType] == "application/json")
                let body = try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? [String: [String: String]]
                #expect(body?["error"]?["code"] == "overloaded" && body?["error"]?["message"]?.isEmpty == false, "\(String(buffer: answer.body))")
            }
            // Every other answer is the right one: queries against brute force, maps against the renderer.
            let store = try ImageRouteTests.store(), style = try MapStyle.named("default")
            for answer in answers where answer.status != .serviceUnavailable {
                #expect(answer.status == .ok, "\(answer.uri): \(answer.status)")
                if let i = queries.firstIndex(of: answer.uri) {
                    let names = try #require(try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? [String: Any])["features"] as? [[String: Any]]
                    #expect(names?.map { ($0["properties"] as! [String: Any])["name"] as! String } == Fixture.shared.nearest(points[i]).prefix(5).map(\.name))
                } else {
                    let width = Double(1400 + maps.firstIndex(of: answer.uri)!)
                    let expected = try MapRenderer.render(try MapRequest(features: [], categories: [], framing: .center(Coordinate(lat: 60.17, lon: 24.94), zoom: 13),
                                                                         width: width, height: 1400, scale: 2, format: .png, style: style).fetchingFeatures(from: store))
                    #expect(Data(buffer: answer.body) == expected, "\(answer.uri)")
                }
            }
            let metrics = String(buffer: try await client.get("/metrics").body)
            #expect(metrics.contains("waymark_overloaded_total \(refused.count)\n"), "\(metrics)")
            // Refused, not broken: once the burst is over the same request is served.
            let retry = try await client.get(refused.first?.uri ?? queries[0])
            #expect(retry.status == .ok)
        }
    }

    @Test func queriesAreAnsweredWhileEveryDrawingWorkerIsBusy() async throws {
        try await withServer(workers: 1) { client, workers in
            let held = await HeldWorker(workers.images)
            let point = Coordinate(lat: 60.17, lon: 24.94)
            let page = try await client.json("/v1/nearest?lat=\(point.lat)&lon=\(point.lon)&limit=3")
            let names = (page["features"] as? [[String: Any]])?.map { ($0["properties"] as! [String: Any])["name"] as! String }
            #expect(names == Fixture.shared.nearest(point).prefix(3).map(\.name))
            try await held.release()
        }
    }

    @Test func gracefulShutdownLetsTheRequestInFlightFinish() async throws {
        var configuration = MapServerConfiguration(database: Fixture.shared.path)
        configuration.port = 0
        configuration.workers = 1
        (configuration.drawingBudget, configuration.idleTimeout, configuration.headerTimeout) = (nil, nil, nil)
        var logger = Logger(label: "waymark-test")
        logger.logLevel = .warning
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var lanes: WorkerLanes?
        let app = try MapServer.application(configuration, logger: logger, onServerRunning: { channel in
            portContinuation.yield(channel.localAddress!.port!)
        }, workers: { lanes = $0 })
        let workers = try #require(lanes)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            // The one drawing worker held, so that the map is still to be drawn when the shutdown
            // begins, however fast or slow the machine is at the moment.
            let held = await HeldWorker(workers.images)
            let slow = Task {
                try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(120))) { client in
                    try await client.get("/v1/map.png?size=1500x1500&scale=2")
                }
            }
            // Wait until the map request is in flight (the metrics request itself is one).
            try await waitUntilInFlight(port: port, 2)
            await group.triggerGracefulShutdown()
            try await held.release()
            let response = try await slow.value
            #expect(response.status == .ok)
            let size = try ImageRouteTests.pngSize(response.body ?? ByteBuffer())
            #expect(size == (3000, 3000))
            try await tasks.waitForAll()
        }
    }
}
