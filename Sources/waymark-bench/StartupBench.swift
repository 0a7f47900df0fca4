import Foundation

/// A command's whole process as a person runs it, on the default data: `waymark nearest` beside
/// `waymark --version` (the floor every command pays: the program's loading and Swift's start),
/// run in turn so that both meet the same machine, and `waymark serve` until its first
/// `/healthz` answers 200.
enum StartupBench {
    static func run(cli: URL, runs: Int) throws {
        func process(_ arguments: [String]) -> Process {
            let process = Process()
            process.executableURL = cli
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            return process
        }
        let nearest = ["nearest", "--lat", "60.1699", "--lon", "24.9384", "--limit", "10"]
        _ = try wall(cli, nearest) // builds the default database once
        var lookups: [Double] = [], versions: [Double] = []
        for _ in 0..<runs {
            lookups.append(try wall(cli, nearest))
            versions.append(try wall(cli, ["--version"]))
        }
        let (lookup, version) = (Timing(name: "nearest", samples: lookups), Timing(name: "--version", samples: versions))
        print(String(format: "\nCLI start-up on the default data, %d runs each in turn, wall: `waymark nearest --limit 10` p50 %.1f ms "
                     + "(max %.1f), `waymark --version` p50 %.1f ms (max %.1f): %.2f× the floor",
                     runs, lookup.p50, lookup.percentile(1), version.p50, version.percentile(1), lookup.p50 / version.p50))

        // The server: from the process's start until a /healthz answers 200, polled every millisecond.
        var ready: [Double] = []
        for _ in 0..<max(3, runs / 3) {
            let server = process(["serve", "--port", "8284"])
            let start = DispatchTime.now().uptimeNanoseconds
            try server.run()
            defer {
                server.terminate()
                server.waitUntilExit()
            }
            while !healthy(port: 8284) {
                guard server.isRunning else { throw BenchFailure("waymark serve ended before it answered") }
                usleep(1_000)
            }
            ready.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let serve = Timing(name: "serve", samples: ready)
        print(String(format: "`waymark serve` on the default data, start to the first /healthz 200: p50 %.0f ms, max %.0f ms (%d starts)",
                     serve.p50, serve.percentile(1), ready.count))
    }

    /// The milliseconds `cli arguments` takes from its start to its end, its output dropped.
    /// posix_spawn and waitpid: Foundation's waitUntilExit wakes on a timer, in steps as long as a lookup.
    static func wall(_ cli: URL, _ arguments: [String]) throws -> Double {
        let argv = ([cli.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pid: pid_t = 0, status: Int32 = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, cli.path, &actions, nil, argv, environ) == 0, waitpid(pid, &status, 0) == pid else {
            throw BenchFailure("could not run \(cli.path)")
        }
        guard status == 0 else { throw BenchFailure("waymark \(arguments.joined(separator: " ")) ended with status \(status)") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Whether a GET /healthz on the loopback's `port` answers 200 now.
    static func healthy(port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return false }
        let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        guard send(socket, request, request.utf8.count, 0) == request.utf8.count else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(socket, &buffer, buffer.count, 0)
        return count >= 12 && String(decoding: buffer[0..<12], as: UTF8.self) == "HTTP/1.1 200"
    }
}
