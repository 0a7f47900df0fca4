import GeoCore
import GeoStore

/// The places of an import's streamed files (`StreamedPlaces`), as SpatiaLite's `PlaceStaging`:
/// each batch sent by COPY into a temporary table while the next one is read (its rows never all
/// in this process's memory), then moved into `poi` in one statement along the Hilbert curve, as
/// `ImportPlan` orders the records it holds; the server sorts them (spilling to disk past its
/// `work_mem`). A place whose source and id are stored keeps its row's id and is updated in place;
/// the others get the next ids in that order. Of records with one source and id, the last staged
/// is stored. Their search words (`PostGISStore.placeWords`) are staged beside them by their place
/// in the files' order, and follow them into `search_word` under the ids they got.
struct PostGISPlaceStaging {
    private let store: PostGISStore
    /// The staged records so far: each one's place in the files' order.
    private var staged: Int64 = 0

    /// The columns of `poi` a place fills, besides its id (and their values, shared with the import of records read whole).
    static let columns = Array(PostGISStore.columns["poi"]!.dropFirst())
    private static let stagedColumns = ["seq", "h", "zone_note"] + columns

    init(_ store: PostGISStore) throws {
        self.store = store
        // Dropped at the end of the import's transaction, committed or not.
        try store.execute("CREATE TEMPORARY TABLE import_place (LIKE poi) ON COMMIT DROP")
        try store.execute("ALTER TABLE import_place ALTER COLUMN id DROP NOT NULL, ADD COLUMN seq bigint NOT NULL, ADD COLUMN h bigint NOT NULL, ADD COLUMN zone_note smallint NOT NULL")
        try store.execute("CREATE TEMPORARY TABLE import_word (seq bigint NOT NULL, word text NOT NULL, field smallint NOT NULL) ON COMMIT DROP")
    }

    mutating func stage(_ records: [(file: String, record: String, value: ImportRecord, id: Int64?)], _ notes: [ZoneNote]) throws {
        var rows = CopyRows(), words = CopyRows()
        for ((_, _, value, _), note) in zip(records, notes) {
            guard case let .place(p) = value else { continue }
            let h = p.location.map { Int64(HilbertCurve.index($0)) } ?? .max
            rows.add([String(staged), String(h), String(note.rawValue)] + PostGISStore.placeFields(p))
            for word in PostGISStore.placeWords(p) { words.add([String(staged)] + word) }
            staged += 1
        }
        if rows.count > 0 { try store.copy("import_place", Self.stagedColumns, rows) }
        if words.count > 0 { try store.copy("import_word", ["seq", "word", "field"], words) }
    }

    /// Moves the staged places into `poi`, no other place of the import beside them (files read
    /// whole beside a streamed one are all read whole), and their words into `search_word`. Many
    /// into the empty table (`PostGISStore.bulkRows`) build its every index after the rows, and the
    /// unique index of source ids finds whether a key came twice, at no cost when none did (it is
    /// built anyway); when one did, the rows go in again without the earlier records of each key.
    /// Counts in `summary` the places stored, those given the zone of their position and those left without one.
    func move(into summary: inout ImportSummary) throws {
        let next = try store.rows("SELECT coalesce(max(id), 0) + 1 FROM poi").first?[0].decode(Int64.self) ?? 1
        let fresh = next == 1, bulk = fresh && staged >= Int64(PostGISStore.bulkRows)
        let list = Self.columns.joined(separator: ", ")
        // The new rows numbered from `next` along the curve, the stored ones keeping theirs.
        let id = "coalesce(id, \(next - 1) + count(*) FILTER (WHERE id IS NULL) OVER (ORDER BY h, seq ROWS UNBOUNDED PRECEDING))"
        let insert = "INSERT INTO poi (id, \(list)) SELECT \(id), \(list) FROM import_place ORDER BY h, seq"
        try store.withoutPlaceWordTrigger {
            if bulk {
                try store.withIndexesBuiltAfter(BulkIndex.spatial("poi")) {
                    try store.execute("SAVEPOINT move_places")
                    do {
                        try store.withIndexesBuiltAfter(BulkIndex.keys("poi")) { try store.execute(insert) }
                    } catch let error as DatabaseError where error.description.contains("could not create unique index") {
                        try store.execute("ROLLBACK TO SAVEPOINT move_places")
                        try keepTheLastOfEachKey()
                        try store.withIndexesBuiltAfter(BulkIndex.keys("poi")) { try store.execute(insert) }
                    }
                    try store.execute("RELEASE SAVEPOINT move_places")
                }
            } else {
                // Keys repeat rarely: looked for first.
                if try !store.rows("""
                    SELECT 1 FROM import_place WHERE source_id IS NOT NULL GROUP BY source, source_id HAVING count(*) > 1 LIMIT 1
                    """).isEmpty {
                    try keepTheLastOfEachKey()
                }
                if fresh { return try store.execute(insert) }
                try store.execute("UPDATE import_place AS s SET id = p.id FROM poi AS p WHERE p.source = s.source AND p.source_id = s.source_id")
                try store.execute(insert + " ON CONFLICT (id) DO UPDATE SET " + Self.columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                try store.execute("DELETE FROM search_word WHERE kind = \(FeatureKind.poi.number) AND id IN (SELECT id FROM import_place WHERE id IS NOT NULL)")
            }
        }
        // Into an empty word table (a new database), its indexes too are built after the rows.
        let noWords = try bulk && store.rows("SELECT NOT EXISTS (SELECT 1 FROM search_word)")[0][0].decode(Bool.self)
        try store.withIndexesBuiltAfter(noWords ? BulkIndex.words : []) {
            try store.execute("""
                INSERT INTO search_word (\(PostGISStore.wordColumns.joined(separator: ", ")))
                SELECT \(FeatureKind.poi.number), p.id, w.word, w.field FROM import_word AS w JOIN (SELECT seq, \(id) AS id FROM import_place) AS p USING (seq)
                """)
        }
        let counts = try store.rows("SELECT count(*), count(*) FILTER (WHERE zone_note = 1), count(*) FILTER (WHERE zone_note = 2) FROM import_place")[0]
        summary.inserted[.poi, default: 0] += try counts[0].decode(Int.self)
        summary.zonesAssigned += try counts[1].decode(Int.self)
        summary.zonesMissing += try counts[2].decode(Int.self)
    }

    /// Of staged places with one source and id, the last staged stays.
    private func keepTheLastOfEachKey() throws {
        try store.execute("""
            DELETE FROM import_place AS s USING import_place AS later
            WHERE later.source = s.source AND later.source_id = s.source_id AND later.seq > s.seq
            """)
    }
}
