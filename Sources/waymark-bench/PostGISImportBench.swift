import Foundation
import PostgresNIO

/// The synthetic points' CSV into PostGIS, each side a whole process as a user runs it: `waymark
/// import --db postgres://…?schema=…` into a new schema against `ogr2ogr -f PostgreSQL` (COPY and a
/// GiST index, its defaults) into a table of a schema of its own. Taking turns, `runs` times each,
/// every run into a schema dropped just before; wall time and peak RSS by /usr/bin/time
/// (`VectorIOBench.time`).
enum PostGISImportBench {
    static let title = "PostGIS import beside ogr2ogr"

    static func run(cli: URL, url: String, csv: URL, runs: Int) throws {
        let (connection, logger) = try peerConnection(url, id: 2)
        defer { try? connection.close().wait() }
        func execute(_ sql: String) throws { _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait() }
        let (ours, peer) = ("waymark_import_bench", "ogr_import_bench")
        let components = URLComponents(string: url)!
        let pg = "PG:host=\(components.host!) port=\(components.port ?? 5432) user=\(components.user!) dbname=\(components.path.dropFirst())"
            + (components.password.map { " password=\($0)" } ?? "")
        let oursCommand = [cli.path, "import", "--db", url + "?schema=" + ours, csv.path]
        let peerCommand = ["ogr2ogr", "-f", "PostgreSQL", pg, csv.path, "-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat",
                           "-a_srs", "EPSG:4326", "-lco", "SCHEMA=\(peer)", "-nln", "points"]
        var oursRuns: [VectorIOBench.Run] = [], peerRuns: [VectorIOBench.Run] = []
        defer { for schema in [ours, peer] { try? execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") } }
        for i in 0..<runs {
            for first in (i % 2 == 0 ? [true, false] : [false, true]) {
                // Waymark creates its schema; ogr2ogr wants it there.
                try execute("DROP SCHEMA IF EXISTS \(first ? ours : peer) CASCADE")
                if first {
                    oursRuns.append(try VectorIOBench.time(oursCommand))
                } else {
                    try execute("CREATE SCHEMA \(peer)")
                    peerRuns.append(try VectorIOBench.time(peerCommand))
                }
            }
        }
        let (o, p) = (VectorIOBench.median(oursRuns), VectorIOBench.median(peerRuns))
        print("\n## \(title) (\(runs) runs each, median)\n")
        print("| task | waymark s | peak MB | peer | peer s | peak MB | peer s / ours |")
        print("|---|---:|---:|---|---:|---:|---:|")
        print(String(format: "| import CSV (%d points) → new PostGIS schema | %.2f | %.0f | ogr2ogr -f PostgreSQL | %.2f | %.0f | %.2f× |",
                     pointCount, o.seconds, o.megabytes, p.seconds, p.megabytes, p.seconds / o.seconds))
        print("waymark runs: " + oursRuns.map { String(format: "%.2f s", $0.seconds) }.joined(separator: ", ")
              + "; ogr2ogr runs: " + peerRuns.map { String(format: "%.2f s", $0.seconds) }.joined(separator: ", "))
    }
}
