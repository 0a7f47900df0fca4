import Atlas
import CSpatiaLite
import Foundation
import GeoCore
import GeoStore
import MapRender
import SpatiaLiteStore

/// Side-by-side benchmarks: Waymark's query engine against SpatiaLite's own VirtualKNN and
/// SpatialIndex SQL, on the same database in the same run. Build with `-c release`.
///
///     waymark-bench [--points N] [--queries N] [--work DIR] [--shared DIR] [--only TEXT] [--reuse] [--cpu]
///                   [--postgres postgres://user@host:port/database] [--wrk-seconds N]
///     waymark-bench --readers FILE,FILE…
///
/// `--only` runs just the measurements whose name contains TEXT (for profiling one of them);
/// `--reuse` keeps the synthetic database of an earlier run instead of importing it again;
/// `--cpu` times the measurements made in this process by the thread's CPU clock instead of the
/// wall clock, which on a machine others load counts their turns too (Mapnik's and the CLI's
/// figures, from processes of their own, stay wall-clock);
/// `--postgres` also imports the synthetic points into PostGIS (schema `waymark_bench`, replaced)
/// and measures Waymark's PostGIS store against the bare queries through postgres-nio, and times
/// `waymark import` of their CSV into PostGIS against ogr2ogr (`--only "PostGIS import"`: that alone);
/// `--wrk-seconds` is how long wrk loads each HTTP route (OGCThroughputBench.swift; 20 s).
/// `--readers` times Waymark's own reader of each file against GDAL's (ReaderBench.swift), alone.

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let pointCount = Int(option("--points") ?? "") ?? 1_000_000
let queryCount = Int(option("--queries") ?? "") ?? 2_000
let work = URL(fileURLWithPath: option("--work") ?? NSTemporaryDirectory()).appendingPathComponent("waymark-bench")
let shared = URL(fileURLWithPath: option("--shared") ?? "../shared/data")
let only = option("--only")
let reuse = arguments.contains("--reuse")
let cpuClock = arguments.contains("--cpu")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
if let readers = option("--readers") {
    try ReaderBench.run(readers.split(separator: ",").map(String.init))
    exit(0)
}

/// A SQLite database and its journal files, gone.
func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// Latency percentiles of one query kind, in microseconds.
struct Timing {
    let name: String
    let samples: [Double]
    var p50: Double { percentile(0.50) }
    var p99: Double { percentile(0.99) }
    func percentile(_ q: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
    }
}

func measure(_ name: String, _ count: Int, _ body: (Int) throws -> Int) rethrows -> (Timing, hits: Double) {
    if let only, !name.contains(only) { return (Timing(name: name, samples: [0]), 0) }
    // Warm-up, unmeasured: the same first queries bring the same pages into memory for every peer.
    for i in 0..<min(count, 100) { _ = try body(i) }
    var samples: [Double] = []
    var hits = 0
    for i in 0..<count { hits += try timed(body, i, into: &samples) }
    return (Timing(name: name, samples: samples), Double(hits) / Double(count))
}

