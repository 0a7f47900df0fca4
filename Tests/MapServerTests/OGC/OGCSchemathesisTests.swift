import Foundation
import HummingbirdTesting
import Testing
import TestSupport
@testable import MapServer

/// schemathesis (PyPI, in the venv scripts/ogc-clients.sh makes) against `/ogc/api` on a live
/// server, bounded so that it fits the suite: a fixed seed and 100 examples per operation (about
/// 1 500 cases, half a minute here), valid and invalid, and the links it follows from answer to answer. No answer may be a 5xx (by schemathesis and by the
/// server's own count), have a status the document does not list, or differ from the document's
/// schema or media type. Requests valid by a parameter's schema may still be refused with a 400
/// (`datetime` and `filter` have grammars no schema states), so that is not checked; long runs are
/// `scripts/soak.sh schemathesis-ogc`.
@Suite struct OGCSchemathesisTests {
    @Test func schemathesisFindsNoServerErrorAndNoAnswerUnlikeTheDocument() async throws {
        let root = OGCClientTests.root, venv = root.appendingPathComponent(".build/schemathesis-venv/bin")
        let schemathesis = venv.appendingPathComponent("schemathesis")
        try #require(FileManager.default.isExecutableFile(atPath: schemathesis.path), "no schemathesis venv: run scripts/install-deps.sh (scripts/ogc-clients.sh)")
        try await withServer { client in
            let port = try #require(client.port), url = "http://127.0.0.1:\(port)"
            // The hooks keep categories and sources to those the database holds (Benchmarks/schemathesis).
            var environment = ProcessInfo.processInfo.environment
            environment["WAYMARK_URL"] = url
            environment["PYTHONPATH"] = root.appendingPathComponent("Benchmarks/schemathesis").path
            environment["SCHEMATHESIS_HOOKS"] = "waymark_hooks"
            let run = try await ChildProcess.run(schemathesis, [
                "run", url + "/ogc/api", "--checks", "not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance",
                "--mode", "all", "--max-examples", "100", "--seed", "13", "--workers", "1",
                "--suppress-health-check", "all", "--generation-database", "none", "--no-color",
            ], environment: environment)
            #expect(run.exit == ChildProcess.Exit(status: 0, signalled: false), "\(run.stdout.suffix(6000))\(run.stderr.suffix(2000))")
            // It ran: "Test cases:\n  1234 generated, 1234 passed".
            let generated = run.stdout.split(separator: "\n").first { $0.contains(" generated") }
                .flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
            #expect(generated >= 1000, "\(run.stdout.suffix(3000))")
            let errors = String(buffer: try await client.get("/metrics").body).split(separator: "\n")
                .filter { $0.hasPrefix("waymark_http_requests_total{") && $0.contains("status=\"5") }
            #expect(errors.isEmpty, "\(errors)")
        }
    }
}
