import GeoCore

/// The reading of an import's streamed files (`ParsedFile.stream`), the same for every store,
/// inside the import's transaction: each batch's places get their zones (as `assignZones` gives
/// them) and go to `stage` a batch at a time, never all in memory; the files' other records (few:
/// waters, cinemas, trips) and every problem, note and warning stay in the files handed back, for
/// `ImportPlan` to take as it takes any file's. A record with the same source and id as one
/// staged before it replaces it: the store keeps the last one it staged. Each file is read a
/// batch ahead on a thread of its own (`RecordStream.readingAhead`), so that parsing and storing
/// take a core each.
package struct StreamedPlaces {
    /// The zone part of the summary: zones given, warnings, records refused for their zone.
    package private(set) var summary = ImportSummary()
    /// How many places were staged.
    package private(set) var staged = 0
    private var zones = ZoneReach()

    package init() {}

    /// `files` with their streams read: `stage` gets each batch's places, in the file's order.
    /// Once a record is invalid and `skipInvalid` is false nothing more is staged (the import will
    /// be refused), but the files are read to the end to count their problems.
    package mutating func read(_ files: [ParsedFile], store: any ZoneStore, strict: Bool, skipInvalid: Bool,
                               stage: ([(file: String, record: String, value: ImportRecord, id: Int64?)]) throws -> Void) throws -> [ParsedFile] {
        var read: [ParsedFile] = []
        var refused = false
        for file in files {
            guard let stream = file.stream else {
                read.append(file)
                continue
            }
            var rest = file
            rest.stream = nil
            try stream.readingAhead { batch, _ in
                rest.absorb(batch, records: false)
                refused = refused || (!skipInvalid && rest.problemCount > 0)
                var places = ParsedFile(file: batch.file)
                for record in batch.records {
                    if record.value.kind == .poi { places.records.append(record) } else { rest.records.append(record) }
                }
                guard !refused, !places.records.isEmpty else { return }
                var plan = ImportPlan(batch: places)
                // A place refused for its zone is listed, never thrown here: the files' other
                // problems come first (`refuseZones`).
                try plan.assignZones(try zones.index(for: plan.zonePositions, in: store), strict: strict, skipInvalid: true)
                summary.absorb(plan.summary)
                refused = !skipInvalid && summary.skippedCount > 0
                guard !refused else { return }
                staged += plan.records.count
                try stage(plan.records)
            }
            read.append(rest)
        }
        return read
    }
}

extension StreamedPlaces {
    /// After the files' problems (`ImportPlan`): places refused for their zone
    /// (`--strict-timezones`) refuse the import unless `skipInvalid`.
    package func refuseZones(skipInvalid: Bool) throws {
        guard !skipInvalid, summary.skippedCount > 0 else { return }
        throw ImportFailure(problems: summary.skipped, omitted: summary.omittedSkipped)
    }
}

/// The zone index a stream's batches share: built around the first batch's positions, and again
/// around everything seen so far only when a batch reaches beyond (a file's places usually lie
/// in one region, so the polygons are read once or twice rather than per batch).
private struct ZoneReach {
    private var covered: BoundingBox?
    private var index: ZoneIndex?

    mutating func index(for positions: [Coordinate], in store: any ZoneStore) throws -> ZoneIndex? {
        guard let first = positions.first else { return index }
        var box = BoundingBox(minLon: first.lon, minLat: first.lat, maxLon: first.lon, maxLat: first.lat)
        for p in positions.dropFirst() {
            box = BoundingBox(minLon: min(box.minLon, p.lon), minLat: min(box.minLat, p.lat), maxLon: max(box.maxLon, p.lon), maxLat: max(box.maxLat, p.lat))
        }
        if let covered, covered.minLon <= box.minLon, covered.minLat <= box.minLat, covered.maxLon >= box.maxLon, covered.maxLat >= box.maxLat {
            return index
        }
        if let covered {
            box = BoundingBox(minLon: min(box.minLon, covered.minLon), minLat: min(box.minLat, covered.minLat),
                              maxLon: max(box.maxLon, covered.maxLon), maxLat: max(box.maxLat, covered.maxLat))
        }
        covered = box
        index = try store.zoneIndex(around: [Coordinate(lat: box.minLat, lon: box.minLon), Coordinate(lat: box.maxLat, lon: box.maxLon)])
        return index
    }
}
