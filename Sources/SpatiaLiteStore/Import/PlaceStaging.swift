import GeoCore
import GeoStore

/// The places of an import's streamed files (`StreamedPlaces`), held in a temporary table (on
/// disk, SQLite's temp store) while the files are read, then moved into `poi` in one statement
/// along the Hilbert curve, as `ImportPlan` orders the records it holds: SQLite's sorter does the
/// ordering with bounded memory, so a file of any size is stored in the order queries want.
/// Of records with one source and id, the last staged is stored.
struct PlaceStaging {
    private let db: Database
    private let insert: Statement

    /// The columns of `poi` a place fills, and their values (shared with the one-row insert).
    static let columns = ["category", "name", "names", "description", "descriptions", "address", "phone", "mobile_phone", "email",
                          "website", "images", "timezone", "population", "alt_names"]
    static func values(_ p: PlaceRecord) -> [any Bindable] {
        [p.category, p.name, JSON.text(p.names), p.description, JSON.text(p.descriptions), p.address, p.phone, p.mobilePhone,
         p.email, p.website, JSON.text(p.images), p.timezone, p.population, AlternateNames.text(p.alternateNames)]
    }
    private static let stored = columns + ["geom", "source", "source_id"]

    init(_ db: Database) throws {
        self.db = db
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS import_place (seq INTEGER PRIMARY KEY, h INTEGER NOT NULL, zone_note INTEGER NOT NULL,
                                                          \(Self.stored.joined(separator: ", ")));
            DELETE FROM temp.import_place
            """)
        insert = try db.prepare("INSERT INTO temp.import_place (h, zone_note, \(Self.stored.joined(separator: ", "))) VALUES (?, ?\(String(repeating: ", ?", count: Self.stored.count)))")
    }

    func stage(_ records: [(file: String, record: String, value: ImportRecord, id: Int64?)], _ notes: [ZoneNote]) throws {
        for ((_, _, value, _), note) in zip(records, notes) {
            guard case let .place(p) = value else { continue }
            let h = p.location.map { Int64(HilbertCurve.index($0)) } ?? .max
            try insert.run([h, note.rawValue] + Self.values(p) + [GeometryValue.point(p.location), p.source, p.sourceID])
        }
    }

    /// Moves the staged places into `poi` (`bulk`'s import): into a table that was empty (no
    /// unique source index until now) as they are, else an existing row of a place's key is
    /// updated. No other place of the import is stored beside them (files read whole beside a
    /// streamed one are all read whole). Counts in `summary` the places stored, those given the
    /// zone of their position and those left without one; the temporary table is emptied.
    func move(_ bulk: inout BulkLoad, into summary: inout ImportSummary) throws {
        defer { try? db.execute("DELETE FROM temp.import_place") }
        let columns = Self.stored.joined(separator: ", ")
        let sorted = "SELECT \(columns) FROM temp.import_place WHERE true ORDER BY h, seq"
        if bulk.isFresh("poi") {
            let before: Int64 = try db.scalar("SELECT max(id) FROM poi") ?? 0
            try db.execute("INSERT INTO poi (\(columns)) \(sorted)")
            // Building the unique index finds whether a key came twice, at no cost when none did
            // (it is built anyway). Else the rows of the keys' earlier records go: the staged rows
            // were stored in the order (h, seq), the k-th of them as row before + k.
            do { try bulk.restoreSourceIndex(of: "poi") } catch let error as DatabaseError where error.description.contains("UNIQUE constraint failed") {
                try db.prepare("""
                    DELETE FROM poi WHERE id IN (SELECT ? + k FROM (SELECT seq, row_number() OVER (ORDER BY h, seq) AS k FROM temp.import_place)
                                                 WHERE seq IN (\(Self.superseded)))
                    """).run([before])
                try db.execute("DELETE FROM temp.import_place WHERE seq IN (\(Self.superseded))")
                try bulk.restoreSourceIndex(of: "poi")
            }
        } else {
            try keepTheLastOfEachKey()
            let update = Self.stored.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            try db.execute("INSERT INTO poi (\(columns)) \(sorted) ON CONFLICT (source, source_id) DO UPDATE SET \(update)")
        }
        let counts = try db.prepare("SELECT count(*), coalesce(sum(zone_note = 1), 0), coalesce(sum(zone_note = 2), 0) FROM temp.import_place")
        _ = try counts.step()
        summary.inserted[.poi, default: 0] += Int(counts.int(0))
        summary.zonesAssigned += Int(counts.int(1))
        summary.zonesMissing += Int(counts.int(2))
    }

    private static let keyed = "source_id IS NOT NULL"
    /// The staged records another staged after them replaces (one source and id).
    private static let superseded = """
        SELECT seq FROM temp.import_place WHERE \(keyed) AND seq NOT IN
            (SELECT max(seq) FROM temp.import_place WHERE \(keyed) GROUP BY source, source_id)
        """

    /// Of staged places with one source and id, all but the last staged go (keys repeat rarely,
    /// so they are looked for first).
    private func keepTheLastOfEachKey() throws {
        let repeated: Int64? = try db.scalar("""
            SELECT 1 FROM temp.import_place WHERE \(Self.keyed) GROUP BY source, source_id HAVING count(*) > 1 LIMIT 1
            """)
        guard repeated != nil else { return }
        try db.execute("DELETE FROM temp.import_place WHERE seq IN (\(Self.superseded))")
    }
}
