import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PostGISStore
import Testing
import TestSupport

/// `waymark serve` as it runs in production, where Swift's tasks run on NIO's event loops (the
/// server's tests drive `MapServer.application` in their own process, without that): it answers
/// over a socket, many requests at once, and stops cleanly on SIGTERM.
/// Thirty minutes only against a hang: far beyond the whole suite, so never a wait for a turn.
@Test(.timeLimit(.minutes(30))) func serveAnswersOverASocketAndStopsOnSIGTERM() async throws {
    let workspace = try await Workspace.withFixture()
    let (server, base) = try await startServe(["--workers", "1"], in: workspace)
    defer { server.send(SIGKILL) }

    let names = try await withThrowingTaskGroup(of: [String].self) { group in
        for _ in 0..<20 {
            group.addTask { try await nearestTwoNames(from: base) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(names == Array(repeating: ["Midtown Diner", "Bryant Park"], count: 20))
    let (png, response) = try await URLSession.shared.data(from: URL(string: base + "/v1/map.png?size=200x100")!)
    #expect((response as? HTTPURLResponse)?.statusCode == 200 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

    server.send(SIGTERM)
    #expect(await server.exit() == ChildProcess.Exit(status: 0, signalled: false), "\(server.output)")
}

@Test(arguments: [(["--queue=-1"], "--queue"), (["--workers", "0"], "--workers"), (["--port", "70000"], "--port")])
func serveRefusesAnOptionOutOfRange(options: [String], named: String) async throws {
    let result = try await run(["serve"] + options)
    #expect(result.status != 0 && result.stderr.contains(named), "\(result.stderr)")
}

/// A port another server listens on is said to be in use, in the CLI's words, not as the socket's errno.
@Test(.timeLimit(.minutes(30))) func serveOnAPortInUseSaysSo() async throws {
    let workspace = try await Workspace.withFixture()
    let (server, base) = try await startServe(["--workers", "1"], in: workspace)
    defer { server.send(SIGKILL) }
    let port = String(try #require(base.split(separator: ":").last))
    let second = try await run(["serve", "--port", port], env: workspace.env)
    #expect(second.status != 0)
    #expect(second.stderr.contains("port \(port) is in use (another server is listening there); choose another with --port"), "\(second.stderr)")
    #expect(!second.stderr.contains("errno"), "\(second.stderr)")
}

private let replica = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES_REPLICA"].flatMap { $0.isEmpty ? nil : $0 }

/// A deployment's primary in $WAYMARK_DB (or --db) for every command, and its server on a streaming
/// replica: `serve --read` answers from the replica and does not open --db (here a file that is not there).
@Test(.enabled(if: replica != nil, "WAYMARK_TEST_POSTGRES_REPLICA is unset: serve --read was not tried on a replica"))
func serveReadsFromAReplicaWithRead() async throws {
    let workspace = try await Workspace.withFixture()
    let primary = try #require(ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"])
    let schema = "cli_read_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    defer { try? PostGISStore(url: primary + "?schema=" + schema).execute("DROP SCHEMA \(schema) CASCADE") }
    let copied = try await run(["copy", "--from", workspace.env["WAYMARK_DB"]!, "--to", primary + "?schema=" + schema])
    #expect(copied.status == 0, "\(copied)")
    try PostGISStore(url: replica!, readOnly: true).waitForReplay(of: PostGISStore(url: primary, readOnly: true))

    let absent = workspace.directory.appendingPathComponent("absent.sqlite").path
    let (server, base) = try await startServe(["--db", absent, "--read", replica! + "?schema=" + schema, "--workers", "1"], in: workspace)
    defer { server.send(SIGKILL) }
    #expect(try await nearestTwoNames(from: base) == ["Midtown Diner", "Bryant Park"])
}

/// The names of the two places nearest to Midtown Manhattan, as the server at `base` answers (checking its status).
private func nearestTwoNames(from base: String) async throws -> [String] {
    let (data, response) = try await URLSession.shared.data(from: URL(string: base + "/v1/nearest?lat=40.75&lon=-73.98&limit=2")!)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    return try #require(try json(String(decoding: data, as: UTF8.self))["features"] as? [[String: Any]])
        .map { ($0["properties"] as? [String: Any])?["name"] as? String ?? "" }
}

@Test func serveRefusesAMalformedReadURL() async throws {
    let result = try await run(["serve", "--read", "postgres://127.0.0.1/waymark"])
    #expect(result.status != 0 && result.stderr.contains("--read") && result.stderr.contains("no user"), "\(result.stderr)")
}

/// Starts `waymark serve --port 0` with `options` and returns it with its base URL, read from its
/// log. No deadline: the server either says where it listens or ends, which ends the wait too.
private func startServe(_ options: [String], in workspace: Workspace) async throws -> (ChildProcess, String) {
    let executable = try #require(waymarkExecutable, "no `waymark` executable beside the tests; run `swift build` first")
    let server = try ChildProcess(executable, ["serve", "--port", "0"] + options,
                                  environment: childEnvironment(scratch: workspace.directory, workspace.env))
    guard let line = await server.line(where: { $0.contains(#/listening on 127\.0\.0\.1:[0-9]+/#) }),
          let match = line.firstMatch(of: #/listening on 127\.0\.0\.1:([0-9]+)/#) else {
        throw ServeDidNotStart(log: server.output)
    }
    return (server, "http://127.0.0.1:\(match.1)")
}

struct ServeDidNotStart: Error, CustomStringConvertible {
    let log: String
    var description: String { "the server never said where it listens; its log:\n\(log)" }
}
