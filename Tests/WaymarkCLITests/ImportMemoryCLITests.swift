import Foundation
import GeoCore
@testable import PostGISStore
import Testing
import TestSupport

/// `waymark import` streams a CSV (`RecordStream`, `PlaceStaging`, `PostGISPlaceStaging`): its
/// peak memory, read by `/usr/bin/time` as the kernel counts it, is bounded by the page cache and
/// sorter it sets (SpatiaLite) or by a batch on its way to the server (PostGIS), not by the file.
/// Reading the whole file first took about 1.2 KB per point (1.2 GB for a million), so five times
/// the points would add hundreds of megabytes. Memory only: no clock, so a busy machine passes too.
@Suite struct ImportMemoryCLITests {
    /// Seeded points over the Baltic, as the benchmark's synthetic file.
    static func points(_ count: Int) -> String {
        var rng = SeededRandom(seed: 42)
        var text = "id,name,category,lat,lon\n"
        for i in 0..<count {
            text += "\(i),P\(i),eat,\(Double.random(in: 54...60, using: &rng)),\(Double.random(in: 20...30, using: &rng))\n"
        }
        return text
    }

    /// Peak resident memory in megabytes of `waymark import` of `count` points into a new database
    /// (a SpatiaLite file, or a new schema of `postgres`).
    static func peak(_ count: Int, in workspace: Workspace, postgres: String? = nil) async throws -> (megabytes: Double, stdout: String) {
        let csv = try workspace.file("points-\(count).csv", points(count))
        let report = workspace.directory.appendingPathComponent("time-\(count)").path
        let schema = "memory_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let database = postgres.map { "\($0)?schema=\(schema)" } ?? workspace.directory.appendingPathComponent("points-\(count).sqlite").path
        defer { if let postgres { try? PostGISStore(url: postgres).execute("DROP SCHEMA \(schema) CASCADE") } }
        let executable = try #require(waymarkExecutable)
        let result = try await run([], launch: ["/usr/bin/time", "-f", "%M", "-o", report, executable.path, "import", "--db", database, csv])
        #expect(result.status == 0, "\(result.stderr)")
        let kilobytes = try #require(Double(try String(contentsOfFile: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        return (kilobytes / 1024, result.stdout)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "GNU time (Debian's time package, scripts/install-deps.sh)"))
    func fiveTimesThePointsTakeNoMoreThanTheBoundedCaches() async throws {
        let workspace = try Workspace()
        let small = try await Self.peak(50_000, in: workspace)
        let large = try await Self.peak(250_000, in: workspace)
        #expect(small.stdout.hasPrefix("imported 50000 poi") && large.stdout.hasPrefix("imported 250000 poi"), "\(small.stdout) \(large.stdout)")
        // The page cache (32 MiB) and the sorter (as much) fill as the database grows; 200 000
        // more points read whole would add about 240 MB.
        #expect(large.megabytes - small.megabytes < 80, "peak \(small.megabytes) MB for 50 000 points, \(large.megabytes) MB for 250 000")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "GNU time (Debian's time package, scripts/install-deps.sh)"),
          .enabled(if: ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES", default: ""] != "", "WAYMARK_TEST_POSTGRES is unset"))
    func fiveTimesThePointsIntoPostGISTakeNoMoreThanABatch() async throws {
        let workspace = try Workspace()
        let postgres = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"]!
        let small = try await Self.peak(50_000, in: workspace, postgres: postgres)
        let large = try await Self.peak(250_000, in: workspace, postgres: postgres)
        #expect(small.stdout.hasPrefix("imported 50000 poi") && large.stdout.hasPrefix("imported 250000 poi"), "\(small.stdout) \(large.stdout)")
        // A batch of places and its COPY text are a few megabytes; read whole, 200 000 more points add about 240 MB.
        #expect(large.megabytes - small.megabytes < 40, "peak \(small.megabytes) MB for 50 000 points, \(large.megabytes) MB for 250 000")
    }
}
