import Foundation

/// Pages of features in a box over HTTP, as clients fetch them: Waymark's OGC API – Features items
/// (`/ogc/collections/poi/items?bbox=…&limit=100`) beside its own `/v1/bbox` with the same boxes and
/// limit, and beside pygeoapi serving the same points (scripts/pygeoapi-bench.sh: gunicorn, its OGR
/// provider over a GeoPackage that ogr2ogr copies from the database). Each is loaded by wrk on
/// loopback (Benchmarks/wrk/bbox.lua: the same seeded boxes for every server) in the same run; the
/// machine's cores run wrk and the servers alike.
enum OGCThroughputBench {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    struct Route {
        let name: String, port: Int, path: String, query: String
        var url: String { "http://127.0.0.1:\(port)" }
    }

    struct Load {
        let route: String, rate: Double, p50: String, p99: String, failures: String
    }

    static func run(database: String, waymark: URL, seconds: Int) throws {
        let ports = (waymark: 8282, peer: 8283)
        let server = try start(waymark, ["serve", "--db", database, "--port", "\(ports.waymark)"])
        defer { stop(server) }
        let peer = try start(repository.appendingPathComponent("scripts/pygeoapi-bench.sh"), [database, "\(ports.peer)"])
        defer { stop(peer) }
        let v1 = Route(name: "waymark /v1/bbox", port: ports.waymark, path: "/v1/bbox", query: "limit=100")
        let ogc = Route(name: "waymark /ogc/collections/poi/items", port: ports.waymark, path: "/ogc/collections/poi/items", query: "limit=100")
        let pygeoapi = Route(name: "pygeoapi /collections/poi/items", port: ports.peer, path: "/collections/poi/items", query: "limit=100&f=json")
        // Every route answers a full page of the box in the middle of the region: the same work for each.
        // The peer's first start makes its venv and GeoPackage (minutes), so it is waited for by tries.
        for route in [v1, ogc, pygeoapi] {
            let features = try page(route, box: "24.94,56.95,25.06,57.05", tries: route.port == ports.peer ? 1_800 : 100)
            guard features == 100 else { throw BenchFailure("\(route.name) answered \(features) features, not a page of 100") }
        }
        // Turns A B C B A, so that a drift of the machine's load falls on each alike.
        let loads = try [v1, ogc, pygeoapi, ogc, v1].map { try load($0, seconds: seconds) }
        print("\n## OGC API – Features items against /v1/bbox and pygeoapi: pages of 100 in 0.12° × 0.10° boxes of \(database.split(separator: "/").last!), wrk -t2 -c32 -d\(seconds)s, loopback\n")
        print("| route | req/s | p50 | p99 | failures |")
        print("|---|---:|---:|---:|---|")
        for l in loads { print("| \(l.route) | \(String(format: "%.0f", l.rate)) | \(l.p50) | \(l.p99) | \(l.failures) |") }
        func rate(_ route: Route) -> [Double] { loads.filter { $0.route == route.name }.map(\.rate) }
        let (o, b, p) = (rate(ogc), rate(v1), rate(pygeoapi)[0])
        print(String(format: "\n/ogc ÷ /v1/bbox: %.2f and %.2f (target ≥ 0.80); /ogc ÷ pygeoapi: %.1f× and %.1f× (target ≥ 10×)",
                     o[0] / b[1], o[1] / b[0], o[0] / p, o[1] / p))
    }

    /// wrk's rate, latency percentiles and failures (non-2xx answers, socket errors) for `route`.
    static func load(_ route: Route, seconds: Int) throws -> Load {
        let script = repository.appendingPathComponent("Benchmarks/wrk/bbox.lua").path
        let text = try output(URL(fileURLWithPath: "/usr/bin/env"),
                              ["wrk", "-t2", "-c32", "-d\(seconds)s", "--latency", "-s", script, route.url, "--", route.path, route.query])
        let lines = text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        func value(_ first: String, _ index: Int = 1) -> String { lines.first { $0.first.map(String.init) == first }.map { String($0[index]) } ?? "?" }
        let failures = text.split(separator: "\n").filter { $0.contains("Non-2xx") || $0.contains("Socket errors") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
        return Load(route: route.name, rate: Double(value("Requests/sec:")) ?? 0, p50: value("50%"), p99: value("99%"),
                    failures: failures.isEmpty ? "none" : failures)
    }

    /// The features of `route`'s page in `box`, asked again (a second apart) until the server answers.
    static func page(_ route: Route, box: String, tries: Int) throws -> Int {
        let url = "\(route.url)\(route.path)?bbox=\(box)&\(route.query)"
        for _ in 0..<tries {
            if let body = try? output(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-sf", url]),
               let page = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
               let features = page["features"] as? [Any] {
                return features.count
            }
            Thread.sleep(forTimeInterval: 1)
        }
        throw BenchFailure("\(url) never answered")
    }

    static func start(_ executable: URL, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func stop(_ process: Process) {
        process.terminate()
        process.waitUntilExit()
    }

    /// A program's standard output, once it has ended with status 0.
    static func output(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process(), pipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("\(arguments.joined(separator: " ")) ended with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
