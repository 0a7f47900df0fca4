import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `waymark serve` as it runs in production, where Swift's tasks run on NIO's event loops (the
/// server's tests drive `MapServer.application` in their own process, without that): it answers
/// over a socket, many requests at once, and stops cleanly on SIGTERM.
@Test(.timeLimit(.minutes(2))) func serveAnswersOverASocketAndStopsOnSIGTERM() async throws {
    let workspace = try Workspace.withFixture()
    let log = workspace.directory.appendingPathComponent("serve.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = try #require(waymarkExecutable, "no `waymark` executable beside the tests; run `swift build` first")
    process.arguments = ["serve", "--port", "0", "--workers", "1"]
    process.environment = childEnvironment(scratch: workspace.directory, workspace.env)
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = process.standardOutput
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    // The port it was given, from its log.
    var port: Int?
    let deadline = Date().addingTimeInterval(60)
    while port == nil && Date() < deadline {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        port = text.range(of: #"listening on 127\.0\.0\.1:[0-9]+"#, options: .regularExpression).flatMap { Int(text[$0].split(separator: ":").last!) }
        try await Task.sleep(for: .milliseconds(50))
    }
    let base = "http://127.0.0.1:\(try #require(port, "the server never said where it listens"))"

    let names = try await withThrowingTaskGroup(of: [String].self) { group in
        for _ in 0..<20 {
            group.addTask {
                let (data, response) = try await URLSession.shared.data(from: URL(string: base + "/v1/nearest?lat=40.75&lon=-73.98&limit=2")!)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
                return try #require(try json(String(decoding: data, as: UTF8.self))["features"] as? [[String: Any]])
                    .map { ($0["properties"] as? [String: Any])?["name"] as? String ?? "" }
            }
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
