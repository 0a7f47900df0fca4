import ArgumentParser
import MapServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the queries, maps and tiles over HTTP (the API is described at /openapi.json); stops gracefully on SIGTERM.",
        discussion: "The server only reads, through read-only connections: with --read it answers from a PostGIS streaming replica while --db (or $WAYMARK_DB) stays the primary that imports write to, and any number of servers may share one database behind a load balancer.")
    @OptionGroup var database: DatabaseOptions

    @Option(name: .customLong("read"), help: "Answer from this database instead: a read replica of --db (postgres://…), or a copy of its SpatiaLite file. The server does not open --db then.")
    var readLocation: String?

    @Option(help: "Address to listen on (default: loopback only; 0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port).")
    var port = 8080

    @Option(help: "Threads that draw maps and tiles, each with its own read-only database connection (default: one per core); queries get half as many threads of their own (at least one).")
    var workers: Int?

    @Option(name: .customLong("queue"), help: "Requests that may wait for a worker, for queries and for drawings each; past that the server answers 503 with Retry-After (default: 64 per drawing worker, at least 256).")
    var queueDepth: Int?

    @Option(name: .customLong("cache-mb"), help: "Megabytes of drawn tiles and maps kept in memory.")
    var cacheMB = 64

    @Option(name: .customLong("draw-budget"), help: "Seconds a map or tile may take, its wait for a worker included; past it the drawing is stopped and answered 503 with Retry-After (0: no budget).")
    var drawBudget = 30.0

    @Option(name: .customLong("pixel-budget"), help: "Megapixels (2^20 device pixels) that the large images being drawn (a megapixel or more each) may hold together; the next waits its turn in the queue (default: 16, one 4096×4096 image: its 64 MiB surface and 64 MiB of PNG rows).")
    var pixelBudget = 16

    @Option(name: .customLong("idle-timeout"), help: "Seconds a connection may stay idle between requests before the server closes it (0: never).")
    var idleTimeout = 30.0

    @Option(name: .customLong("header-timeout"), help: "Seconds a request's head may take to arrive, from its first byte (a new connection's first request: from the connection's opening); a slower client is closed (0: never).")
    var headerTimeout = 10.0

    @Option(name: .customLong("max-connections"), help: "Connections held open at once; past it a new one takes the place of the oldest idle one (default: the process's descriptor limit, raised to its hard limit, less a sixteenth, at least 256).")
    var maxConnections: Int?

    @Option(name: .customLong("base-layer"), help: "A tile URL (https://…/{z}/{x}/{y}.png) the map page shows under Waymark's pins (default: the server's own base tiles when the database has a base map, else a plain background).")
    var baseLayer: String?

    func validate() throws {
        if let readLocation { try DatabaseOptions.check(readLocation, option: "read") }
        guard (0...65535).contains(port) else { throw ValidationError("--port: \(port) is outside 0…65535") }
        if let workers, !(1...256).contains(workers) { throw ValidationError("--workers: \(workers) is outside 1…256") }
        if let queueDepth, !(0...1_000_000).contains(queueDepth) { throw ValidationError("--queue: \(queueDepth) is outside 0…1000000") }
        if let baseLayer, !(["{z}", "{x}", "{y}"].allSatisfy(baseLayer.contains) && (baseLayer.hasPrefix("http://") || baseLayer.hasPrefix("https://"))) {
            throw ValidationError("--base-layer: '\(baseLayer)' is not an http(s) tile URL with {z}, {x} and {y}")
        }
        guard (0...65536).contains(cacheMB) else { throw ValidationError("--cache-mb: \(cacheMB) is outside 0…65536") }
        for (name, seconds) in [("draw-budget", drawBudget), ("idle-timeout", idleTimeout), ("header-timeout", headerTimeout)] {
            guard seconds.isFinite, (0...86_400).contains(seconds) else { throw ValidationError("--\(name): \(seconds) is outside 0…86400 seconds") }
        }
        guard (1...65536).contains(pixelBudget) else { throw ValidationError("--pixel-budget: \(pixelBudget) is outside 1…65536 megapixels") }
        if let maxConnections, !(1...10_000_000).contains(maxConnections) {
            throw ValidationError("--max-connections: \(maxConnections) is outside 1…10000000")
        }
    }

    func run() async throws {
        var configuration = MapServerConfiguration(database: try readLocation ?? database.location)
        configuration.host = host
        configuration.port = port
        if let workers { configuration.workers = workers }
        configuration.queueDepth = queueDepth
        configuration.cacheBytes = cacheMB << 20
        configuration.baseLayer = baseLayer
        func seconds(_ value: Double) -> Duration? { value > 0 ? .milliseconds(Int64((value * 1000).rounded())) : nil }
        configuration.drawingBudget = seconds(drawBudget)
        configuration.pixelBudget = pixelBudget << 20
        configuration.idleTimeout = seconds(idleTimeout)
        configuration.headerTimeout = seconds(headerTimeout)
        configuration.maxConnections = maxConnections
        MallocTuning.keepFreedImageMemory()
        configuration.releaseFreedMemory = MallocTuning.releaseFreedMemory
        do {
            try await MapServer.run(configuration)
        } catch let error as PortInUse {
            throw EngineFailure(description: "port \(error.port) is in use (another server is listening there); choose another with --port")
        }
    }
}
