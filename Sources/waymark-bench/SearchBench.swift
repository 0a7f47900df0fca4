import CSpatiaLite
import Foundation
import GeoCore
import GeoStore
import Logging
import NIOPosix
import PostGISStore
import PostgresNIO
import SpatiaLiteStore

/// Names as a Latvian and Czech gazetteer has them: one to three words, a few common real words
/// (muzejs, baznīca, náměstí…) among many made of the two languages' syllables, diacritics and all.
enum SyntheticNames {
    static let common = ["muzejs", "muzeja", "baznīca", "ezers", "iela", "pils", "muiža", "skola", "parks", "tilts", "krogs", "kafejnīca",
                         "viesnīca", "upe", "kalns", "mežs", "pļava", "dārzs", "stacija", "tirgus", "náměstí", "kostel", "hrad", "zámek",
                         "rybník", "hospoda", "nádraží", "ulice", "most", "kaple", "muzeum", "divadlo", "zahrada", "hřbitov", "lázně",
                         "pivovar", "mlýn", "věž", "studánka", "rozhledna"]
    static let onsets = ["b", "č", "d", "g", "ģ", "j", "k", "ķ", "l", "ļ", "m", "n", "ņ", "p", "r", "ř", "s", "š", "t", "v", "z", "ž",
                         "st", "kr", "pr", "sk", "tr", "br", "dz", "h", "ch", "c"]
    static let vowels = ["a", "ā", "e", "ē", "i", "ī", "o", "u", "ū", "á", "é", "ě", "í", "ý", "ů", "ie", "ai", "au"]
    static let endings = ["s", "š", "a", "e", "i", "u", "as", "es", "is", "ov", "ice", "ín", "ky", "ná", "ní", ""]

