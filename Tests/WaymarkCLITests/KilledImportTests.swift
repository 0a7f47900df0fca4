import Foundation
import GeoCore
import Synchronization
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore

/// `waymark` killed with SIGKILL in the middle of an import, or of a rebuild of the default
/// database, at random points and in the window between the commit and the checkpoint (where the
/// process stops itself when `WAYMARK_TEST_PAUSE_AFTER_COMMIT` is set): what it leaves must be a
/// whole database, with the import's rows all there or none of them.
@Suite struct KilledImportTests {
    /// An import killed between its commit and the checkpoint leaves its rows in the write-ahead
    /// log beside the database. A rebuild of the default database must not let the next
    /// connection replay that log onto the new file: with Data/ changed, the new file's pages
    /// are not the old one's ("database disk image is malformed"); unchanged, the killed
    /// import's rows come back into the demo data.
    @Test(arguments: [false, true])
    func aRebuildOfTheDefaultDatabaseReplaysNoOldLog(dataChanged: Bool) async throws {
        let cache = try Workspace()
        let data = cache.directory.appendingPathComponent("Data")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Data"), to: data)
        let env = ["XDG_CACHE_HOME": cache.directory.path, "WAYMARK_DATA": data.path]
        try #require(try await run(["stats", "categories"], env: env).status == 0)
        let database = cache.directory.appendingPathComponent("waymark/default.sqlite").path

        let places = try cache.file("places.geojson", fixture)
        let child = try Child(["import", "--db", database, places], env: env.merging(Child.pauseAfterCommit) { $1 }, in: cache)
        #expect(await child.stopped(), "the import did not stop after its commit")
        #expect(await child.kill() == .killed)
        #expect(FileManager.default.fileExists(atPath: database + "-wal"), "the killed import left no log")

        if dataChanged {
            let list = data.appendingPathComponent("default-import.tsv")
            try String(contentsOf: list, encoding: .utf8).split(separator: "\n").filter { !$0.contains("helsinki_pois") }
                .joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        }
        try makeStale(database)
        // The oracle: the same data built into a cache of its own.
        let fresh = try Workspace()
        let expected = try await run(["stats", "categories"], env: env.merging(["XDG_CACHE_HOME": fresh.directory.path]) { $1 })
        let rebuilt = try await run(["stats", "categories"], env: env)
        #expect(rebuilt.status == 0 && rebuilt.stdout == expected.stdout, "\(rebuilt.stderr)")
        #expect(try inspect(database).problems.isEmpty)
    }

    /// 20 imports into a user's database killed at random points: a random time into the import
    /// (uniform over 1.1 times its length, so some finish first), and every fourth in the commit
    /// window. Each leaves a whole database, with all 3 000 new rows or none.
    @Test func importsKilledAtRandomPointsStoreAllOrNothing() async throws {
        let workspace = try await Workspace.withFixture()
        let base = workspace.env["WAYMARK_DB"]!, before = Int64(9), added = Int64(3_000)
        let places = try workspace.file("many.geojson", Self.places(Int(added)))
        let database = workspace.directory.appendingPathComponent("killed.sqlite").path

        // How long a whole import takes here: the span the random kills fall in.
        try copy(base, to: database)
        let clock = ContinuousClock(), started = clock.now
        let whole = try await run(["import", "--db", database, places])
        let length = clock.now - started
        try #require(whole.status == 0, "\(whole.stderr)")
        #expect(try inspect(database).pois == before + added)

        var outcomes: [String: Int] = [:]
        for round in 0..<20 {
            try copy(base, to: database)
            let atCommit = round % 4 == 3
            let child = try Child(["import", "--db", database, places], env: atCommit ? Child.pauseAfterCommit : [:], in: workspace)
            let end = await child.kill(atCommit: atCommit, orWithin: length, round: round)
            let log = (try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int) ?? 0
            let found = try inspect(database)
            #expect(found.problems.isEmpty, "round \(round) (\(end)): \(found.problems)")
            #expect(found.pois == before || found.pois == before + added, "round \(round) (\(end)): \(found.pois) POIs")
            if atCommit { #expect(found.pois == before + added, "round \(round): committed, yet \(found.pois) POIs") }
            let key = "\(end == .killed ? "killed" : "finished first"), \(found.pois == before ? "none" : "all")"
                + (atCommit ? ", at the commit" : "") + (log > 0 ? ", log left" : "")
            outcomes[key, default: 0] += 1
        }
        print("importsKilledAtRandomPointsStoreAllOrNothing: a whole import took \(length); 20 kills:",
              outcomes.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: "; "))
    }

