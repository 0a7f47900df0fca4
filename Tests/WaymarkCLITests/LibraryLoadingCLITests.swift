import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// GDAL (and its hundred-odd libraries) is mapped only by the commands that read or write a file
/// through it; SpatiaLite (with GEOS and PROJ) only where SQL needs its functions; PROJ (with
/// curl and TLS) only by what measures geodesics or transforms. Told by the dynamic linker
/// itself: with `LD_DEBUG=files` glibc names on standard error every library it loads, at
/// start-up and by `dlopen`; a running server's mappings are in /proc/<pid>/maps.
@Suite struct LibraryLoadingCLITests {
    static func loadsGDAL(_ stderr: String) -> Bool { stderr.contains("file=libgdal.so") }

    @Test func queriesAndMapsLoadNoGDALAndFilesThroughItDo() async throws {
        let workspace = try await Workspace.withFixture()
        let env = workspace.env.merging(["LD_DEBUG": "files"]) { $1 }
        let png = workspace.directory.appendingPathComponent("map.png").path
        // Each command and the libraries it must not load besides GDAL.
        let commands: [([String], [String])] = [
            (["--version"], []),
            (["nearest", "--lat", "40.75", "--lon", "-73.98", "--limit", "3"], ["libspatialite.so"]),
            (["within", "--lat", "40.75", "--lon", "-73.98", "--radius", "5000"], ["libspatialite.so"]),
            (["bbox", "--bbox", "-74.1,40.6,-73.8,40.9"], ["libspatialite.so", "libproj.so"]),
            (["search", "diner"], ["libspatialite.so", "libproj.so"]),
            (["stats", "categories"], []),
            (["render", "--bbox", "-74.1,40.6,-73.8,40.9", "--size", "200x150", "--output", png], ["libspatialite.so", "libproj.so", "libgeos"]),
        ]
        for (command, unused) in commands {
            let result = try await run(command, env: env)
            #expect(result.status == 0, "\(command): \(result.stderr.suffix(500))")
            // The oracle works: the linker's list names the libraries every command loads.
            #expect(result.stderr.contains("file=libsqlite3.so"), "\(command): no LD_DEBUG list")
            #expect(!Self.loadsGDAL(result.stderr), "\(command) loaded GDAL")
            for library in unused { #expect(!result.stderr.contains("file=" + library), "\(command) loaded \(library)") }
        }
        // --version names the libraries' own versions, asking the loaded libraries.
        let version = try await run(["--version"], env: env)
        #expect(version.stderr.contains("file=libspatialite.so") && version.stderr.contains("file=libproj.so"))
        #expect(version.stdout.contains(#/SpatiaLite [0-9]+\.[0-9]+/#) && version.stdout.contains(#/PROJ [0-9]+\.[0-9]+/#), "\(version.stdout)")
        // A file written and read through GDAL: it is loaded then, on its first call.
        let gpkg = workspace.directory.appendingPathComponent("out.gpkg").path
        let export = try await run(["export", gpkg], env: env)
        #expect(export.status == 0 && Self.loadsGDAL(export.stderr), "export: \(export.stdout) \(export.stderr.suffix(500))")
        let other = workspace.directory.appendingPathComponent("other.sqlite").path
        let back = try await run(["import", "--db", other, gpkg], env: env)
        #expect(back.status == 0 && Self.loadsGDAL(back.stderr), "import: \(back.stdout) \(back.stderr.suffix(500))")
        #expect(back.stdout.contains("imported 9 poi"), "\(back.stdout)")
    }

    /// The server, once it has answered a query, a map and a tile, maps no GDAL or SpatiaLite library.
    @Test(.timeLimit(.minutes(30))) func aServerThatHasDrawnMapsNoGDAL() async throws {
        let workspace = try await Workspace.withFixture()
        let executable = try #require(waymarkExecutable, "no `waymark` executable beside the tests; run `swift build` first")
        let server = try ChildProcess(executable, ["serve", "--port", "0"],
                                      environment: childEnvironment(scratch: workspace.directory, workspace.env))
        defer { server.send(SIGKILL) }
        let line = try #require(await server.line(where: { $0.contains(#/listening on 127\.0\.0\.1:[0-9]+/#) }), "\(server.output)")
        let port = try #require(line.firstMatch(of: #/listening on 127\.0\.0\.1:([0-9]+)/#)).1
        for path in ["/v1/nearest?lat=40.75&lon=-73.98&limit=3", "/v1/map.png?size=200x100", "/v1/tiles/12/1205/1539.png", "/ogc/collections/poi/items?limit=2"] {
            let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(path)")
        }
        // Read to its end: a /proc file says it is empty, and a read of its size stops short.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(server.pid)/maps"))
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        #expect(maps.contains("libsqlite3.so"), "the server's maps list no SQLite: not its maps")
        #expect(!maps.contains("libgdal.so"))
        #expect(!maps.contains("libspatialite.so"))
    }
}