/// The wall clock, or with `--cpu` this thread's CPU clock, in nanoseconds.
func nanoseconds() -> UInt64 {
    guard cpuClock else { return DispatchTime.now().uptimeNanoseconds }
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// `body(i)`'s hits, its time (µs) appended to `samples`.
func timed(_ body: (Int) throws -> Int, _ i: Int, into samples: inout [Double]) rethrows -> Int {
    let start = nanoseconds()
    let hits = try body(i)
    samples.append(Double(nanoseconds() - start) / 1000)
    return hits
}

/// Ours and a peer on the same queries, taking turns query by query (who goes first alternating,
/// since the second finds the pages the first read), so that whatever else the machine does at a
/// moment falls on both alike: measured one after the other, their medians had drifted ±15% apart.
func measureSideBySide(_ names: (ours: String, peer: String), _ count: Int, ours: (Int) throws -> Int,
                       peer: (Int) throws -> Int) rethrows -> (ours: (Timing, hits: Double), peer: (Timing, hits: Double)) {
    if let only, !names.ours.contains(only), !names.peer.contains(only) {
        return ((Timing(name: names.ours, samples: [0]), 0), (Timing(name: names.peer, samples: [0]), 0))
    }
    for i in 0..<min(count, 100) { _ = try ours(i); _ = try peer(i) }
    var samples: (ours: [Double], peer: [Double]) = ([], [])
    var hits = (ours: 0, peer: 0)
    for i in 0..<count {
        if i % 2 == 0 {
            hits.ours += try timed(ours, i, into: &samples.ours)
            hits.peer += try timed(peer, i, into: &samples.peer)
        } else {
            hits.peer += try timed(peer, i, into: &samples.peer)
            hits.ours += try timed(ours, i, into: &samples.ours)
        }
    }
    return ((Timing(name: names.ours, samples: samples.ours), Double(hits.ours) / Double(count)),
            (Timing(name: names.peer, samples: samples.peer), Double(hits.peer) / Double(count)))
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A raw connection for the peers: SpatiaLite's SQL as a user would write it.
final class PeerConnection {
    var db: OpaquePointer?
    let cache = spatialite_alloc_connection()
    init(path: String) {
        sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil)
        spatialite_init_ex(db, cache, 0)
    }
    func prepare(_ sql: String) -> OpaquePointer {
        var s: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &s, nil) == SQLITE_OK, let s else {
            fatalError("peer SQL failed: \(String(cString: sqlite3_errmsg(db))): \(sql)")
        }
        return s
    }
    /// Binds doubles (and text for strings), runs, and counts rows.
    func count(_ s: OpaquePointer, _ values: [Any]) -> Int {
        sqlite3_reset(s)
        for (i, v) in values.enumerated() {
            if let d = v as? Double { sqlite3_bind_double(s, Int32(i + 1), d) }
            if let t = v as? String { sqlite3_bind_text(s, Int32(i + 1), t, -1, waymark_sqlite_transient()) }
            if let n = v as? Int { sqlite3_bind_int64(s, Int32(i + 1), Int64(n)) }
        }
        var n = 0
        while sqlite3_step(s) == SQLITE_ROW { n += 1 }
        return n
    }
    func hasModule(_ name: String) -> Bool {
        let s = prepare("SELECT 1 FROM pragma_module_list WHERE name = ?")
        defer { sqlite3_finalize(s) }
        return count(s, [name]) > 0
    }
}

func report(_ title: String, _ rows: [(ours: (Timing, hits: Double), peer: (Timing, hits: Double)?)]) {
    func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
    func figures(_ m: (Timing, hits: Double)) -> String {
        String(format: "%7.1f %8.1f %8.1f", m.hits, m.0.p50, m.0.p99)
    }
    print("\n## \(title)\n")
    print("| query | hits | p50 µs | p99 µs | peer | hits | p50 µs | p99 µs | peer p50 / ours |")
    print("|---|---:|---:|---:|---|---:|---:|---:|---:|")
    for row in rows {
        let o = row.ours
        var cells = [o.0.name] + figures(o).split(separator: " ").map(String.init)
        if let p = row.peer {
            let ratio = p.0.p50 > 0 && o.0.p50 > 0 ? String(format: "%.1f×", p.0.p50 / o.0.p50) : "—" // — when skipped by --only
            cells += [p.0.name] + figures(p).split(separator: " ").map(String.init) + [ratio]
        } else {
            cells += ["", "", "", "", ""]
        }
        print("| " + cells.enumerated().map { pad($1, [34, 6, 8, 8, 34, 6, 8, 8, 6][$0]) }.joined(separator: " | ") + " |")
    }
}

