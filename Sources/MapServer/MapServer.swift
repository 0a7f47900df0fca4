import Foundation
import GeoCore
import GeoStore
import Hummingbird
import HummingbirdCore
import Logging
import MapRender
import NIOCore
import NIOPosix
import Stores

/// How `waymark serve` runs.
public struct MapServerConfiguration: Sendable {
    /// Where queries are answered: a SpatiaLite file, or a postgres:// URL (a primary or a read replica).
    public var database: String
    /// Loopback unless told otherwise: the server is not for the world until someone decides so.
    public var host = "127.0.0.1"
    /// 0 picks a free port (tests).
    public var port = 8080
    /// Threads that draw, each with its own read-only connection; queries get half as many of
    /// their own, at least one (`WorkerLanes`).
    public var workers = System.coreCount
    /// Jobs that may wait for a worker, in each lane, before requests are refused with 503; nil: 64
    /// per drawing worker, at least 256 (a burst of a few hundred clients is served, a flood is not queued).
    public var queueDepth: Int?
    /// The byte bound of the in-memory cache of drawn tiles and maps.
    public var cacheBytes = 64 << 20
    /// A tile URL template the map page shows under the annotations; nil: a plain background
    /// (this machine has no internet, and a base map is the operator's choice).
    public var baseLayer: String?
    /// Where Debian's libjs-leaflet keeps Leaflet, served to the raster page under /leaflet/.
    public var leafletFolder = "/usr/share/javascript/leaflet"
    /// Where scripts/install-deps.sh puts MapLibre GL JS (from PyPI's `maplibre` wheel), served to
    /// the vector page under /maplibre/; without it the vector page sends its visitor to the raster one.
    public var mapLibreFolder = "/usr/local/share/waymark/maplibre"
    /// How long a drawing may take, from the request that starts it to its image (its wait for
    /// pixels and a worker included); past it the drawing is stopped and its requests answered 503
    /// with Retry-After. 30 s: longer than any image of the default data takes, and about when
    /// browsers and proxies stop waiting. Nil: no budget.
    public var drawingBudget: Duration? = .seconds(30)
    /// Device pixels the heavy drawings (`PixelBudget.heavy`, a megapixel, or more) in flight may
    /// hold together: one 4096² image (its 64 MiB surface and 64 MiB of PNG rows while it is encoded); the next waits.
    public var pixelBudget = 4096 * 4096
    /// How long a connection may stay idle between requests before the server closes it.
    public var idleTimeout: Duration? = .seconds(30)
    /// How long a request's head may take to arrive whole, from its first byte (or from the
    /// connection's opening, for the first request): a silent or dribbling client is closed.
    public var headerTimeout: Duration? = .seconds(10)
    /// Connections open at once; past it a new one takes the place of the oldest idle one
    /// (`ConnectionRegistry`). Nil: the process's descriptor limit less a reserve (`defaultConnectionLimit`).
    public var maxConnections: Int?
    /// Gives freed memory back to the system (the executable hands glibc's `malloc_trim`): asked
    /// for, off the event loops and at most one at a time, after a burst of connections (1 024 or
    /// more open) each time the open ones have halved, and when the last large image in flight has
    /// been drawn (`MemoryRelease`). Nil: never.
    public var releaseFreedMemory: (@Sendable () -> Void)?

    public init(database: String) { self.database = database }
}

/// The HTTP face of Waymark: the same queries and maps as the CLI, over Hummingbird.
public enum MapServer {
    /// The application, ready to run (`runService()` shuts it down gracefully on SIGTERM and
    /// SIGINT: requests in flight finish, then the workers stop). Opens the database now, so a
    /// missing or foreign file fails here rather than on the first request.
    public static func application(_ configuration: MapServerConfiguration, logger: Logger,
                                   onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        try application(configuration, logger: logger, onServerRunning: onServerRunning, workers: { _ in })
    }

