import Foundation
import GeoCore
import GeoStore
import MapRender
import Stores
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOPosix
import Synchronization
import Testing
@testable import MapServer

/// The server lets go (issue 32, defect 3): drawings whose clients have gone are stopped, a
/// drawing has a time budget, large images share a pixel budget, idle and slow connections are
/// closed, and a cap on connections leaves room for `/healthz`. Every wait here is for an event
/// (a drawing started or stopped, a connection closed) or counted (a metric looked at so many
/// times), never a clock: on a busy machine these tests may wait long for their turn.
@Suite(.timeLimit(.minutes(30))) struct LettingGoTests {
    static let cheapTile: String = {
        let tile = try! TileID(containing: Fixture.helsinki, zoom: 14)
        return "/v1/tiles/\(tile.z)/\(tile.x)/\(tile.y).png"
    }()

    /// The sweep's case: heavy tiles queued behind busy workers, their clients gone, then a cheap
    /// tile. The dropped tiles are never drawn (their jobs never start), so the cheap one is the
    /// only drawing the worker does once free.
    @Test func droppedTilesQueuedBehindABusyWorkerAreNeverDrawn() async throws {
        try await withServer(workers: 1) { client, workers in
            let port = try #require(client.port)
            let starts = Atomic<Int>(0)
            workers.images.drawingStarted.withLock { $0 = { _ in starts.add(1, ordering: .relaxed) } }
            let held = await HeldWorker(workers.images)
            // Twelve z3 tiles, each its own image, each from a client that hangs up while it waits.
            let heavy = (0..<12).map { "/v1/tiles/3/\($0 % 8)/\($0 / 8).png" }
            var dropped: [RawConnection] = []
            for uri in heavy {
                let connection = try await RawConnection.open(port: port)
                try await connection.send(get: uri)
                dropped.append(connection)
            }
            try await waitUntilInFlight(port: port, heavy.count + 1)
            for connection in dropped { try await connection.close() }
            try await waitForMetric(port: port, #"waymark_drawings_total{kind="tile",outcome="abandoned"}"#, atLeast: heavy.count)

            let cheap = Task { try await client.get(Self.cheapTile) }
            try await waitUntilInFlight(port: port, 2)
            try await held.release()
            #expect(try await cheap.value.status == .ok)
            let metrics = String(buffer: try await client.get("/metrics").body)
            #expect(starts.load(ordering: .relaxed) == 1, "only the cheap tile's drawing started")
            #expect(metrics.contains(#"waymark_drawings_total{kind="tile",outcome="drawn"} 1"#), "\(metrics)")
            #expect(metrics.contains(#"waymark_drawings_total{kind="tile",outcome="abandoned"} 12"#), "\(metrics)")
            #expect(metrics.contains("waymark_requests_abandoned_total 12"), "\(metrics)")
        }
    }

    /// A drawing already on its worker when its client leaves stops at its next check (the
    /// store's fetch and the renderer check the drawing's flag between pages, layers and rows)
    /// instead of running to its end; the cheap tile queued behind it is then drawn.
    @Test func aStartedDrawingWhoseClientLeavesStopsAtItsNextCheck() async throws {
        try await withServer(workers: 1) { client, workers in
            let port = try #require(client.port)
            let (started, starting) = AsyncStream.makeStream(of: DrawingControl.self)
            let proceed = DispatchSemaphore(value: 0), starts = Atomic<Int>(0)
            // The first drawing waits on its worker (not on Swift's pool) until the test lets it go on.
            workers.images.drawingStarted.withLock {
                $0 = { control in
                    guard starts.add(1, ordering: .relaxed).newValue == 1 else { return }
                    starting.yield(control)
                    proceed.wait()
                }
            }
            let leaving = try await RawConnection.open(port: port)
            try await leaving.send(get: "/v1/map.png?size=800x600")
            var iterator = started.makeAsyncIterator()
            let control = try #require(await iterator.next())
            // A raw connection that waits as long as its turn takes: a client with a read timeout
            // gave up under a full suite's load while the stopped drawing still held the worker.
            let cheap = try await RawConnection.open(port: port)
            try await cheap.send("GET \(Self.cheapTile) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            try await leaving.close()
            // The server saw the client go and stopped the drawing: the event, not a clock.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in control.whenStopped { _ in done.resume() } }
            #expect(control.stopReason == .abandoned)
            #expect(control.cancellation.isCancelled)
            proceed.signal()
            let response = try await cheap.receivedUntilClosed().lowercased()
            #expect(response.hasPrefix("http/1.1 200"), "\(response.prefix(300))")
            let metrics = String(buffer: try await client.get("/metrics").body)
            #expect(metrics.contains(#"waymark_drawings_total{kind="map",outcome="abandoned"} 1"#), "\(metrics)")
            #expect(!metrics.contains(#"waymark_drawings_total{kind="map",outcome="drawn"}"#), "\(metrics)")
            #expect(metrics.contains(#"waymark_drawings_total{kind="tile",outcome="drawn"} 1"#), "\(metrics)")
        }
    }

    /// The checks themselves: the store's walk over a large box checks the thread's cancellation
    /// between batches of rows, not only between pages (one page of the whole fixture, more than a
    /// batch, stops); the fetch and the renderer stop at their first check.
    @Test func theFetchAndTheRendererStopAtTheirChecks() throws {
        let store = try ImageRouteTests.store(), style = try MapStyle.named("default")
        let stopped = Cancellation()
        stopped.cancel()
        let world = BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90)
        let whole = try store.bbox(BoxQuery(box: world, limit: maximumLimit))
        #expect(whole.features.count > 1024 && whole.next == nil)
        #expect(throws: CancellationError.self) { _ = try stopped.bound { try store.bbox(BoxQuery(box: world, limit: maximumLimit)) } }
        #expect(throws: CancellationError.self) { _ = try store.features(in: world, categories: .init(), cancellation: stopped) }
        let tile = try TileID(containing: Fixture.helsinki, zoom: 12)
        let features = try store.features(in: MapRenderer.fetchArea(tile: tile, style: style), categories: .init())
        #expect(throws: CancellationError.self) { _ = try MapRenderer.renderTile(tile, features: features, style: style, cancellation: stopped) }
        #expect(throws: CancellationError.self) {
            _ = try MapRenderer.render(try MapRequest(features: features, categories: [], framing: .fit(padding: 24, maxZoom: 16), width: 400, height: 300,
                                                  scale: 1, format: .png, style: style), cancellation: stopped)
        }
        // Never cancelled: the same drawing as without a flag.
        #expect(try MapRenderer.renderTile(tile, features: features, style: style, cancellation: Cancellation())
                == (try MapRenderer.renderTile(tile, features: features, style: style)))
    }

    /// A request shared by two clients is drawn for the one that stays.
    @Test func aSharedDrawingGoesOnWhileOneOfItsClientsStays() async throws {
        try await withServer(workers: 1) { client, workers in
            let port = try #require(client.port)
            let (started, starting) = AsyncStream.makeStream(of: DrawingControl.self)
            let proceed = DispatchSemaphore(value: 0)
            workers.images.drawingStarted.withLock { $0 = { control in starting.yield(control); proceed.wait() } }
            let uri = "/v1/map.png?size=640x480&center=60.17,24.94&zoom=13"
            let leaving = try await RawConnection.open(port: port)
            try await leaving.send(get: uri)
            var iterator = started.makeAsyncIterator()
            let control = try #require(await iterator.next())
            // A raw connection that waits as long as the drawing takes: a client with a read
            // timeout could give up while a busy machine keeps this test waiting for its turn.
            let staying = try await RawConnection.open(port: port)
            try await staying.send("GET \(uri) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            // Both wait for the one drawing (the metrics request is the third in flight).
            try await waitUntilInFlight(port: port, 3)
            try await leaving.close()
            try await waitForMetric(port: port, "waymark_requests_abandoned_total", atLeast: 1)
            #expect(control.stopReason == nil, "one client still waits")
            proceed.signal()
            let response = try await staying.receivedUntilClosed().lowercased()
            #expect(response.hasPrefix("http/1.1 200") && response.contains("x-cache: shared"), "\(response.prefix(300))")
        }
    }

    /// Past its budget a drawing is stopped and answered 503 with Retry-After. The drawing waits
    /// on its worker until the budget stops it, so it cannot finish first however fast the machine.
    @Test func aDrawingPastItsBudgetIsAnswered503WithRetryAfter() async throws {
        try await withServer(workers: 1, limits: { $0.drawingBudget = .milliseconds(1) }) { client, workers in
            workers.images.drawingStarted.withLock {
                $0 = { control in
                    let stopped = DispatchSemaphore(value: 0)
                    control.whenStopped { _ in stopped.signal() }
                    stopped.wait()
                }
            }
            let response = try await client.get(Self.cheapTile)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "5")
            let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [String: String]]
            #expect(body?["error"]?["code"] == "over_budget", "\(String(buffer: response.body))")
            let metrics = String(buffer: try await client.get("/metrics").body)
            #expect(metrics.contains(#"waymark_drawings_total{kind="tile",outcome="over_budget"} 1"#), "\(metrics)")
        }
    }

    /// With room for one large image's pixels, a second large image waits for them even with a
    /// worker free, while a tile (light) is drawn meanwhile; both large ones are drawn in turn.
    @Test func largeImagesWaitForTheirPixelsWhileTilesPass() async throws {
        let released = Atomic<Int>(0)
        try await withServer(workers: 2, limits: {
            $0.pixelBudget = PixelBudget.heavy
            $0.releaseFreedMemory = { released.add(1, ordering: .relaxed) }
        }) { client, workers in
            let port = try #require(client.port)
            let budget = try #require(workers.images.pixelBudget)
            let (started, starting) = AsyncStream.makeStream(of: Void.self)
            let proceed = DispatchSemaphore(value: 0), starts = Atomic<Int>(0)
            workers.images.drawingStarted.withLock {
                $0 = { _ in
                    guard starts.add(1, ordering: .relaxed).newValue == 1 else { return }
                    starting.yield()
                    proceed.wait()
                }
            }
            let large = ["/v1/map.png?size=1024x1024&center=60.17,24.94&zoom=13", "/v1/map.png?size=1024x1025&center=60.17,24.94&zoom=13"]
            let first = Task { try await concurrently(port: port, [large[0]]) }
            var iterator = started.makeAsyncIterator()
            await iterator.next()
            #expect(budget.free == 0)
            let second = Task { try await concurrently(port: port, [large[1]]) }
            try await waitUntil { budget.waiting == 1 }
            // The other worker is free: a tile is drawn while the second large image waits.
            #expect(try await client.get(Self.cheapTile).status == .ok)
            #expect(starts.load(ordering: .relaxed) == 2, "the first large image and the tile; the second waits for pixels")
            proceed.signal()
            #expect(try await first.value.map(\.status) == [.ok])
            #expect(try await second.value.map(\.status) == [.ok])
            #expect(starts.load(ordering: .relaxed) == 3)
            #expect(budget.free == PixelBudget.heavy)
            // With no large image left in flight, the freed memory is given back (off the event loops).
            try await waitUntil { released.load(ordering: .relaxed) >= 1 }
        }
    }

    @Test func anIdleConnectionIsClosedByTheServer() async throws {
        try await withServer(limits: { $0.idleTimeout = .milliseconds(20) }) { client, _ in
            // Nothing is sent: a request written after the timeout could meet a closed connection
            // on a machine busy enough to delay the test past it.
            let connection = try await RawConnection.open(port: try #require(client.port))
            // Returns once the server has closed the connection (the client never does).
            #expect(try await connection.receivedUntilClosed() == "")
        }
    }

    @Test func aConnectionThatSendsNoWholeHeadIsClosed() async throws {
        try await withServer(limits: { $0.headerTimeout = .milliseconds(20) }) { client, _ in
            let port = try #require(client.port)
            let silent = try await RawConnection.open(port: port)
            let dribbling = try await RawConnection.open(port: port)
            // Already closed when a busy machine delays the write past the timeout: the same end.
            try? await dribbling.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: a")
            #expect(try await silent.receivedUntilClosed() == "")
            #expect(try await dribbling.receivedUntilClosed() == "")
        }
    }

    /// Past the cap, new connections take idle ones' places: `/healthz` is answered, and a busy
    /// connection (its drawing held on the worker) is not closed and gets its answer.
    @Test func pastTheConnectionCapIdleConnectionsMakeRoomForHealthz() async throws {
        let cap = 4, idleCount = 6
        try await withServer(workers: 1, limits: { $0.maxConnections = cap }) { client, workers in
            let port = try #require(client.port)
            let (started, starting) = AsyncStream.makeStream(of: Void.self)
            let proceed = DispatchSemaphore(value: 0)
            workers.images.drawingStarted.withLock { $0 = { _ in starting.yield(); proceed.wait() } }
            let busy = Task { try await concurrently(port: port, [Self.cheapTile]) }
            var iterator = started.makeAsyncIterator()
            await iterator.next()
            var idle: [RawConnection] = []
            for _ in 0..<idleCount { idle.append(try await RawConnection.open(port: port)) }
            try await TestClient.withClient(host: "127.0.0.1", port: port) { health in
                #expect(try await health.get("/healthz").status == .ok)
                // Every connection opened so far registered (looked at so many times, not timed).
                var metrics = ""
                for _ in 0..<12_000 {
                    metrics = String(buffer: try await health.get("/metrics").body ?? ByteBuffer())
                    if metrics.contains("waymark_connections_open \(cap).0\n"),
                       metrics.contains(#"waymark_connections_closed_total{reason="evicted"} "#) { break }
                    try await Task.sleep(for: .milliseconds(5))
                }
                // The live test client's connection, the busy one, the idle ones and this one: all past the cap made room.
                #expect(metrics.contains("waymark_connections_open \(cap).0\n"), "\(metrics)")
                #expect(metrics.contains(#"waymark_connections_closed_total{reason="evicted"} \#(1 + 1 + idleCount + 1 - cap)"#), "\(metrics)")
                #expect(!metrics.contains(#"reason="refused""#), "\(metrics)")
            }
            proceed.signal()
            #expect(try await busy.value.map(\.status) == [.ok])
            _ = idle
        }
    }
}

/// A bare TCP connection to the server, for what an HTTP client does not do: send a request and
/// hang up before the answer, send nothing, send half a head.
struct RawConnection: Sendable {
    let channel: any Channel
    private let received: Received

    final class Received: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let bytes = Mutex<[UInt8]>([])
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            bytes.withLock { $0 += buffer.readableBytesView }
        }
    }

    static func open(port: Int) async throws -> RawConnection {
        let received = Received()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(received) } }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, received: received)
    }

    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    func send(get uri: String) async throws {
        try await send("GET \(uri) HTTP/1.1\r\nHost: localhost\r\n\r\n")
    }

    func close() async throws {
        try await channel.close()
    }

    /// Everything received, once the server has closed the connection.
    func receivedUntilClosed() async throws -> String {
        try await channel.closeFuture.get()
        return String(decoding: received.bytes.withLock { $0 }, as: UTF8.self)
    }
}

/// Waits until `condition` holds, looking every 5 ms at most 12 000 times (at least a minute's
/// worth), so that a condition that never holds fails the test instead of hanging it.
func waitUntil(_ condition: @Sendable () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for _ in 0..<12_000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("the condition never held", sourceLocation: sourceLocation)
}