/// Runs every query kind on one database; `area` is where query points are drawn from.
func benchmark(_ title: String, path: String, area: BoundingBox, category: String, bboxDegrees: (lon: Double, lat: Double)) throws {
    let store = try SpatiaLiteStore(path: path, readOnly: true)
    let peer = PeerConnection(path: path)
    var rng = SeededRandom(seed: 2026)
    let points = (0..<queryCount).map { _ in
        Coordinate(lat: .random(in: area.minLat...area.maxLat, using: &rng), lon: .random(in: area.minLon...area.maxLon, using: &rng))
    }
    let filter = CategoryFilter([category])

    let nearest = try measure("waymark nearest-10 category=\(category)", queryCount) {
        try store.nearest(NearestQuery(center: points[$0], limit: 10, categories: filter)).features.count
    }
    var knnPeer: (Timing, hits: Double)?
    if peer.hasModule("VirtualKNN") {
        _ = sqlite3_exec(peer.db, "CREATE VIRTUAL TABLE IF NOT EXISTS temp.knn USING VirtualKNN()", nil, nil, nil)
        let knn = peer.prepare("SELECT fid, distance FROM temp.knn WHERE f_table_name = 'poi' AND f_geometry_column = 'geom' AND ref_geometry = MakePoint(?, ?, 4326) AND max_items = 10")
        knnPeer = measure("VirtualKNN nearest-10 (no filter)", queryCount) { peer.count(knn, [points[$0].lon, points[$0].lat]) }
    }
    let nearestAll = try measure("waymark nearest-10 (no filter)", queryCount) {
        try store.nearest(NearestQuery(center: points[$0], limit: 10)).features.count
    }

    let radius = 5_000.0
    let within = try measure("waymark within 5 km", queryCount) {
        try store.nearest(NearestQuery(center: points[$0], limit: 10_000, maxDistance: radius)).features.count
    }
    // The peers fetch what Waymark's answers carry: id, category, name, names, address, position (and distance).
    let circle = peer.prepare("""
        SELECT id, category, name, names, address, ST_X(geom), ST_Y(geom), ST_Distance(geom, MakePoint(?1, ?2, 4326), 1) AS d FROM poi
        WHERE ROWID IN (SELECT ROWID FROM SpatialIndex WHERE f_table_name = 'poi' AND f_geometry_column = 'geom'
                        AND search_frame = BuildCircleMbr(?1, ?2, ?3, 4326))
          AND d <= ?4 ORDER BY d
        """)
    let withinPeer = measure("SpatialIndex SQL within 5 km", queryCount) { i in
        let p = points[i]
        // The degrees that cover 5 km in longitude at this latitude (more than in latitude).
        let degrees = radius / (111_000 * cos(min(abs(p.lat) + 0.1, 89.9) * .pi / 180))
        return peer.count(circle, [p.lon, p.lat, degrees, radius])
    }

    let boxes = points.map { p in
        BoundingBox(minLon: p.lon - bboxDegrees.lon / 2, minLat: p.lat - bboxDegrees.lat / 2,
                    maxLon: p.lon + bboxDegrees.lon / 2, maxLat: p.lat + bboxDegrees.lat / 2)
    }
    let bbox = try measure("waymark bbox category=\(category)", queryCount) {
        try store.bbox(BoxQuery(box: boxes[$0], limit: 10_000, categories: filter)).features.count
    }
    let frame = peer.prepare("""
        SELECT id, category, name, names, address, ST_X(geom), ST_Y(geom) FROM poi
        WHERE ROWID IN (SELECT ROWID FROM SpatialIndex WHERE f_table_name = 'poi' AND f_geometry_column = 'geom'
                        AND search_frame = BuildMbr(?1, ?2, ?3, ?4, 4326))
          AND category = ?5 AND ST_X(geom) BETWEEN ?1 AND ?3 AND ST_Y(geom) BETWEEN ?2 AND ?4 ORDER BY id
        """)
    let bboxPeer = measure("SpatialIndex SQL bbox category=\(category)", queryCount) { i in
        let b = boxes[i]
        return peer.count(frame, [b.minLon, b.minLat, b.maxLon, b.maxLat, category])
    }
    // The whole answer as the CLI and server give it: the query, every feature's details, GeoJSON.
    let withinGeoJSON = try measure("within 5 km + details + GeoJSON", queryCount) {
        let page = try store.withDetails(store.nearest(NearestQuery(center: points[$0], limit: 10_000, maxDistance: radius)))
        return GeoJSONOutput.featureCollection(page).isEmpty ? 0 : page.features.count
    }
    // What a server worker does for `/v1/nearest?limit=10`: its lean connection (no mapping, 8 MiB
    // of page cache), one read transaction, the query, every feature's details, GeoJSON.
    let lean = try SpatiaLiteStore(path: path, readOnly: true, memory: .lean)
    let serverJob = try measure("nearest-10 + details + GeoJSON", queryCount) { i in
        try lean.reading {
            let page = try lean.withDetails(lean.nearest(NearestQuery(center: points[i], limit: 10)))
            return GeoJSONOutput.featureCollection(page).isEmpty ? 0 : page.features.count
        }
    }
    report(title, [(nearest, knnPeer), (nearestAll, knnPeer), (within, withinPeer), (bbox, bboxPeer), (withinGeoJSON, nil), (serverJob, nil)])
}

