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
    /// The zone part of the summary: warnings, records refused for their zone. The places given a
    /// zone, or left without one, are counted by the store once it has kept the last of each id
    /// (`ZoneNote`).
    package private(set) var summary = ImportSummary()
    /// How many places were staged.
    package private(set) var staged = 0

    package init() {}

    /// `files` with their streams read: `stage` gets each batch's places, in the file's order.
    /// Once a record is invalid and `skipInvalid` is false nothing more is staged (the import will
    /// be refused), but the files are read to the end to count their problems. The places get
    /// their zones on the reader's thread, from one index of every stored zone polygon.
    package mutating func read(_ files: [ParsedFile], store: any ZoneStore, strict: Bool, skipInvalid: Bool,
                               stage: ([(file: String, record: String, value: ImportRecord, id: Int64?)], [ZoneNote]) throws -> Void) throws -> [ParsedFile] {
        guard files.contains(where: { $0.stream != nil }) else { return files }
        let zones = try store.worldZoneIndex()
        var read: [ParsedFile] = []
        var refused = false
        for file in files {
            guard let stream = file.stream else {
                read.append(file)
                continue
            }
            var rest = file
            rest.stream = nil
            try stream.readingAhead(preparing: { batch in
                var places = ParsedFile(file: batch.file), others = batch
                others.records = []
                for record in batch.records {
                    if record.value.kind == .poi { places.records.append(record) } else { others.records.append(record) }
                }
                var plan = ImportPlan(batch: places)
                // The places that will get the zone of their position, or none: counted once stored
                // (a later record of one id replaces an earlier), not here.
                let zoneless = Set(plan.records.filter { $0.value.zonePosition != nil && $0.value.timezone == nil }.map(\.record))
                // A place refused for its zone is listed, never thrown here: the files' other
                // problems come first (`refuseZones`).
                try plan.assignZones(zones, strict: strict, skipInvalid: true)
                let notes = plan.records.map { zoneless.contains($0.record) ? (zones == nil ? ZoneNote.missing : .assigned) : .none }
                (plan.summary.zonesAssigned, plan.summary.zonesMissing) = (0, 0)
                return (others, plan, notes)
            }) { prepared, _ in
                let (others, plan, notes) = prepared
                rest.absorb(others, records: true)
                refused = refused || (!skipInvalid && rest.problemCount > 0)
                guard !refused else { return }
                summary.absorb(plan.summary)
                refused = !skipInvalid && summary.skippedCount > 0
                guard !refused, !plan.records.isEmpty else { return }
                staged += plan.records.count
                try stage(plan.records, notes)
            }
            read.append(rest)
        }
        return read
    }
}

/// What the import did about a staged place's zone, for the summary's counts of the places stored.
package enum ZoneNote: Int, Sendable {
    /// It had one, given or refused.
    case none = 0
    /// It got the zone of its position.
    case assigned = 1
    /// It has none: the store holds no zone polygons.
    case missing = 2
}

extension StreamedPlaces {
    /// After the files' problems (`ImportPlan`): places refused for their zone
    /// (`--strict-timezones`) refuse the import unless `skipInvalid`, saying the files' `notes`.
    package func refuseZones(skipInvalid: Bool, notes: [String]) throws {
        guard !skipInvalid, summary.skippedCount > 0 else { return }
        throw ImportFailure(problems: summary.skipped, omitted: summary.omittedSkipped, notes: notes)
    }
}
