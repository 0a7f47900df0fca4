import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PostGISStore
import Testing

/// `waymark serve` as it runs in production, where Swift's tasks run on NIO's event loops (the
/// server's tests drive `MapServer.application` in their own process, without that): it answers
/// over a socket, many requests at once, and stops cleanly on SIGTERM.
@Test(.timeLimit(.minutes(2))) func serveAnswersOverASocketAndStopsOnSIGTERM() async throws {
    let workspace = try Workspace.withFixture()
    let (process, base) = try await startServe(["--workers", "1"], in: workspace)
    defer { if process.isRunning { process.terminate() } }

    let names = try await withThrowingTaskGroup(of: [String].self) { group in
        for _ in 0..<20 {
            group.addTask { try await nearestTwoNames(from: base) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(names == Array(repeating: ["Midtown Diner", "Bryant Park"], count: 20))
    let (png, response) = try await URLSession.shared.data(from: URL(string: base + "/v1/map.png?size=200x100")!)
    #expect((response as? HTTPURLResponse)?.statusCode == 200 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
}

@Test(arguments: [(["--queue=-1"], "--queue"), (["--workers", "0"], "--workers"), (["--port", "70000"], "--port")])
func serveRefusesAnOptionOutOfRange(options: [String], named: String) throws {
    let result = try run(["serve"] + options)
    #expect(result.status != 0 && result.stderr.contains(named), "\(result.stderr)")
}

private let replica = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES_REPLICA"].flatMap { $0.isEmpty ? nil : $0 }

/// A deployment's primary in $WAYMARK_DB (or --db) for every command, and its server on a streaming
/// replica: `serve --read` answers from the replica and does not open --db (here a file that is not there).
@Test(.enabled(if: replica != nil, "WAYMARK_TEST_POSTGRES_REPLICA is unset: serve --read was not tried on a replica"),
      .timeLimit(.minutes(2)))
func serveReadsFromAReplicaWithRead() async throws {
    let workspace = try Workspace.withFixture()
    let primary = try #require(ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"])
    let schema = "cli_read_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    defer { try? PostGISStore(url: primary + "?schema=" + schema).execute("DROP SCHEMA \(schema) CASCADE") }
    let copied = try run(["copy", "--from", workspace.env["WAYMARK_DB"]!, "--to", primary + "?schema=" + schema])
    #expect(copied.status == 0, "\(copied)")
    try PostGISStore(url: replica!, readOnly: true).waitForReplay(of: PostGISStore(url: primary, readOnly: true))

    let absent = workspace.directory.appendingPathComponent("absent.sqlite").path
    let (process, base) = try await startServe(["--db", absent, "--read", replica! + "?schema=" + schema, "--workers", "1"], in: workspace)
    defer { if process.isRunning { process.terminate() } }
    #expect(try await nearestTwoNames(from: base) == ["Midtown Diner", "Bryant Park"])
}

/// The names of the two places nearest to Midtown Manhattan, as the server at `base` answers (checking its status).
private func nearestTwoNames(from base: String) async throws -> [String] {
    let (data, response) = try await URLSession.shared.data(from: URL(string: base + "/v1/nearest?lat=40.75&lon=-73.98&limit=2")!)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    return try #require(try json(String(decoding: data, as: UTF8.self))["features"] as? [[String: Any]])
        .map { ($0["properties"] as? [String: Any])?["name"] as? String ?? "" }
}

@Test func serveRefusesAMalformedReadURL() throws {
    let result = try run(["serve", "--read", "postgres://127.0.0.1/waymark"])
    #expect(result.status != 0 && result.stderr.contains("--read") && result.stderr.contains("no user"), "\(result.stderr)")
}

/// Starts `waymark serve --port 0` with `options` and returns it with its base URL, read from its log.
private func startServe(_ options: [String], in workspace: Workspace) async throws -> (Process, String) {
    let log = workspace.directory.appendingPathComponent("serve.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = try #require(waymarkExecutable, "no `waymark` executable beside the tests; run `swift build` first")
    process.arguments = ["serve", "--port", "0"] + options
    process.environment = childEnvironment(scratch: workspace.directory, workspace.env)
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = process.standardOutput
    try process.run()
    var port: Int?
    let deadline = Date().addingTimeInterval(60)
    while port == nil && Date() < deadline && process.isRunning {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        port = text.range(of: #"listening on 127\.0\.0\.1:[0-9]+"#, options: .regularExpression).flatMap { Int(text[$0].split(separator: ":").last!) }
        try await Task.sleep(for: .milliseconds(50))
    }
    guard let port else {
        if process.isRunning { process.terminate() }
        throw ServeDidNotStart(log: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
    return (process, "http://127.0.0.1:\(port)")
}

struct ServeDidNotStart: Error, CustomStringConvertible {
    let log: String
    var description: String { "the server never said where it listens; its log:\n\(log)" }
}