// 1. Synthetic: seeded points over about 380 000 km² of the Baltic (2.6 per km², so a 5 km circle
//    holds about 200), five categories.
let synthetic = work.appendingPathComponent("synthetic-\(pointCount).sqlite").path
let region = BoundingBox(minLon: 20, minLat: 54, maxLon: 30, maxLat: 60)
let csv = work.appendingPathComponent("synthetic-\(pointCount).csv")
print("# waymark-bench — \(ProcessInfo.processInfo.activeProcessorCount) cores, \(queryCount) queries per kind")
if !(reuse && FileManager.default.fileExists(atPath: synthetic)) {
    removeDatabase(synthetic)
    var rng = SeededRandom(seed: 42)
    let categories = ["do", "see", "stay", "eat", "route"]
    var text = "id,name,category,lat,lon\n"
    for i in 0..<pointCount {
        text += "\(i),P\(i),\(categories[Int.random(in: 0..<5, using: &rng)]),\(Double.random(in: region.minLat...region.maxLat, using: &rng)),\(Double.random(in: region.minLon...region.maxLon, using: &rng))\n"
    }
    try text.write(to: csv, atomically: true, encoding: .utf8)
    var parsed: [ParsedFile] = []
    let parseTime = try seconds { parsed = try FileImport.parse(paths: [csv.path]) }
    let storeTime = try seconds { _ = try SpatiaLiteStore(path: synthetic).importFiles(parsed, skipInvalid: false) }
    print(String(format: "\nimport of %d points from CSV: %.2f s (parse %.2f s + store with spatial index %.2f s)",
                 pointCount, parseTime + storeTime, parseTime, storeTime))
}
let syntheticBox = (lon: 20_000 / (111_320 * cos(57 * Double.pi / 180)), lat: 20_000.0 / 111_132)
try benchmark("\(pointCount) synthetic points (seeded, 5 categories)", path: synthetic, area: region, category: "eat",
              bboxDegrees: syntheticBox)
// The query rows' names hold no "import": asked only for the import row, its own import in-process is skipped too.
if let url = option("--postgres"), only.map({ !$0.lowercased().contains("import") }) ?? true {
    try postGISBenchmark(url: url, csv: csv, area: region, category: "eat", bboxDegrees: syntheticBox)
}
if only.map({ "search".contains($0) || $0.contains("search") }) ?? true { try searchBenchmark(region: region) }
// The same points over HTTP: /ogc items beside /v1/bbox and pygeoapi, through wrk (OGCThroughputBench.swift).
let waymarkCLI = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("waymark")
if only.map({ "ogc".contains($0.lowercased()) || $0.lowercased().contains("ogc") }) ?? true {
    if FileManager.default.isExecutableFile(atPath: waymarkCLI.path) {
        try OGCThroughputBench.run(database: synthetic, waymark: waymarkCLI, seconds: Int(option("--wrk-seconds") ?? "") ?? 20)
    } else {
        print("\nskipped the OGC rows: no \(waymarkCLI.path) (build the waymark product too)")
    }
}

