import Foundation
import GeoCore
import GeoStore
import PostgresNIO

/// Imports stream every table's rows through COPY (text format) in one transaction: the places of
/// streamed files a batch at a time (`PostGISPlaceStaging`), the other records as `ImportPlan`
/// holds them. The records, their order and the ids they get are `ImportPlan`'s, as in SpatiaLite:
/// ids are assigned here, under a lock that makes concurrent imports wait for each other (readers
/// go on), so that a record with a known source id keeps its row's id and every other one gets the next id.
extension PostGISStore {
    public func importFiles(_ files: [ParsedFile], skipInvalid: Bool, strictTimezones: Bool,
                            replacingSources: Set<String>, allowShrink: Bool) throws -> ImportSummary {
        // A replacement keeps the ids the files hold, and places of files read whole beside
        // streamed ones keep the files' order (the last of an id wins): both read every file whole.
        let mixed = files.contains { $0.stream != nil } && files.contains { $0.stream == nil && $0.records.contains { $0.value.kind == .poi } }
        let files = replacingSources.isEmpty && !mixed ? files : try files.map { try $0.materialized() }
        return try transaction {
            try execute("LOCK TABLE poi, water, cinema, trip IN SHARE ROW EXCLUSIVE MODE")
            var staging = files.contains { $0.stream != nil } ? try PostGISPlaceStaging(self) : nil
            var streamed = StreamedPlaces()
            let read = try streamed.read(files, store: self, strict: strictTimezones, skipInvalid: skipInvalid) { try staging?.stage($0, $1) }
            var plan = try ImportPlan(read, skipInvalid: skipInvalid)
            try streamed.refuseZones(skipInvalid: skipInvalid, notes: plan.summary.notes)
            plan.summary.absorb(streamed.summary)
            plan.keepOtherLanguages(try plan.snapshotSources.flatMap(storedPlaces))
            try plan.assignZones(try zoneIndex(around: plan.zonePositions), strict: strictTimezones, skipInvalid: skipInvalid)
            try plan.checkProgrammes(skipInvalid: skipInvalid)
            try plan.replace(replacingSources, allowShrink: allowShrink) { try deleteRows(of: $0, keeping: $1) }
            var ids: [FeatureKind: RowIDs] = [:]
            for kind in FeatureKind.allCases {
                ids[kind] = try RowIDs(self, kind.rawValue, keys: plan.records.compactMap { $0.value.kind == kind ? $0.value.sourceKey : nil })
            }
            var tables: [String: CopyRows] = [:]
            func add(_ table: String, _ fields: [String?]) { tables[table, default: CopyRows()].add(fields) }
            var programmeDays: (cinemas: [Int64], days: [String], starts: [String], ends: [String]) = ([], [], [], [])
            // Trips are written once the waters are stored: a trip names its water, maybe one of this import.
            for (_, _, value, stored) in plan.records where value.kind != .trip {
                let id = stored ?? ids[value.kind]!.id(for: value.sourceKey)
                switch value {
                case let .place(p):
                    add("poi", [String(id)] + Self.placeFields(p))
                    for word in Self.placeWords(p) { add("search_word", [String(FeatureKind.poi.number), String(id)] + word) }
                case let .water(w):
                    add("water", [String(id), w.name, w.waterKind, w.district, w.organisation, w.timezone, w.source, w.sourceID,
                                  CopyRows.geometry(w.geometry), AlternateNames.text(w.alternateNames)])
                case let .cinema(c):
                    // Without a zone of its own or from polygons, a cinema's days are UTC days.
                    let zone = c.timezone ?? "UTC"
                    add("cinema", [String(id), c.name, c.address, c.website, zone, c.source, c.sourceID, CopyRows.geometry(c.location.map(Geometry.point)),
                                    AlternateNames.text(c.alternateNames)])
                    let programme = try ProgrammeDays(c, zone: zone)
                    for (day, start, end) in programme.replaced {
                        programmeDays.cinemas.append(id)
                        programmeDays.days.append(day)
                        programmeDays.starts.append(start)
                        programmeDays.ends.append(end)
                    }
                    for (s, day) in zip(c.screenings, programme.ofScreenings) {
                        add("screening", [String(id), s.title, UTC.format(s.start), zone, s.minutes.map(String.init), s.rating, s.version, day.description])
                    }
                case .trip:
                    continue
                }
                plan.summary.inserted[value.kind, default: 0] += 1
            }
            try store("water", Self.columns["water"]!, tables["water"], updating: ids[.water]!)
            try plan.linkWaters(try storedWaters(plan.waterReferences), skipInvalid: skipInvalid)
            for (_, _, value, stored) in plan.records {
                guard case let .trip(t) = value else { continue }
                let id = stored ?? ids[.trip]!.id(for: value.sourceKey)
                plan.summary.inserted[.trip, default: 0] += 1
                let water = t.waterID
                add("trip", [String(id), t.name, t.start.map(UTC.format), t.end.map(UTC.format), t.notes, t.weather, water.map(String.init),
                             t.timezone, t.source, t.sourceID, CopyRows.geometry((t.spot ?? t.track?.first).map(Geometry.point)),
                             CopyRows.geometry(t.track.map(Geometry.lineString))])
                for c in t.catches {
                    add("catch", [String(id), c.species, c.lengthCm.map { "\($0)" }, c.weightKg.map { "\($0)" }, c.time.map(UTC.format), c.bait,
                                  CopyRows.geometry(c.location.map(Geometry.point))])
                }
            }
            // A place's words are written with it (`placeWords`), not by the trigger.
            try withoutPlaceWordTrigger { try store("poi", Self.columns["poi"]!, tables["poi"], updating: ids[.poi]!) }
            if !ids[.poi]!.updated.isEmpty {
                var updated = PostgresBindings()
                updated.append(ids[.poi]!.updated)
                try execute("DELETE FROM search_word WHERE kind = \(FeatureKind.poi.number) AND id = ANY($1)", updated)
            }
            if let words = tables["search_word"] { try copy("search_word", Self.wordColumns, words) }
            for table in ["cinema", "trip"] {
                try store(table, Self.columns[table]!, tables[table], updating: ids[FeatureKind(rawValue: table)!]!)
            }
            if streamed.staged > 0 { try staging?.move(into: &plan.summary) }
            // A cinema imported again brings the days its file is about anew (other days stay), a
            // trip its whole catch list. Rows written before days were kept (NULL) are of their own local day.
            var binds = PostgresBindings()
            binds.append(programmeDays.cinemas)
            binds.append(programmeDays.days)
            binds.append(programmeDays.starts)
            binds.append(programmeDays.ends)
            try execute("""
                DELETE FROM screening AS s USING unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS d(cinema, day, start_utc, end_utc)
                WHERE s.cinema_id = d.cinema
                AND (s.day = d.day OR s.day IS NULL AND s.start_utc >= d.start_utc AND s.start_utc < d.end_utc)
                """, binds)
            binds = PostgresBindings()
            binds.append(ids[.trip]!.updated)
            try execute("DELETE FROM catch WHERE trip_id = ANY($1)", binds)
            for table in ["screening", "catch"] { if let rows = tables[table] { try copy(table, Self.columns[table]!, rows) } }
            try regroupWaters()
            try execute("UPDATE waymark_schema SET data_version = data_version + 1")
            // Fresh statistics after a large import, so that the planner knows the indexes pay.
            var large = Set(tables.filter { $0.value.count >= 1_000 }.keys)
            if streamed.staged >= 1_000 { large.formUnion(["poi", "search_word"]) }
            for table in large.sorted() { try execute("ANALYZE \(table)") }
            return plan.summary
        }
    }