    /// The seeded names: a word is one of the common ones with probability 0.05, else a made-up one.
    static func names(_ count: Int, seed: UInt64) -> [String] {
        var rng = SeededRandom(seed: seed)
        func word() -> String {
            if Double.random(in: 0..<1, using: &rng) < 0.05 { return common.randomElement(using: &rng)! }
            var w = ""
            for _ in 0..<Int.random(in: 1...3, using: &rng) { w += onsets.randomElement(using: &rng)! + vowels.randomElement(using: &rng)! }
            return w + endings.randomElement(using: &rng)!
        }
        return (0..<count).map { _ in
            let words = (0..<Int.random(in: 1...3, using: &rng)).map { _ in word() }
            return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }
}

/// Search over a million synthetic names: Waymark's FTS5 index against the `LIKE '%…%'` scan a
/// user would write (every match, as the total needs them), and PostGIS's search against pg_trgm's
/// GIN index on the same names when `--postgres` is given; then the import with and without the index.
func searchBenchmark(region: BoundingBox) throws {
    let path = work.appendingPathComponent("search-\(pointCount).sqlite").path
    let csv = work.appendingPathComponent("search-\(pointCount).csv")
    // Written and parsed only when imported (`--reuse` keeps an earlier run's database).
    func parsedNames() throws -> [ParsedFile] {
        var rng = SeededRandom(seed: 7)
        let categories = ["do", "see", "stay", "eat", "route"]
        var text = "id,name,category,lat,lon\n"
        for (i, name) in SyntheticNames.names(pointCount, seed: 11).enumerated() {
            text += "\(i),\(name),\(categories[Int.random(in: 0..<5, using: &rng)]),\(Double.random(in: region.minLat...region.maxLat, using: &rng)),\(Double.random(in: region.minLon...region.maxLon, using: &rng))\n"
        }
        try text.write(to: csv, atomically: true, encoding: .utf8)
        return try FileImport.parse(paths: [csv.path])
    }

    // The import with the index, and without it (its triggers dropped first), into fresh files.
    func importTime(withIndex: Bool, _ parsed: [ParsedFile]) throws -> Double {
        removeDatabase(path)
        let store = try SpatiaLiteStore(path: path)
        if !withIndex {
            var db: OpaquePointer?
            sqlite3_open(path, &db)
            sqlite3_exec(db, "DROP TRIGGER search_poi_insert; DROP TRIGGER search_poi_update", nil, nil, nil)
            sqlite3_close(db)
        }
        return try seconds { _ = try store.importFiles(parsed, skipInvalid: false) }
    }
    if !(reuse && FileManager.default.fileExists(atPath: path)) {
        let parsed = try parsedNames()
        let without = try importTime(withIndex: false, parsed)
        let with = try importTime(withIndex: true, parsed)
        print(String(format: "\nimport of %d named points (store only, parsed before): %.2f s without the search index, %.2f s with it (+%.0f%%)",
                     pointCount, without, with, (with / without - 1) * 100))
    }

    let store = try SpatiaLiteStore(path: path, readOnly: true)
    let peer = PeerConnection(path: path)
    let like = peer.prepare("SELECT id, name FROM poi WHERE name LIKE '%' || ?1 || '%'")
    let muze = try measureSideBySide(("waymark search \"muze\" (page of 10 + total)", "LIKE '%muze%' scan"), min(queryCount, 200)) { _ in
        try store.search(SearchQuery(text: "muze")).total!
    } peer: { _ in peer.count(like, ["muze"]) }
    // Four letters of random words of the names, as typed.
    var pick = SeededRandom(seed: 3)
    let prefixes = (0..<queryCount).map { _ in
        let words = SearchText.words(SyntheticNames.names(1, seed: UInt64.random(in: 0..<1_000_000, using: &pick))[0])
        return String(words[0].prefix(4))
    }
    let typed = try measure("waymark search 4-letter prefixes of the names", queryCount) { try store.search(SearchQuery(text: prefixes[$0])).total! }
    let near = try measure("waymark search \"muze\" near a point", min(queryCount, 200)) { _ in
        try store.search(SearchQuery(text: "muze", center: Coordinate(lat: 57, lon: 25))).total!
    }
    let typo = try measure("waymark search \"baznika\" (one typo)", min(queryCount, 200)) { _ in
        try store.search(SearchQuery(text: "baznika")).total!
    }
    report("search over \(pointCount) synthetic names", [(muze.ours, muze.peer), (typed, nil), (near, nil), (typo, nil)])
    if let url = option("--postgres") { try postGISSearchBenchmark(url: url, parsed: parsedNames) }
}

/// The same names in PostGIS: Waymark's search (its word table) against pg_trgm's GIN index
/// answering `ILIKE '%muze%'`, the usual PostgreSQL way to find a piece of a name.
func postGISSearchBenchmark(url: String, parsed: () throws -> [ParsedFile]) throws {
    let schema = "waymark_bench_search", location = url + "?schema=" + schema
    let (connection, logger) = try peerConnection(url, id: 2)
    defer { try? connection.close().wait() }
    func execute(_ sql: String) throws { _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait() }
    if !(reuse && (try? PostGISStore(url: location)).map({ (try? $0.categories().isEmpty) == false }) == true) {
        try execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        let store = try PostGISStore(url: location)
        let files = try parsed()
        let t = try seconds { _ = try store.importFiles(files, skipInvalid: false) }
        print(String(format: "\nimport of %d named points into PostGIS with the search index: %.2f s", pointCount, t))
    }
    try execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    let trgm = try seconds {
        try execute("CREATE INDEX IF NOT EXISTS poi_name_trgm ON \(schema).poi USING gin (name gin_trgm_ops)")
        try execute("ANALYZE \(schema).poi")
    }
    print(String(format: "pg_trgm's GIN index on name: %.2f s", trgm))
    try execute("SET search_path TO \(schema), public")
    let store = try PostGISStore(url: location, readOnly: true)
    let muze = try measureSideBySide(("PostGIS waymark search \"muze\" (page of 10 + total)", "PostGIS pg_trgm ILIKE '%muze%'"), min(queryCount, 200)) { _ in
        try store.search(SearchQuery(text: "muze")).total!
    } peer: { _ in
        try connection.query(PostgresQuery(unsafeSQL: "SELECT id, name FROM poi WHERE name ILIKE '%muze%'"), logger: logger).wait()
            .map { try $0.decode((Int64, String).self) }.count
    }
    report("search over \(pointCount) synthetic names in PostGIS", [(muze.ours, muze.peer)])
}