    /// The same, handing over its workers: tests hold them busy through it, so that
    /// requests queue (or are refused) for exactly as long as a test needs, whatever the machine's load.
    static func application(_ configuration: MapServerConfiguration, logger: Logger, onServerRunning: @escaping @Sendable (any Channel) async -> Void,
                            workers handOver: (WorkerLanes) -> Void) throws -> some ApplicationProtocol {
        let metrics = ServerMetrics()
        let workers = max(1, configuration.workers)
        let release = MemoryRelease(configuration.releaseFreedMemory)
        let lanes = try WorkerLanes(location: configuration.database, workers: workers,
                                    queueDepth: max(0, configuration.queueDepth ?? max(256, 64 * workers)),
                                    pixelBudget: configuration.pixelBudget, release: release, metrics: metrics)
        handOver(lanes)
        let version = DataVersion(pool: lanes.queries, warming: lanes.images, typos: lanes.typos)
        let routes = Routes(workers: lanes, cache: RenderCache(byteLimit: configuration.cacheBytes), drawingBudget: configuration.drawingBudget, version: version,
                            zones: ZoneLookup(workers: lanes, version: version), metrics: metrics,
                            style: try MapStyle.named("default"),
                            page: Page(baseLayer: configuration.baseLayer, baseCredits: try Self.baseMapCredits(configuration.database)))
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware())
        // The pages' map libraries from packages (no CDN: the pages work offline).
        router.add(middleware: LibraryMiddleware(libraries: [
            LibraryFiles(library: "Leaflet", urlBase: "/leaflet/", folder: configuration.leafletFolder),
            LibraryFiles(library: "MapLibre GL JS", urlBase: "/maplibre/", folder: configuration.mapLibreFolder),
        ]))
        routes.register(on: router)
        OGCRoutes(workers: lanes).register(on: router)
        let connections = ConnectionRegistry(limit: configuration.maxConnections ?? defaultConnectionLimit(), release: release, metrics: metrics)
        let server = HTTPServerBuilder.guardedHTTP1(idleTimeout: configuration.idleTimeout.map { .nanoseconds($0.nanoseconds) },
                                                    headerTimeout: configuration.headerTimeout.map { .nanoseconds($0.nanoseconds) },
                                                    registry: connections, metrics: metrics)
        // The service group stops the HTTP server before these (it runs them first, stops them last).
        return Application(router: router, server: server,
                           configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "waymark"),
                           services: [lanes.queries, lanes.images, version], onServerRunning: onServerRunning, logger: logger)
    }
}

extension MapServer {
    /// The credits of the database's base map, nil when it has none: the page shows this server's
    /// base tiles when it has one (as of the start: a base imported later shows after a restart).
    static func baseMapCredits(_ location: String) throws -> [String]? {
        guard let sources = try (StoreLocation.open(location, readOnly: true, memory: .lean) as? any BaseMapSource)?.baseSources(),
              !sources.isEmpty else { return nil }
        return Attribution.lines(forBaseFiles: sources)
    }

    /// The connections a server may hold open: the process's descriptor limit less what the
    /// rest of it needs (database connections and their journals, fonts, the event loops' own
    /// descriptors, logs): a sixteenth, at least 256. 20 000 descriptors: 18 750 connections.
    static func defaultConnectionLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return 1 << 16 }
        let descriptors = Int(clamping: limit.rlim_cur)
        return max(16, descriptors - max(256, descriptors / 16))
    }

    /// Raises the process's soft limit of open descriptors to its hard limit (at most 2^20), as far
    /// as the system allows: each connection is a descriptor. Process-wide, so `run`'s, not `application`'s.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 1 << 20)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Serves until SIGTERM or SIGINT, logging each request at info level (`$LOG_LEVEL` to change it).
    public static func run(_ configuration: MapServerConfiguration) async throws {
        raiseDescriptorLimit()
        // Swift's tasks (the handlers) on NIO's event loops rather than a pool of their own: a
        // request no longer hops between the two at every await (BENCHMARKS.md has what it bought).
        // Blocking work still never runs there: SQLite, Cairo and the data version's stat run on
        // the workers (`WorkerLanes`). Once per process, so here and not in `application`.
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        var logger = Logger(label: "waymark")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        do {
            try await application(configuration, logger: logger).runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw PortInUse(host: configuration.host, port: configuration.port)
        }
    }
}