// 2. GeoNames cities15000: 34 006 real places, read from ../shared/data when it is there.
let cities = shared.appendingPathComponent("gazetteer/geonames_cities15000_tz.csv")
if FileManager.default.fileExists(atPath: cities.path) {
    let path = work.appendingPathComponent("cities15000.sqlite").path
    removeDatabase(path)
    let t = try seconds {
        _ = try SpatiaLiteStore(path: path).importFiles(try FileImport.parse(paths: [cities.path]), skipInvalid: false)
    }
    print(String(format: "\nimport of GeoNames cities15000: %.2f s", t))
    // Cities are sparse: query over Europe, with 500 km-ish boxes.
    try benchmark("GeoNames cities15000 (34 006 real places)", path: path,
                  area: BoundingBox(minLon: -10, minLat: 36, maxLon: 40, maxLat: 60), category: "city", bboxDegrees: (lon: 4, lat: 3))
} else {
    print("\nskipped GeoNames cities15000: \(cities.path) is absent (run from the repository with ../shared beside it)")
}

// 3. Maps: a 1024×768 overview of 1 000 named pins (five categories) with clustering, labels,
//    legend and scale bar, and a 256 px annotation tile with about 50 pins of its own (handed
//    all the features of its fetch area), each encoded as PNG. Peer: Mapnik (Debian's
//    python3-mapnik) drawing the same points as pins of the same size and colours, with their
//    names by its own label placement, and again without names.
do {
    let style = try MapStyle.named("default")
    let categories = ["do", "see", "stay", "eat", "route"]
    func town(_ count: Int, seed: UInt64) -> [Feature] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { i in
            Feature(id: FeatureID(kind: .poi, row: Int64(i)), category: categories[i % 5], name: "Vieta \(i)",
                    geometry: .point(Coordinate(lat: .random(in: 60.15...60.19, using: &rng), lon: .random(in: 24.90...24.98, using: &rng))))
        }
    }
    let renders = max(20, queryCount / 100)

    let features = town(1_000, seed: 7)
    let request = MapRequest(features: features, framing: .center(Coordinate(lat: 60.17, lon: 24.94), zoom: 14),
                             width: 1024, height: 768, style: style, attribution: ["© OpenStreetMap contributors"])
    let overview = try measure("overview 1024×768 px, 1 000 pins", renders) { _ in try MapRenderer.render(request).count > 0 ? 1_000 : 0 }
    let overviewViewport = try MapRenderer.frame(request, features)
    let overviewPeers = try [true, false].map { labels in
        try Mapnik.measure("Mapnik 1024×768 px, 1 000 pins, \(labels ? "labels" : "no labels")", features: features, viewport: overviewViewport,
                           style: style, labels: labels, repeat: renders, work: work)
    }

    // Ten times as dense, so that a tile at zoom 16 holds about 50 pins of its own.
    let dense = town(10_000, seed: 8)
    let tile = try TileID(containing: Coordinate(lat: 60.17, lon: 24.94), zoom: 16)
    let area = MapRenderer.fetchArea(tile: tile, style: style), tileBounds = tile.bounds
    let fetched = dense.filter { area.contains($0.geometry.coordinates[0]) }
    let own = dense.filter { tileBounds.contains($0.geometry.coordinates[0]) }
    let tileTiming = try measure("tile 256 px, \(own.count) pins (\(fetched.count) handed)", renders * 10) { _ in
        try MapRenderer.renderTile(tile, features: fetched, style: style).count > 0 ? own.count : 0
    }
    let tilePeers = try [true, false].map { labels in
        try Mapnik.measure("Mapnik tile 256 px, \(own.count) pins, \(labels ? "labels" : "no labels")", features: own, viewport: Viewport(tile: tile),
                           style: style, labels: labels, repeat: renders * 10, work: work)
    }
    // The same tile as a vector tile, laid out at 512 px (no peer in-process; PostGIS's ST_AsMVT is
    // issue 28's peer over the store), and its bytes beside the PNG tile's at @2x, the same area.
    let vectorArea = MapRenderer.fetchArea(Viewport(vectorTile: tile), style: style)
    let vectorFetched = dense.filter { vectorArea.contains($0.geometry.coordinates[0]) }
    let vectorTiming = try measure("vector tile, \(own.count) pins (\(vectorFetched.count) handed)", renders * 10) { _ in
        try AnnotationVectorTile.encode(tile, features: vectorFetched, style: style).count > 0 ? own.count : 0
    }
    report("maps (µs)", overviewPeers.map { (ours: overview, peer: $0) } + tilePeers.map { (ours: tileTiming, peer: $0) } + [(ours: vectorTiming, peer: nil)])
    if only.map({ "vector tile".contains($0) }) ?? true {
        let mvt = try AnnotationVectorTile.encode(tile, features: vectorFetched, style: style), png = try MapRenderer.renderTile(tile, features: fetched, scale: 2, style: style)
        let gzipped = try Deflate.compress(mvt, into: .gzip)
        print(String(format: "\nvector tile: %d bytes, %d gzipped; PNG tile @2x: %d bytes (vector ÷ PNG: %.2f, gzipped %.2f)",
                     mvt.count, gzipped.count, png.count, Double(mvt.count) / Double(png.count), Double(gzipped.count) / Double(png.count)))
    }
}

