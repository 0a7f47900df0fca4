import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus

/// The server's metrics, through swift-metrics into a Prometheus registry of its own (not the
/// process-wide `MetricsSystem`, which can be bootstrapped once only: tests run many servers).
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    let inFlight: Meter

    init() {
        factory = PrometheusMetricsFactory(registry: registry)
        inFlight = Meter(label: "waymark_http_requests_in_flight", factory: factory)
    }

    /// One answered request, by route template (not path: tiles would make a series each).
    func request(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status, duration: Duration) {
        Counter(label: "waymark_http_requests_total", dimensions: [("route", route), ("method", method.rawValue), ("status", String(status.code))],
                factory: factory).increment()
        Timer(label: "waymark_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// The time a worker spent drawing one image (`kind`: tile or map).
    func rendered(_ kind: String, duration: Duration) {
        Timer(label: "waymark_render_duration_seconds", dimensions: [("kind", kind)], factory: factory).recordNanoseconds(duration.nanoseconds)
    }

    /// A job the worker pool refused because its queue was full (the request got 503).
    func overloaded() {
        Counter(label: "waymark_overloaded_total", factory: factory).increment()
    }

    /// How a drawing the workers were asked for ended (`kind`: tile, map or base).
    func drawing(_ kind: String, _ outcome: DrawingOutcome) {
        Counter(label: "waymark_drawings_total", dimensions: [("kind", kind), ("outcome", outcome.rawValue)], factory: factory).increment()
    }

    /// The connections open now (`ConnectionRegistry`).
    func connections(open: Int) {
        Gauge(label: "waymark_connections_open", factory: factory).record(open)
    }

    /// A connection the server closed for its limits.
    func connectionClosed(_ reason: ConnectionCloseReason) {
        Counter(label: "waymark_connections_closed_total", dimensions: [("reason", reason.rawValue)], factory: factory).increment()
    }

    /// A client that left while its request was being answered.
    func requestAbandoned() {
        Counter(label: "waymark_requests_abandoned_total", factory: factory).increment()
    }

    func cache(hit: Bool, kind: String, cache: RenderCache) {
        Counter(label: hit ? "waymark_cache_hits_total" : "waymark_cache_misses_total", dimensions: [("kind", kind)], factory: factory).increment()
        Gauge(label: "waymark_cache_bytes", factory: factory).record(cache.bytes)
    }

    /// The text exposition format Prometheus scrapes.
    var exposition: String { registry.emitToString() }
}

/// How a drawing ended: drawn; stopped because every client waiting for it had gone; stopped
/// past its time budget (the clients got 503).
enum DrawingOutcome: String {
    case drawn, abandoned
    case overBudget = "over_budget"
}

/// Why the server closed a connection itself: to make room for a new one (the oldest idle one),
/// a new one when every open one was busy, or one whose request head did not come in time.
enum ConnectionCloseReason: String {
    case evicted, refused
    case headerTimeout = "header_timeout"
}

extension Duration {
    var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
    var milliseconds: Double { Double(nanoseconds) / 1e6 }
}

/// Logs every request (method, path, status, milliseconds) and records it in the metrics.
/// Outermost, so it sees the status the client gets, errors included.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        metrics.inFlight.increment()
        defer { metrics.inFlight.decrement() }
        var status = HTTPResponse.Status.internalServerError
        defer {
            let elapsed = ContinuousClock.now - start
            // Tenths of a millisecond without String(format:), which took a third of this middleware's time.
            context.logger.info("\(request.method) \(request.uri) \(status.code) \((elapsed.milliseconds * 10).rounded() / 10) ms")
            metrics.request(route: context.endpointPath ?? "unmatched", method: request.method, status: status, duration: elapsed)
        }
        let response = try await next(request, context)
        status = response.status
        return response
    }
}
