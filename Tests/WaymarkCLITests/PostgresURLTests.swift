import Foundation
@testable import PostGISStore
import Testing

// `--db` and `$WAYMARK_DB` with a postgres:// URL: every command reads the PostGIS copy of a
// database and prints what it prints for the SpatiaLite file.

private let postgres = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

@Test(.enabled(if: postgres != nil, "WAYMARK_TEST_POSTGRES is unset: the CLI on PostGIS was not tried"))
func everyCommandAnswersTheSameFromAPostGISCopy() async throws {
    let workspace = try await Workspace.withFixture()
    let file = workspace.env["WAYMARK_DB"]!
    let schema = "cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    let url = postgres! + "?schema=" + schema
    defer { try? PostGISStore(url: url).execute("DROP SCHEMA \(schema) CASCADE") }

    let copied = try await run(["copy", "--from", file, "--to", url])
    #expect(copied.status == 0 && copied.stdout == "copied 9 poi\n", "\(copied)")
    let lake = try workspace.file("lake.geojson", #"""
        {"type": "Feature", "properties": {"name": "Central Park Reservoir", "category": "water"},
         "geometry": {"type": "Polygon", "coordinates": [[[-73.966, 40.781], [-73.959, 40.781], [-73.959, 40.789], [-73.966, 40.781]]]}}
        """#)
    for db in [file, url] {
        let imported = try await run(["import", "--db", db, lake])
        #expect(imported.status == 0 && imported.stdout == "imported 1 water from 1 file(s); 1 given the time zone of their position\n", "\(imported)")
    }
    let commands = [
        ["nearest", "--lat", "40.75", "--lon", "-73.98", "--limit", "4"],
        ["nearest", "--lat", "40.75", "--lon", "-73.98", "--limit", "3", "--category", "see,water", "--format", "json"],
        ["within", "--lat", "40.75", "--lon", "-73.98", "--radius", "400000", "--format", "geojson"],
        ["bbox", "--bbox", "179,-1,-179,1", "--format", "json"],
        ["stats", "categories"],
        ["stats", "catches"],
    ]
    for command in commands {
        let fromFile = try await run(command + ["--db", file])
        let fromURL = try await run(command + ["--db", url])
        let fromEnvironment = try await run(command, env: ["WAYMARK_DB": url])
        #expect(fromFile.status == 0 && !fromFile.stdout.isEmpty, "\(command): \(fromFile.stderr)")
        #expect(fromURL.stdout == fromFile.stdout && fromURL.stderr == fromFile.stderr, "\(command)")
        #expect(fromEnvironment.stdout == fromFile.stdout, "\(command) with $WAYMARK_DB")
    }
    let again = try await run(["copy", "--from", file, "--to", url])
    #expect(again.status != 0 && again.stderr.contains("already holds data"), "\(again)")
}

@Test(arguments: [
    (["nearest", "--lat", "1", "--lon", "1", "--db", "postgres://127.0.0.1:5432/waymark"], "--db: 'postgres://127.0.0.1:5432/waymark' names no user"),
    (["bbox", "--bbox", "0,0,1,1", "--db", "postgres://me@127.0.0.1:5432"], "--db: 'postgres://me@127.0.0.1:5432' names no database"),
    (["stats", "categories", "--db", "postgres://me@127.0.0.1/w?sslmode=require"], "unknown parameter 'sslmode'"),
    (["copy", "--from", "a.sqlite", "--to", "postgresql://me@/w"], "--to: 'postgresql://me@/w' names no host"),
])
func aMalformedPostgresURLIsAnErrorNamingTheOption(_ args: [String], message: String) async throws {
    let result = try await run(args)
    #expect(result.status != 0)
    #expect(result.stderr.contains(message), "\(result.stderr)")
}
