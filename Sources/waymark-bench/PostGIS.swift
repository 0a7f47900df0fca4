import Foundation
import GeoCore
import GeoStore
import MapRender
import Logging
import NIOPosix
import PostGISStore
import PostgresNIO

/// A bare postgres-nio connection for a peer's queries, with its logger.
func peerConnection(_ url: String, id: Int) throws -> (PostgresConnection, Logger) {
    let logger = Logger(label: "waymark-bench")
    let components = URLComponents(string: url)!
    let connection = try PostgresConnection.connect(
        on: MultiThreadedEventLoopGroup.singleton.next(),
        configuration: .init(host: components.host!, port: components.port ?? 5432, username: components.user!, password: components.password,
                             database: String(components.path.dropFirst()), tls: .disable),
        id: id, logger: logger).wait()
    return (connection, logger)
}

/// Waymark's PostGIS store against the bare queries a user would send through postgres-nio
/// (the same columns as Waymark's answers, PostGIS's own ordering, no exact refinement), on the
/// same points as the SpatiaLite run. Both wait for each answer the same way (a future's wait).
func postGISBenchmark(url: String, csv: URL, area: BoundingBox, category: String, bboxDegrees: (lon: Double, lat: Double)) throws {
    let schema = "waymark_bench"
    let location = url + "?schema=" + schema
    let (connection, logger) = try peerConnection(url, id: 1)
    defer { try? connection.close().wait() }
    func execute(_ sql: String) throws { _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait() }
    /// The answer's rows read into Swift values, as its user would: `columns`, then the distance when there is one.
    func bare(_ sql: String, _ binds: PostgresBindings, distance: Bool) throws -> Int {
        let rows = try connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).wait()
        if distance {
            return try rows.map { try $0.decode((Int64, String, String?, String, String?, ByteBuffer, Double).self) }.count
        }
        return try rows.map { try $0.decode((Int64, String, String?, String, String?, ByteBuffer).self) }.count
    }

    // Reused when asked for and filled (opened to write: a database of an older Waymark is migrated).
    if !(reuse && (try? PostGISStore(url: location)).map({ (try? $0.categories().isEmpty) == false }) == true) {
        try execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        var parsed: [ParsedFile] = []
        let parseTime = try seconds { parsed = try FileImport.parse(paths: [csv.path]) }
        let store = try PostGISStore(url: location)
        let storeTime = try seconds { _ = try store.importFiles(parsed, skipInvalid: false) }
        print(String(format: "\nimport of %d points from CSV into PostGIS: %.2f s (parse %.2f s + COPY, indexes, ANALYZE %.2f s)",
                     pointCount, parseTime + storeTime, parseTime, storeTime))
    }
    try execute("SET search_path TO \(schema), public")
    let store = try PostGISStore(url: location, readOnly: true)
    var rng = SeededRandom(seed: 2026)
    let points = (0..<queryCount).map { _ in
        Coordinate(lat: .random(in: area.minLat...area.maxLat, using: &rng), lon: .random(in: area.minLon...area.maxLon, using: &rng))
    }
    /// $1… the numbers, then the category when given.
    func binds(_ numbers: [Double], _ category: String? = nil) -> PostgresBindings {
        var b = PostgresBindings()
        for n in numbers { b.append(n) }
        if let category { b.append(category) }
        return b
    }
    let point = "ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography"
    let columns = "id, category, name, names, address, ST_AsBinary(geom)"

    let nearest = try measureSideBySide(("PostGIS waymark nearest-10 category=\(category)", "PostGIS bare KNN nearest-10 category=\(category)"),
                                        queryCount) {
        try store.nearest(NearestQuery(center: points[$0], limit: 10, categories: CategoryFilter([category]))).features.count
    } peer: {
        try bare("SELECT \(columns), ST_Distance(geom, \(point), true) FROM poi WHERE category = $3 ORDER BY geom <-> \(point) LIMIT 10",
                 binds([points[$0].lon, points[$0].lat], category), distance: true)
    }
    let radius = 5_000.0
    // The same question: everything within the radius, so the four tables that have positions.
    let everyKind = [("poi", columns, "geom"), ("water", "id, 'water', name, '{}', NULL, ST_AsBinary(geom)", "geom"),
                     ("cinema", "id, 'cinema', name, '{}', address, ST_AsBinary(geom)", "geom"),
                     ("trip", "id, 'trip', name, '{}', NULL, ST_AsBinary(spot)", "spot")]
    let within = try measureSideBySide(("PostGIS waymark within 5 km", "PostGIS bare ST_DWithin 5 km"), queryCount) {
        try store.nearest(NearestQuery(center: points[$0], limit: 10_000, maxDistance: radius)).features.count
    } peer: {
        try bare(everyKind.map { table, columns, geometry in
            "SELECT \(columns), ST_Distance(\(geometry), \(point), true) AS d FROM \(table) WHERE ST_DWithin(\(geometry), \(point), $3, true)"
        }.joined(separator: " UNION ALL ") + " ORDER BY d, id LIMIT 10001", binds([points[$0].lon, points[$0].lat, radius]), distance: true)
    }
    let boxes = points.map { p in
        BoundingBox(minLon: p.lon - bboxDegrees.lon / 2, minLat: p.lat - bboxDegrees.lat / 2,
                    maxLon: p.lon + bboxDegrees.lon / 2, maxLat: p.lat + bboxDegrees.lat / 2)
    }
    let bbox = try measureSideBySide(("PostGIS waymark bbox category=\(category)", "PostGIS bare && bbox category=\(category)"), queryCount) {
        try store.bbox(BoxQuery(box: boxes[$0], limit: 10_000, categories: CategoryFilter([category]))).features.count
    } peer: {
        let b = boxes[$0]
        return try bare("""
            SELECT \(columns) FROM poi WHERE geom::geometry && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND category = $5
            ORDER BY id LIMIT 10001
            """, binds([b.minLon, b.minLat, b.maxLon, b.maxLat], category), distance: false)
    }
    // An annotation vector tile at z14: Waymark's layout of the tile's fetch area, fetched from this
    // store and encoded as MVT, against PostGIS's own ST_AsMVT of the tile's points (the engine of
    // Martin and pg_tileserv), which places every point and decides nothing.
    let style = try MapStyle.named("default")
    let tiles = try points.map { try TileID(containing: $0, zoom: 14) }
    let vectorTile = try measureSideBySide(("PostGIS waymark vector tile z14", "PostGIS ST_AsMVT tile z14"), queryCount) {
        let tile = tiles[$0]
        let features = try store.features(in: MapRenderer.fetchArea(Viewport(vectorTile: tile), style: style), categories: CategoryFilter())
        return try AnnotationVectorTile.encode(tile, features: features, style: style).isEmpty ? 0 : 1
    } peer: {
        var b = PostgresBindings()
        for n in [tiles[$0].z, tiles[$0].x, tiles[$0].y] { b.append(n) }
        let rows = try connection.query(PostgresQuery(unsafeSQL: """
            SELECT ST_AsMVT(q, 'marks', 4096, 'geom') FROM (
              SELECT id, category, name, ST_AsMVTGeom(ST_Transform(geom::geometry, 3857), ST_TileEnvelope($1::int, $2::int, $3::int), 4096, 64, true) AS geom
              FROM poi WHERE geom::geometry && ST_Transform(ST_TileEnvelope($1::int, $2::int, $3::int, margin => 64.0 / 4096), 4326)) q
            """, binds: b), logger: logger).wait()
        return try rows.map { try $0.decode(ByteBuffer.self) }.contains { $0.readableBytes > 0 } ? 1 : 0
    }
    // What the server asks before every query with a category filter.
    let known = try measure("PostGIS waymark known categories", queryCount) { _ in try store.knownCategories().count }
    report("\(pointCount) synthetic points in PostGIS: Waymark's store against the bare query", [
        (nearest.ours, nearest.peer), (within.ours, within.peer), (bbox.ours, bbox.peer), (vectorTile.ours, vectorTile.peer), (known, nil),
    ])
}
