import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

/// One accepted connection as the server's limits see it: whether a request on it is being
/// answered (an idle one may be closed to make room), and whether its client has gone (a drawing
/// only it waits for is cancelled). Handlers answering a request find theirs in `current`.
final class ClientConnection: Sendable {
    /// The connection whose request the running task answers (set for each connection's task by
    /// `GuardedHTTP1Channel`; nil in the in-process test router, whose clients never go).
    @TaskLocal static var current: ClientConnection?

    let channel: any Channel
    /// Requests whose head has been read and whose answer has not been written to its end.
    private let answering = Atomic<Int>(0)
    private let left = OneTimeEvent<Void>()

    init(channel: any Channel) { self.channel = channel }

    /// Whether a request on it is being answered: such a connection is never closed to make room.
    var isBusy: Bool { answering.load(ordering: .relaxed) > 0 }

    /// Whether the client closed its side (or the whole connection): an answer would reach nobody.
    var isGone: Bool { left.value != nil }

    /// Calls `handler` once the client has gone, at once (before returning) if it already has.
    /// Returns what `stopWatching` needs.
    func whenGone(_ handler: @escaping @Sendable () -> Void) -> Int? { left.whenHappened { _ in handler() } }

    func stopWatching(_ key: Int?) { left.forget(key) }

    /// The client closed its side, or the connection closed: the watchers are told, once.
    /// Whether this was the first news of it.
    fileprivate func clientLeft() -> Bool { left.happen(()) }

    fileprivate func requestRead() { answering.wrappingAdd(1, ordering: .relaxed) }
    fileprivate func answerWritten() { answering.wrappingSubtract(1, ordering: .relaxed) }
}

/// The open connections, at most `limit` (below the process's descriptor limit, so that the
/// server never runs out of descriptors and stops accepting). A connection that comes when all
/// `limit` are open takes the place of the oldest idle one (one with no request being answered:
/// a client that connected and sent nothing, or one between requests), which is closed; only
/// when every one is busy is the new one closed instead. So `/healthz` is answered however many
/// idle connections are held open.
final class ConnectionRegistry: Sendable {
    let limit: Int
    private let state = Mutex(State())
    private let metrics: ServerMetrics
    /// Asked to give memory back after a burst of at least `Self.burst` open connections (each
    /// holds about 16 kB), each time the open ones have halved again, down to a few dozen.
    private let release: MemoryRelease
    static let burst = 1024

    private struct State {
        var open: [ObjectIdentifier: ClientConnection] = [:]
        /// The most open since memory was last given back, and whether a burst is draining.
        var peak = 0
        var draining = false
        /// The open connections, oldest first (closed ones are skipped as they are met); busy ones
        /// met while looking for an idle one go to the back.
        var order: [ObjectIdentifier] = []
        var first = 0
    }

    init(limit: Int, release: MemoryRelease = MemoryRelease(nil), metrics: ServerMetrics) {
        self.limit = max(1, limit)
        self.release = release
        self.metrics = metrics
    }

    var count: Int { state.withLock { $0.open.count } }

    /// Registers a newly accepted connection, closing the oldest idle one when all `limit` are
    /// open; nil when every open connection is busy (the caller closes the new one).
    func open(_ channel: any Channel) -> ClientConnection? {
        let connection = ClientConnection(channel: channel)
        let (admitted, evicted, count) = state.withLock { s -> (Bool, ClientConnection?, Int) in
            var evicted: ClientConnection?
            if s.open.count >= limit {
                // Each open connection is looked at once at most: busy ones go to the back.
                var looked = 0
                while evicted == nil, s.first < s.order.count, looked < s.open.count {
                    let id = s.order[s.first]
                    s.first += 1
                    guard let c = s.open[id] else { continue }
                    looked += 1
                    if c.isBusy { s.order.append(id) } else { evicted = s.open.removeValue(forKey: id) }
                }
                Self.compact(&s)
                guard evicted != nil else { return (false, nil, s.open.count) }
            }
            let id = ObjectIdentifier(connection)
            s.open[id] = connection
            s.order.append(id)
            s.peak = max(s.peak, s.open.count)
            if s.peak >= Self.burst { s.draining = true }
            return (true, evicted, s.open.count)
        }
        metrics.connections(open: count)
        if let evicted {
            metrics.connectionClosed(.evicted)
            evicted.channel.close(promise: nil)
        }
        guard admitted else {
            metrics.connectionClosed(.refused)
            return nil
        }
        return connection
    }

    /// The connection closed (whoever closed it).
    func closed(_ connection: ClientConnection) {
        let (count, drained) = state.withLock { s -> (Int, Bool) in
            s.open.removeValue(forKey: ObjectIdentifier(connection))
            Self.compact(&s)
            guard s.draining, s.open.count <= s.peak / 2 else { return (s.open.count, false) }
            s.peak = s.open.count
            if s.open.count < 64 { s.draining = false }
            return (s.open.count, true)
        }
        metrics.connections(open: count)
        if drained { release.request() }
    }

