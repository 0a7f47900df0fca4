import GeoCore
import GeoStore

/// An import into SpatiaLite: `ImportPlan`'s records and the streamed files' places
/// (`PlaceStaging`) in one transaction, with `BulkLoad`.
extension SpatiaLiteStore {
    public func importFiles(_ files: [ParsedFile], skipInvalid: Bool, strictTimezones: Bool,
                            replacingSources: Set<String>, allowShrink: Bool) throws -> ImportSummary {
        // A replacement keeps the ids the files hold, and places of files read whole beside
        // streamed ones keep the files' order (the last of an id wins): both read every file whole.
        let mixed = files.contains { $0.stream != nil } && files.contains { $0.stream == nil && $0.records.contains { $0.value.kind == .poi } }
        let files = replacingSources.isEmpty && !mixed ? files : try files.map { try $0.materialized() }
        defer {
            poiCategories.invalidate()
            emptyKinds = nil
            sourceNames = nil
        }
        // The page cache bounded (SQLite writes pages out as it fills; a sort takes as much again)
        // and no memory map, so that an import's memory does not grow with its files; the staged
        // places are written once and read once, and need little cache.
        try db.execute("PRAGMA cache_size = -32768; PRAGMA temp.cache_size = -8192; PRAGMA mmap_size = 0")
        defer { try? db.execute(memory.pragmas) }
        // Another import writing meanwhile: this one waits its turn (`waitingForTheWriteLock`).
        let summary = try db.waitingForTheWriteLock { try db.transaction {
            let staging = try PlaceStaging(db)
            var streamed = StreamedPlaces()
            let read = try streamed.read(files, store: self, strict: strictTimezones, skipInvalid: skipInvalid, stage: staging.stage)
            var plan = try ImportPlan(read, skipInvalid: skipInvalid)
            try streamed.refuseZones(skipInvalid: skipInvalid, notes: plan.summary.notes)
            plan.summary.absorb(streamed.summary)
            plan.keepOtherLanguages(try plan.snapshotSources.flatMap(storedPlaces))
            try plan.assignZones(try zoneIndex(around: plan.zonePositions), strict: strictTimezones, skipInvalid: skipInvalid)
            try plan.checkProgrammes(skipInvalid: skipInvalid)
            try plan.replace(replacingSources, allowShrink: allowShrink) { try deleteRows(of: $0, keeping: $1) }
            var bulk = try BulkLoad(db)
            func insert(_ records: ArraySlice<(file: String, record: String, value: ImportRecord, id: Int64?)>) throws {
                for (file, record, value, id) in records {
                    do {
                        try self.insert(value, id: id, bulk: bulk)
                    } catch {
                        // A record the database refuses aborts the whole import: nothing half-written.
                        throw ImportFailure(problems: [ImportProblem(file: file, record: record, reason: "\(error)")], notes: plan.summary.notes)
                    }
                    plan.summary.inserted[value.kind, default: 0] += 1
                }
            }
            // The waters come first (`ImportPlan`): stored before the trips look theirs up.
            let waters = plan.records.prefix { $0.value.kind == .water }
            try insert(waters)
            try plan.linkWaters(try storedWaters(plan.waterReferences), skipInvalid: skipInvalid)
            try insert(plan.records.dropFirst(waters.count))
            if streamed.staged > 0 { try staging.move(&bulk, into: &plan.summary) }
            try bulk.finish()
            try regroupWaters()
            return plan.summary
        } }
        TestHook.pauseAfterCommit()
        return summary
    }

