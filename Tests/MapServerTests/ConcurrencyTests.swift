import Foundation
import GeoCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ServiceLifecycle
import Testing
@testable import MapServer

/// Many clients at once, and a shutdown while a request is in flight. A time limit, so that a
/// lost request fails the run rather than hanging it.
@Suite(.timeLimit(.minutes(3))) struct ConcurrencyTests {
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
            let port = try #require(client.port)
            let answers = try await withThrowingTaskGroup(of: (String, HTTPResponse.Status, ByteBuffer).self) { group in
                for i in 0..<200 {
                    let uri = kinds[i % kinds.count]
                    group.addTask {
                        try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(60))) { connection in
                            let response = try await connection.get(uri)
                            return (uri, response.status, response.body ?? ByteBuffer())
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 200)
            for (uri, status, body) in answers {
                #expect(status == expected[uri]!.0 && body == expected[uri]!.1, "\(uri)")
            }
        }
    }

    @Test func gracefulShutdownLetsTheRequestInFlightFinish() async throws {
        var configuration = MapServerConfiguration(database: Fixture.shared.path)
        configuration.port = 0
        configuration.workers = 1
        var logger = Logger(label: "waymark-test")
        logger.logLevel = .warning
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = try MapServer.application(configuration, logger: logger) { channel in
            portContinuation.yield(channel.localAddress!.port!)
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let slow = Task {
                try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(120))) { client in
                    try await client.get("/v1/map.png?size=1500x1500&scale=2")
                }
            }
            // Wait until the map is being drawn (the metrics request itself is one in flight); a
            // deadline, so that a request that never shows fails the test instead of hanging it.
            let deadline = ContinuousClock.now + .seconds(60)
            try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
                while !String(buffer: try await client.get("/metrics").body ?? ByteBuffer()).contains("waymark_http_requests_in_flight 2") {
                    try #require(ContinuousClock.now < deadline, "the map request never showed as in flight")
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
            await group.triggerGracefulShutdown()
            let response = try await slow.value
            #expect(response.status == .ok)
            let size = try ImageRouteTests.pngSize(response.body ?? ByteBuffer())
            #expect(size == (3000, 3000))
            try await tasks.waitForAll()
        }
    }
}