    /// A rebuild of the default database killed at random points (two in the commit window of its
    /// first import): the next command finds a whole default database with the demo data, and no
    /// file of the killed build is left.
    @Test func aKilledRebuildOfTheDefaultDatabaseLeavesAUsableOne() async throws {
        let cache = try Workspace()
        let env = ["XDG_CACHE_HOME": cache.directory.path]
        let folder = cache.directory.appendingPathComponent("waymark")
        let database = folder.appendingPathComponent("default.sqlite").path
        _ = try await run(["stats", "categories"], env: env)
        try makeStale(database)
        let clock = ContinuousClock(), started = clock.now
        let demo = try await run(["stats", "categories"], env: env)
        let length = clock.now - started
        try #require(demo.status == 0, "\(demo.stderr)")

        var outcomes: [String: Int] = [:]
        for round in 0..<6 {
            try makeStale(database)
            let atCommit = round < 2
            let child = try Child(["stats", "categories"], env: env.merging(atCommit ? Child.pauseAfterCommit : [:]) { $1 }, in: cache)
            let end = await child.kill(atCommit: atCommit, orWithin: length, round: round)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("default-") }
            let next = try await run(["stats", "categories"], env: env)
            #expect(next.status == 0 && next.stdout == demo.stdout, "round \(round) (\(end)): \(next.stderr)")
            #expect(try inspect(database).problems.isEmpty, "round \(round) (\(end))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("default-") }.isEmpty,
                    "round \(round) (\(end)): a killed build's files are left")
            outcomes["\(end == .killed ? "killed" : "finished first")\(atCommit ? " at the commit" : "")\(left.isEmpty ? "" : ", build files left")", default: 0] += 1
        }
        print("aKilledRebuildOfTheDefaultDatabaseLeavesAUsableOne: a rebuild took \(length); 6 kills:",
              outcomes.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: "; "))
    }

    /// Two commands that find the default database stale at once: one rebuilds it while the other
    /// waits its turn on the lock, then finds it built.
    @Test func twoCommandsFindingTheDefaultDatabaseStaleTakeTurns() async throws {
        let cache = try Workspace()
        let env = ["XDG_CACHE_HOME": cache.directory.path]
        let database = cache.directory.appendingPathComponent("waymark/default.sqlite").path
        let demo = try await run(["stats", "categories"], env: env)
        try makeStale(database)
        let children = try (0..<2).map { _ in try Child(["stats", "categories"], env: env, in: cache) }
        for child in children { #expect(await child.ended() == .exited(0)) }
        #expect(try await run(["stats", "categories"], env: env).stdout == demo.stdout)
        #expect(try inspect(database).problems.isEmpty)
    }

    /// `count` points of interest on a grid over Latvia, each with a source id of its own, so that
    /// an import adds rows (and the spatial index packs them afresh).
    static func places(_ count: Int) -> String {
        let features = (0..<count).map { i in
            #"{"type":"Feature","id":"node/\#(i + 1)","properties":{"name":"Place \#(i)","category":"\#(["eat", "see", "stay", "do"][i % 4])"},"geometry":{"type":"Point","coordinates":[\#(21 + Double(i % 60) * 0.1),\#(56 + Double(i / 60) * 0.03)]}}"#
        }
        return #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    /// What a database is like when the next command opens it: the problems SQLite's and
    /// SpatiaLite's checks find (none: whole), and its number of POIs.
    func inspect(_ path: String) throws -> (problems: [String], pois: Int64) {
        let store = try SpatiaLiteStore(path: path, readOnly: true)
        var problems: [String] = []
        let integrity: String? = try store.db.scalar("PRAGMA integrity_check")
        if integrity != "ok" { problems.append("integrity_check: \(integrity ?? "nothing")") }
        for t in Schema.spatialTables {
            let index = "idx_\(t.table)_\(t.column)"
            let tree: String? = try store.db.scalar("SELECT rtreecheck(?)", [index])
            if tree != "ok" { problems.append("rtreecheck(\(index)): \(tree ?? "nothing")") }
            let located: Int64? = try store.db.scalar("SELECT count(*) FROM \"\(t.table)\" WHERE \"\(t.column)\" IS NOT NULL")
            let entries: Int64? = try store.db.scalar("SELECT count(*) FROM \"\(index)\"")
            if entries != located { problems.append("\(index): \(entries ?? -1) entries for \(located ?? -1) located rows") }
        }
        // SpatiaLite's check notes itself in spatialite_history: on a connection that may write,
        // in a transaction rolled back, so that the database stays as it was.
        let writer = try Database(path: path)
        try writer.execute("BEGIN")
        defer { try? writer.execute("ROLLBACK") }
        for t in Schema.spatialTables {
            let spatiaLite: Int64? = try writer.scalar("SELECT CheckSpatialIndex(?, ?)", [t.table, t.column])
            if spatiaLite != 1 { problems.append("CheckSpatialIndex(\(t.table), \(t.column)): \(spatiaLite.map(String.init) ?? "NULL")") }
        }
        return (problems, try store.db.scalar("SELECT count(*) FROM poi") ?? -1)
    }

    /// `source` copied over `target`, with no log or index of an earlier copy beside it.
    func copy(_ source: String, to target: String) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: target + suffix) }
        try FileManager.default.copyItem(atPath: source, toPath: target)
    }

    /// The default database made older than the program and Data/, so that the next command rebuilds it.
    func makeStale(_ database: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: database)
    }
}