    /// Drops the order's used head and, when closed connections outnumber the open ones there, them.
    private static func compact(_ s: inout State) {
        if s.first > 1024, s.first * 2 > s.order.count {
            s.order.removeFirst(s.first)
            s.first = 0
        }
        if s.order.count - s.first > 2 * s.open.count + 1024 {
            let open = s.open
            s.order = s.order[s.first...].filter { open[$0] != nil }
            s.first = 0
        }
    }
}

/// First in a connection's pipeline, before the HTTP decoder: it sees every byte. A request's
/// head (or, on a new connection, the first one) must arrive whole within `headerTimeout` of its
/// first byte (of the connection's start), or the connection is closed: a client that sends
/// nothing, or its headers a byte at a time, does not keep a connection. It also tells the
/// connection when the client has gone: it closed its side (read end of file) or the whole
/// connection. The time between requests is Hummingbird's idle timeout's.
final class ConnectionWatch: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum Phase { case betweenRequests, awaitingHead, inRequest }

    let connection: ClientConnection
    private let registry: ConnectionRegistry
    private let headerTimeout: TimeAmount?
    private let metrics: ServerMetrics
    private var phase = Phase.betweenRequests
    private var timer: Scheduled<Void>?

    init(connection: ClientConnection, registry: ConnectionRegistry, headerTimeout: TimeAmount?, metrics: ServerMetrics) {
        self.connection = connection
        self.registry = registry
        self.headerTimeout = headerTimeout
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { awaitHead(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        awaitHead(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .betweenRequests { awaitHead(context) }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        clientLeft()
        registry.closed(connection)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Half-closed: the client will send nothing more. A client that waits for its answer
        // after shutting down its sending side is rare; one that has gone is not.
        if let event = event as? ChannelEvent, event == .inputClosed { clientLeft() }
        context.fireUserInboundEventTriggered(event)
    }

    private func clientLeft() {
        let answering = connection.isBusy
        if connection.clientLeft(), answering { metrics.requestAbandoned() }
    }

    /// A request's head was decoded (`RequestWatch`).
    fileprivate func headRead() {
        phase = .inRequest
        timer?.cancel()
        timer = nil
    }

    /// A request was read to its end: the next byte starts the next request's clock.
    fileprivate func requestRead() {
        if phase == .inRequest { phase = .betweenRequests }
    }

    private func awaitHead(_ context: ChannelHandlerContext) {
        phase = .awaitingHead
        guard let headerTimeout, timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: headerTimeout) {
            self.timer = nil
            guard self.phase == .awaitingHead else { return }
            self.metrics.connectionClosed(.headerTimeout)
            context.close(promise: nil)
        }
    }
}

/// After the HTTP decoder: tells `ConnectionWatch` where requests begin and end, and the
/// connection whether an answer is being written.
final class RequestWatch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let watch: ConnectionWatch

    init(_ watch: ConnectionWatch) { self.watch = watch }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            watch.headRead()
            watch.connection.requestRead()
        case .end:
            watch.requestRead()
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { watch.connection.answerWritten() }
        context.write(data, promise: promise)
    }
}

/// Hummingbird's HTTP/1 channel (its idle timeout closes connections left idle between
/// requests) with the server's connection limits around it: the cap (`ConnectionRegistry`), the
/// header timeout and the news of a client gone (`ConnectionWatch`, `RequestWatch`), and each
/// connection's task knowing its connection (`ClientConnection.current`).
struct GuardedHTTP1Channel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let http: HTTP1Channel.Value
        let connection: ClientConnection
        var channel: any Channel { http.channel }
    }

    /// A connection closed at once because every open one was busy.
    struct Refused: Error {}

    let http1: HTTP1Channel
    let registry: ConnectionRegistry
    let headerTimeout: TimeAmount?
    let metrics: ServerMetrics

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard let connection = registry.open(channel) else {
            // Failing here closes nothing and stops nothing else (NIO drops the channel): close it.
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(Refused())
        }
        let watch = ConnectionWatch(connection: connection, registry: registry, headerTimeout: headerTimeout, metrics: metrics)
        do {
            try channel.pipeline.syncOperations.addHandler(watch, position: .first)
        } catch {
            registry.closed(connection)
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(error)
        }
        // Hummingbird sets its pipeline up synchronously here, on the channel's loop.
        return http1.setup(channel: channel, logger: logger).assumeIsolated().flatMapThrowing { http in
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(RequestWatch(watch), position: .before(try operations.handler(type: HTTPConnectionStateHandler.self)))
            return Value(http: http, connection: connection)
        }.nonisolated()
    }

    func handle(value: Value, logger: Logger) async {
        await ClientConnection.$current.withValue(value.connection) {
            await http1.handle(value: value.http, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the server's connection limits (`GuardedHTTP1Channel`).
    static func guardedHTTP1(idleTimeout: TimeAmount?, headerTimeout: TimeAmount?, registry: ConnectionRegistry, metrics: ServerMetrics) -> HTTPServerBuilder {
        .init { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idleTimeout)),
                                registry: registry, headerTimeout: headerTimeout, metrics: metrics)
        }
    }
}