    /// The values of a place's columns of `poi` after its id (`PostGISPlaceStaging.columns`).
    static func placeFields(_ p: PlaceRecord) -> [String?] {
        [p.category, p.name, JSON.text(p.names), p.description, JSON.text(p.descriptions), p.address, p.phone, p.mobilePhone, p.email,
         p.website, JSON.text(p.images), p.timezone, p.source, p.sourceID, CopyRows.geometry(p.location.map(Geometry.point)),
         p.population.map(String.init), AlternateNames.text(p.alternateNames)]
    }

    /// The stored places of `source`, in id order.
    private func storedPlaces(of source: String) throws -> [PlaceRecord] {
        var binds = PostgresBindings()
        binds.append(source)
        return try rows(Export.placesOfSource, binds).compactMap { row in
            if case let .place(p)? = try Export.record(.poi, row: row, children: [:])?.record { p } else { nil }
        }
    }

    /// The stored waters whose source id or name is one of `references`.
    private func storedWaters(_ references: [String]) throws -> [StoredWater] {
        guard !references.isEmpty else { return [] }
        var binds = PostgresBindings()
        binds.append(references)
        return try rows("SELECT id, source_id, name, ST_AsBinary(geom) FROM water WHERE source_id = ANY($1) OR name = ANY($1)", binds)
            .compactMap { row in
                guard let geometry = try row.geometry(3) else { return nil }
                return StoredWater(id: try row[0].decode(Int64.self), sourceID: try row.string(1), name: try row.string(2), geometry: geometry)
            }
    }