    private func insert(_ record: ImportRecord, id: Int64?, bulk: BulkLoad) throws {
        switch record {
        case let .place(p):
            _ = try upsert("poi", bulk, PlaceStaging.columns, geometry: "geom", PlaceStaging.values(p),
                           GeometryValue.point(p.location), source: p.source, sourceID: p.sourceID, id: id)
        case let .water(w):
            _ = try upsert("water", bulk, ["name", "kind", "district", "organisation", "timezone", "alt_names"], geometry: "geom",
                           [w.name, w.waterKind, w.district, w.organisation, w.timezone, AlternateNames.text(w.alternateNames)], GeometryValue.wkb(w.geometry),
                           source: w.source, sourceID: w.sourceID, id: id)
        case let .cinema(c):
            // Without a zone of its own or from polygons, a cinema's days are UTC days.
            let zone = c.timezone ?? "UTC"
            let cinema = try upsert("cinema", bulk, ["name", "address", "website", "timezone", "alt_names"], geometry: "geom",
                                    [c.name, c.address, c.website, zone, AlternateNames.text(c.alternateNames)], GeometryValue.point(c.location),
                                    source: c.source, sourceID: c.sourceID, id: id)
            // A cinema imported again brings the days its file is about anew, each screening kept
            // with its day; other days stay. Rows written before days were kept (NULL) are of their own local day.
            let programme = try ProgrammeDays(c, zone: zone)
            for (day, start, end) in programme.replaced {
                try cached("DELETE FROM screening WHERE cinema_id = ?1 AND (day = ?2 OR day IS NULL AND start_utc >= ?3 AND start_utc < ?4)")
                    .run([cinema, day, start, end])
            }
            let screening = try cached("""
                INSERT INTO screening (cinema_id, title, start_utc, timezone, minutes, rating, version, day)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (s, day) in zip(c.screenings, programme.ofScreenings) {
                try screening.run([cinema, s.title, UTC.format(s.start), zone, s.minutes, s.rating, s.version, day.description])
            }
        case let .trip(t):
            let water = t.waterID
            let trip = try upsert("trip", bulk, ["name", "start_utc", "end_utc", "notes", "weather", "water_id", "timezone",
                                           "track"], geometry: "spot",
                                  [t.name, t.start.map(UTC.format), t.end.map(UTC.format), t.notes, t.weather, water, t.timezone,
                                   GeometryValue.wkb(t.track.map { .lineString($0) })],
                                  GeometryValue.point(t.spot ?? t.track?.first), source: t.source, sourceID: t.sourceID, id: id)
            try cached("DELETE FROM catch WHERE trip_id = ?").run([trip])
            let insertCatch = try cached("""
                INSERT INTO catch (trip_id, species, length_cm, weight_kg, time_utc, bait, geom)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for c in t.catches {
                try insertCatch.run([trip, c.species, c.lengthCm, c.weightKg, c.time.map(UTC.format), c.bait,
                                     GeometryValue.point(c.location)])
            }
        }
    }

    /// The stored waters whose source id or name is one of `references`.
    private func storedWaters(_ references: [String]) throws -> [StoredWater] {
        guard !references.isEmpty else { return [] }
        let statement = try cached("""
            SELECT id, source_id, name, ST_AsBinary(geom) FROM water
            WHERE source_id IN (SELECT value FROM json_each(?1)) OR name IN (SELECT value FROM json_each(?1))
            """)
        try statement.bind([JSON.text(references)])
        var waters: [StoredWater] = []
        while try statement.step() {
            guard let bytes = statement.blob(3), let geometry = try? WKB.decode(bytes) else { continue }
            waters.append(StoredWater(id: statement.int(0), sourceID: statement.string(1), name: statement.string(2), geometry: geometry))
        }
        return waters
    }

    /// Inserts a row, or updates the row with the same source and source id; returns its id.
    /// Into a table that was empty when the import began there is nothing to update, and a plain
    /// insert is enough. A record of an export keeps its `id`.
    private func upsert(_ table: String, _ bulk: BulkLoad, _ columns: [String], geometry: String, _ values: [any Bindable],
                        _ shape: GeometryValue, source: String?, sourceID: String?, id: Int64?) throws -> Int64 {
        let fresh = bulk.isFresh(table)
        let statement = try cached("\(fresh ? "insert" : "upsert") \(table)\(id == nil ? "" : " with id")", {
            let all = columns + [geometry, "source", "source_id"] + (id == nil ? [] : ["id"])
            let placeholders = (values + [shape]).map { ($0 as? GeometryValue)?.placeholder ?? "?" } + ["?", "?"] + (id == nil ? [] : ["?"])
            let update = "ON CONFLICT (source, source_id) DO UPDATE SET " + all.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            return "INSERT INTO \(table) (\(all.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", "))) \(fresh ? "" : update) RETURNING id"
        }())
        try statement.bind(values + [shape, source, sourceID] + (id.map { [$0] } ?? []))
        guard try statement.step() else { throw DatabaseError(description: "\(table): the row was not stored") }
        let id = statement.int(0)
        while try statement.step() {}
        return id
    }
}
