import Foundation
import Testing
import TestSupport

/// Two `waymark base import`s into one database take turns: the second waits for the first's
/// write lock, however long the first reads, and says that it waits; neither fails, and the base
/// map holds the file once.
@Suite struct BaseImportTurnsCLITests {
    /// The first import stops itself inside its transaction (the test hook), holding the write
    /// lock; the second must say it waits, and both end well once the first goes on. No clock:
    /// the second's line is what the test waits for.
    @Test func aSecondBaseImportWaitsForTheFirst() async throws {
        let executable = try #require(waymarkExecutable)
        let workspace = try Workspace(), once = try Workspace()
        try #require(try await run(["base", "import", helsinkiExtract], env: once.env).status == 0)
        let first = try Child(["base", "import", helsinkiExtract], env: workspace.env.merging(["WAYMARK_TEST_PAUSE_IN_IMPORT": "1"]) { $1 },
                              in: workspace)
        #expect(await first.stopped(), "the first import did not stop inside its transaction")
        let second = try ChildProcess(executable, ["base", "import", helsinkiExtract],
                                      environment: childEnvironment(scratch: workspace.directory, workspace.env), directory: workspace.directory)
        let waiting = await second.line { $0.contains("waiting") }
        #expect(waiting != nil, "the second import did not wait: \(second.output)")
        kill(first.pid, SIGCONT)
        #expect(await first.ended() == .exited(0))
        #expect(await second.exit() == ChildProcess.Exit(status: 0, signalled: false), "\(second.output)")
        #expect(try await baseRows(workspace) == baseRows(once))
    }

    /// `waymark delete` while a base import holds the write lock waits its turn as an import does
    /// (it gave up after SQLite's 5 s before), and deletes once the import goes on.
    @Test func aDeletionWaitsForAnImport() async throws {
        let executable = try #require(waymarkExecutable)
        let workspace = try Workspace()
        let places = try workspace.file("places.geojson", #"""
            {"type":"FeatureCollection","features":[
              {"type":"Feature","properties":{"name":"Kahvila","category":"eat"},"geometry":{"type":"Point","coordinates":[24.94,60.17]}}]}
            """#)
        try #require(try await run(["import", places], env: workspace.env).status == 0)
        let first = try Child(["base", "import", helsinkiExtract], env: workspace.env.merging(["WAYMARK_TEST_PAUSE_IN_IMPORT": "1"]) { $1 },
                              in: workspace)
        #expect(await first.stopped(), "the import did not stop inside its transaction")
        let deletion = try ChildProcess(executable, ["delete", "--source", "places.geojson"],
                                        environment: childEnvironment(scratch: workspace.directory, workspace.env), directory: workspace.directory)
        let waiting = await deletion.line { $0.contains("waiting") }
        #expect(waiting != nil, "the deletion did not wait: \(deletion.output)")
        kill(first.pid, SIGCONT)
        #expect(await first.ended() == .exited(0))
        #expect(await deletion.exit() == ChildProcess.Exit(status: 0, signalled: false), "\(deletion.output)")
        let left = try await run(["bbox", "--bbox", "24,60,25,61"], env: workspace.env)
        #expect(left.status == 0 && !left.stdout.contains("Kahvila"), "\(left.stdout)")
    }

    /// Started at once into a database that does not exist yet: each creates its schema or finds
    /// it created (the migrations take turns too), and both import.
    @Test func twoBaseImportsIntoANewDatabase() async throws {
        let once = try Workspace()
        try #require(try await run(["base", "import", helsinkiExtract], env: once.env).status == 0)
        for round in 0..<3 {
            let workspace = try Workspace()
            let env = workspace.env
            async let a = run(["base", "import", helsinkiExtract], env: env)
            async let b = run(["base", "import", helsinkiExtract], env: env)
            let (first, second) = try await (a, b)
            #expect(first.status == 0 && second.status == 0, "round \(round): \(first.stderr) | \(second.stderr)")
            #expect(!first.stderr.contains("InitSpatiaMetaData") && !second.stderr.contains("InitSpatiaMetaData"), "round \(round)")
            #expect(try await baseRows(workspace) == baseRows(once), "round \(round)")
        }
    }
}