    static let columns = [
        "poi": ["id", "category", "name", "names", "description", "descriptions", "address", "phone", "mobile_phone", "email", "website",
                "images", "timezone", "source", "source_id", "geom", "population", "alt_names"],
        "water": ["id", "name", "kind", "district", "organisation", "timezone", "source", "source_id", "geom", "alt_names"],
        "cinema": ["id", "name", "address", "website", "timezone", "source", "source_id", "geom", "alt_names"],
        "screening": ["cinema_id", "title", "start_utc", "timezone", "minutes", "rating", "version", "day"],
        "trip": ["id", "name", "start_utc", "end_utc", "notes", "weather", "water_id", "timezone", "source", "source_id", "spot", "track"],
        "catch": ["trip_id", "species", "length_cm", "weight_kg", "time_utc", "bait", "geom"],
    ]

    /// Rows of a table with an id: copied straight in when all are new; otherwise through a
    /// temporary table, from which new rows are inserted and known ones updated in place (a
    /// delete and insert would unlink the trips on a water, by ON DELETE SET NULL).
    private func store(_ table: String, _ columns: [String], _ rows: CopyRows?, updating ids: RowIDs) throws {
        guard let rows else { return }
        guard !ids.updated.isEmpty else {
            // Into an empty table, a large import builds the spatial indexes once after the rows.
            try withIndexesBuiltAfter(ids.wasEmpty && rows.count >= Self.bulkRows ? BulkIndex.spatial(table) : []) { try copy(table, columns, rows) }
            return
        }
        let staging = "staging_\(table)"
        try execute("CREATE TEMPORARY TABLE \(staging) (LIKE \(table) INCLUDING DEFAULTS) ON COMMIT DROP")
        try copy(staging, columns, rows)
        let list = columns.joined(separator: ", ")
        try execute("""
            INSERT INTO \(table) (\(list)) SELECT \(list) FROM \(staging) ORDER BY id
            ON CONFLICT (id) DO UPDATE SET \(columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """)
    }

    func copy(_ table: String, _ columns: [String], _ rows: CopyRows) throws {
        let connection = connection, logger = logger, data = rows.bytes
        try blocking {
            try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                // In pieces of a megabyte, so that the driver never holds a second copy of it all.
                var start = 0
                while start < data.count {
                    let end = min(start + (1 << 20), data.count)
                    try await writer.write(ByteBuffer(bytes: data[start..<end]))
                    start = end
                }
            }
        }
    }
}

/// The ids of one table's records in an import: the row's own for a known source id, else the next.
struct RowIDs {
    private var next: Int64
    private let known: [SourceKey: Int64]
    /// Whether the table had no rows when the import began.
    let wasEmpty: Bool
    /// Ids of rows that the import updates.
    private(set) var updated: [Int64] = []

