import Foundation

/// Files in and out beside ogr2ogr, each a whole process as a user runs it: `waymark import` of the
/// synthetic points as CSV and as GeoPackage into a new SpatiaLite database (ogr2ogr `-f SQLite
/// -dsco SPATIALITE=YES`, with its spatial index), and `waymark export` of the database to a
/// GeoPackage (ogr2ogr from the SpatiaLite file). Taking turns, `runs` times each; wall time and
/// peak RSS by /usr/bin/time.
enum VectorIOBench {
    struct Run {
        let seconds: Double, megabytes: Double
    }

    static func run(cli: URL, database: String, csv: URL, work: URL, runs: Int) throws {
        let directory = work.appendingPathComponent("vector-io")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        // The GeoPackage both importers read: the database's places, written by ogr2ogr (not timed).
        let gpkg = path("points.gpkg")
        _ = try time(["ogr2ogr", "-f", "GPKG", gpkg, database, "poi", "-sql",
                      "SELECT id, name, category, source_id AS ref, geom FROM poi", "-nln", "points"])
        let tasks: [(name: String, ours: [String], peer: String, peerCommand: [String], output: [String])] = [
            ("import CSV → new SpatiaLite", [cli.path, "import", "--db", path("ours.sqlite"), csv.path],
             "ogr2ogr -f SQLite SPATIALITE=YES", ["ogr2ogr", "-f", "SQLite", "-dsco", "SPATIALITE=YES", "-a_srs", "EPSG:4326",
                                                   "-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat", path("peer.sqlite"), csv.path],
             [path("ours.sqlite"), path("peer.sqlite")]),
            ("import GeoPackage → new SpatiaLite", [cli.path, "import", "--db", path("ours.sqlite"), gpkg],
             "ogr2ogr -f SQLite SPATIALITE=YES", ["ogr2ogr", "-f", "SQLite", "-dsco", "SPATIALITE=YES", path("peer.sqlite"), gpkg],
             [path("ours.sqlite"), path("peer.sqlite")]),
            ("export SpatiaLite → GeoPackage", [cli.path, "export", "--db", database, path("ours.gpkg")],
             "ogr2ogr -f GPKG", ["ogr2ogr", "-f", "GPKG", path("peer.gpkg"), database, "poi"],
             [path("ours.gpkg"), path("peer.gpkg")]),
        ]
        print("\n## Files in and out beside ogr2ogr (\(runs) runs each, median)\n")
        print("| task | waymark s | peak MB | peer | peer s | peak MB | peer s / ours |")
        print("|---|---:|---:|---|---:|---:|---:|")
        for task in tasks {
            var ours: [Run] = [], peer: [Run] = []
            for i in 0..<runs {
                for first in (i % 2 == 0 ? [true, false] : [false, true]) {
                    for file in task.output { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
                    if first { ours.append(try time(task.ours)) } else { peer.append(try time(task.peerCommand)) }
                }
            }
            let (o, p) = (median(ours), median(peer))
            print(String(format: "| %@ | %.2f | %.0f | %@ | %.2f | %.0f | %.2f× |", task.name, o.seconds, o.megabytes, task.peer, p.seconds, p.megabytes,
                         p.seconds / o.seconds))
        }
    }

    static func median(_ runs: [Run]) -> Run {
        let seconds = runs.map(\.seconds).sorted(), megabytes = runs.map(\.megabytes).sorted()
        return Run(seconds: seconds[seconds.count / 2], megabytes: megabytes[megabytes.count / 2])
    }

    /// One process's wall time and peak RSS.
    static func time(_ command: [String]) throws -> Run {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-bench-time-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %M", "-o", report.path] + command
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "waymark-bench", code: Int(process.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(command.joined(separator: " ")) failed: \(String(decoding: stderr, as: UTF8.self))"])
        }
        let fields = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        return Run(seconds: fields[0], megabytes: fields[1] / 1024)
    }
}