// 4. A tourist office's print run: 20 A4 maps at 300 dpi, PDF and PNG, ~100 objects each (with
//    names and addresses, so indexes wrap and continue), drawn in parallel on every core.
if only.map({ "atlas: 20 A4 maps at 300 dpi".contains($0) }) ?? true {
    let database = work.appendingPathComponent("atlas-towns.sqlite").path, output = work.appendingPathComponent("atlas")
    removeDatabase(database)
    try? FileManager.default.removeItem(at: output)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    var rng = SeededRandom(seed: 20)
    var features: [String] = [], maps: [String] = []
    for town in 0..<20 {
        let lat = 56.5 + Double(town / 5) * 0.4, lon = 21.5 + Double(town % 5) * 1.2
        maps.append("  - { title: \"Pilsēta \(town + 1)\", area: { center: \"\(lat),\(lon)\", radius_m: 1500 } }")
        for i in 0..<100 {
            let c = Geodesic.destination(from: Coordinate(lat: lat, lon: lon), azimuth: .random(in: 0..<360, using: &rng), distance: .random(in: 0...1400, using: &rng))
            features.append(#"{"type":"Feature","properties":{"name":"Vieta \#(town)-\#(i) \#(["Jūras krogs", "Priežu viesu nams", "Ostas laukums", "Bākas dārzs"][i % 4])","category":"\#(["eat", "stay", "see", "do"][i % 4])","address":"Ostas iela \#(i + 1), Pilsēta \#(town + 1)"},"geometry":{"type":"Point","coordinates":[\#(c.lon),\#(c.lat)]}}"#)
        }
    }
    let places = work.appendingPathComponent("atlas-towns.geojson")
    try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.write(to: places, atomically: true, encoding: .utf8)
    _ = try SpatiaLiteStore(path: database).importFiles(FileImport.parse(paths: [places.path]), skipInvalid: false)
    let manifest = try AtlasManifest.parse("defaults: { paper: A4, dpi: 300, formats: [pdf, png], crs: EPSG:3059, language: lv }\nmaps:\n"
                                           + maps.joined(separator: "\n"), file: "bench")
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let batch = AtlasBatch(maps: manifest.maps, options: .init(outputDirectory: output, jobs: cores, force: true),
                           dataDate: nil, data: nil) { try SpatiaLiteStore(path: database, readOnly: true) }
    var report: AtlasBatch.Report?
    let wall = seconds { report = batch.run { _, _, _, _ in } }
    let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
    let pages = files.filter { $0.hasSuffix(".png") }.count
    print(String(format: "\natlas: 20 A4 maps at 300 dpi, PDF + PNG, 100 objects each, %d jobs: %.1f s wall (%d PNG pages, %d PDFs, %d failed)",
                 cores, wall, pages, files.filter { $0.hasSuffix(".pdf") }.count, report?.failures.count ?? -1))
}

// 5. The CLI as a person runs it, on the default data (StartupBench.swift).
let cli = waymarkCLI
if FileManager.default.isExecutableFile(atPath: cli.path), only.map({ "start-up".contains($0) }) ?? true {
    try StartupBench.run(cli: cli, runs: 21)
}

// 5b. Files in and out beside ogr2ogr (VectorIOBench.swift).
if FileManager.default.isExecutableFile(atPath: cli.path), only.map({ "files in and out".contains($0) }) ?? true {
    try VectorIOBench.run(cli: cli, database: synthetic, csv: csv, work: work, runs: 3)
}

// 5c. The CSV into PostGIS beside ogr2ogr (PostGISImportBench.swift).
if let url = option("--postgres"), FileManager.default.isExecutableFile(atPath: cli.path),
   only.map({ PostGISImportBench.title.lowercased().contains($0.lowercased()) }) ?? true {
    try PostGISImportBench.run(cli: cli, url: url, csv: csv, runs: 3)
}

// 6. The base map: central Helsinki over its OpenStreetMap base against Mapnik, base +
//    annotation tiles, `base import` of two extracts (BaseMapBench.swift).
try BaseMapBench.run(work: work, shared: shared, renders: max(20, queryCount / 100))

// 7. The zone of a point against tzfpy and timezonefinder (TimeZoneBench.swift).
try TimeZoneBench.run(work: work, repeat: 3)

/// The Mapnik peer: `Benchmarks/mapnik_points.py` run by Debian's python3 on the same points,
/// as pins of the style's size and colours over exactly the viewport's area; with `labels`, also
/// their names, placed by Mapnik.
enum Mapnik {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Benchmarks/mapnik_points.py").standardized

    static func measure(_ name: String, features: [Feature], viewport: Viewport, style: MapStyle, labels: Bool, repeat count: Int,
                        work: URL) throws -> (Timing, hits: Double)? {
        if let only, !name.contains(only) { return nil }
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let csv = work.appendingPathComponent("mapnik-points.csv")
        var rows = ["lon,lat,category,color,name"]
        for f in features {
            let c = f.geometry.coordinates[0], rgb = style.category(f.category).color
            let name = "\"" + (f.name ?? "").replacingOccurrences(of: "\"", with: "\"\"") + "\""
            rows.append(String(format: "%.8f,%.8f,%@,#%02X%02X%02X,%@", c.lon, c.lat, f.category,
                               Int(rgb.r * 255 + 0.5), Int(rgb.g * 255 + 0.5), Int(rgb.b * 255 + 0.5), name))
        }
        try rows.joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        // The image's corners in EPSG:3857 metres.
        let half = Double.pi * Geodesic.equatorialRadius, scale = 2 * half / (WebMercator.tileSize * WebMercator.scale(zoom: viewport.zoom))
        let o = viewport.origin
        let box = [o.x * scale - half, half - (o.y + viewport.height) * scale, (o.x + viewport.width) * scale - half, half - o.y * scale]
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--points", csv.path, "--width", String(Int(viewport.width)), "--height", String(Int(viewport.height)),
                             "--bbox=" + box.map { String(format: "%.6f", $0) }.joined(separator: ","), "--repeat", String(count),
                             "--marker-width", String(style.pins.width), "--marker-height", String(style.pins.height)] + (labels ? ["--labels"] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            print("skipped \(name): cannot run \(python.path) (\(error))")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct Result: Decodable { let samples_ms: [Double] }
        guard process.terminationStatus == 0, let result = try? JSONDecoder().decode(Result.self, from: data) else {
            print("skipped \(name): the Mapnik script failed (is python3-mapnik installed?)")
            return nil
        }
        return (Timing(name: name, samples: result.samples_ms.map { $0 * 1000 }), Double(features.count))
    }
}