    init(_ store: PostGISStore, _ table: String, keys: [SourceKey]) throws {
        next = try store.rows("SELECT coalesce(max(id), 0) + 1 FROM \(table)").first?[0].decode(Int64.self) ?? 1
        wasEmpty = next == 1
        var known: [SourceKey: Int64] = [:]
        // Into an empty table nothing is known: no need to send the keys (every row has one now).
        if !keys.isEmpty, !wasEmpty {
            var binds = PostgresBindings()
            binds.append(keys.map(\.source))
            binds.append(keys.map(\.id))
            for row in try store.rows("""
                SELECT t.source, t.source_id, t.id FROM unnest($1::text[], $2::text[]) AS k(source, source_id)
                JOIN \(table) AS t ON t.source = k.source AND t.source_id = k.source_id
                """, binds) {
                known[SourceKey(kind: keys[0].kind, source: try row[0].decode(String.self), id: try row[1].decode(String.self))] = try row[2].decode(Int64.self)
            }
        }
        self.known = known
    }

    mutating func id(for key: SourceKey?) -> Int64 {
        if let key, let id = known[key] {
            updated.append(id)
            return id
        }
        defer { next += 1 }
        return next
    }
}

/// Rows in COPY's text format: fields separated by tabs, `\N` for NULL, backslash escapes.
struct CopyRows {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func add(_ fields: [String?]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: "\t")) }
            guard var field else {
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
                continue
            }
            // The runs between bytes to escape are appended whole (most fields have none).
            field.withUTF8 { text in
                var start = 0
                for (i, byte) in text.enumerated() {
                    let escaped: UInt8
                    switch byte {
                    case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                    case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                    case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                    case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                    default: continue
                    }
                    bytes.append(contentsOf: text[start..<i])
                    bytes += [UInt8(ascii: "\\"), escaped]
                    start = i + 1
                }
                bytes.append(contentsOf: text[start...])
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        count += 1
    }

    /// A geography's input text: hex WKB (EPSG:4326 is geography's default). A geometry column
    /// has no default: with `srid` it is hex EWKB, WKB with the SRID after the type (its flag set).
    static func geometry(_ geometry: Geometry?, srid: UInt32? = nil) -> String? {
        guard let geometry else { return nil }
        var bytes = WKB.encode(geometry)
        if let srid {
            // Little endian, as WKB.encode writes it: the type's last byte holds the flag.
            bytes[4] |= 0x20
            bytes.insert(contentsOf: withUnsafeBytes(of: srid.littleEndian, Array.init), at: 5)
        }
        return String(unsafeUninitializedCapacity: bytes.count * 2) { hex in
            let digits: StaticString = "0123456789abcdef"
            for (i, byte) in bytes.enumerated() {
                hex[2 * i] = digits.utf8Start[Int(byte >> 4)]
                hex[2 * i + 1] = digits.utf8Start[Int(byte & 15)]
            }
            return bytes.count * 2
        }
    }
}

extension PostGISStore {
    /// The rows come in one answer (postgres-nio's rows are read whole here); the records are made one at a time.
    public func exportRecords(_ kind: FeatureKind, _ body: (Int64, ImportRecord) throws -> Void) throws {
        guard let sql = Export.sql.first(where: { $0.kind == kind }) else { return }
        let children = try Export.children(try sql.children.map { try self.rows($0) } ?? [])
        for row in try rows(sql.rows) {
            if let (id, record) = try Export.record(kind, row: row, children: children) { try body(id, record) }
        }
    }
}

extension Row: ExportRow {
    func string(_ column: Int) throws -> String? { try self[column].decode(String?.self) }
    func double(_ column: Int) throws -> Double? { try self[column].decode(Double?.self) }
    func integer(_ column: Int) throws -> Int64? { try self[column].decode(Int64?.self) }
    func geometry(_ column: Int) throws -> Geometry? {
        try self[column].decode(ByteBuffer?.self).map { try $0.withUnsafeReadableBytes(WKB.decode) }
    }
}