/// A `waymark` process started with posix_spawn, so that the test alone waits for it (Foundation's
/// Process reaps its children itself) and sees it stop. Every wait runs on a thread of its own,
/// not on Swift's pool, which has two threads here. Once reaped, its pid is never signalled
/// again (it may belong to another process by then).
final class Child: Sendable {
    static let pauseAfterCommit = ["WAYMARK_TEST_PAUSE_AFTER_COMMIT": "1"]

    enum End: Equatable, CustomStringConvertible {
        case killed
        case exited(Int32)
        var description: String { if case let .exited(status) = self { "exited with \(status)" } else { "killed" } }
    }

    let pid: pid_t
    /// The wait status once the process has been reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `waymark args` in `workspace`'s folder, its output thrown away.
    init(_ args: [String], env: [String: String], in workspace: Workspace) throws {
        let executable = try #require(waymarkExecutable).path
        let environment = childEnvironment(scratch: workspace.directory, env)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [Int32(1), 2] { posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0) }
        let argv = ([executable] + args).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        try #require(status == 0, "cannot start \(executable): \(String(cString: strerror(status)))")
        self.pid = pid
    }

    /// Waits until the process stops itself (true) or ends without stopping (false).
    func stopped() async -> Bool {
        let status = await Self.onOwnThread { [pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, WUNTRACED) < 0, errno == EINTR {}
            return status
        }
        if status & 0xff == 0x7f { return true }
        reaped.withLock { $0 = status }
        return false
    }

    /// Kills the process (after `delay`, when given: a kill point, not a wait for anything) and reaps it.
    func kill(after delay: Duration? = nil) async -> End {
        await end { [self] in
            if let delay {
                let (seconds, attoseconds) = delay.components
                var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000)), left = timespec()
                while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
            }
            if reaped.withLock({ $0 == nil }) { Glibc.kill(pid, SIGKILL) }
        }
    }

    /// Kills the process at its commit (where the test hook stops it) or at a random point of up
    /// to 1.1 × `length`, the time a whole run takes, and reaps it.
    func kill(atCommit: Bool, orWithin length: Duration, round: Int) async -> End {
        if atCommit {
            #expect(await stopped(), "round \(round): the process did not stop after its commit")
            return await kill()
        }
        var random = SystemRandomNumberGenerator()
        return await kill(after: length * Double.random(in: 0...1.1, using: &random))
    }

    /// Waits for the process to end by itself, and reaps it.
    func ended() async -> End { await end {} }

    private func end(_ first: @escaping @Sendable () -> Void) async -> End {
        let status = await Self.onOwnThread { [self] in
            first()
            if let status = reaped.withLock({ $0 }) { return status }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            reaped.withLock { $0 = status }
            return status
        }
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed
    }

    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in Thread { continuation.resume(returning: body()) }.start() }
    }
}
