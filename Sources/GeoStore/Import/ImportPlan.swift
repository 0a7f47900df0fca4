import GeoCore

/// What an import stores and in which order, the same for every store: nothing when a record is
/// invalid (unless `skipInvalid`), one record per source id (the last wins, as it would by updating
/// the first), waters first (so that trips in the same import can name them), then along a Hilbert
/// curve, so that rows near each other on the map get near ids and share pages on disk (a query's
/// rows are then read from a few pages rather than from all over the table).
package struct ImportPlan: Sendable {
    package var summary: ImportSummary
    /// With the row id to keep, for records of an export.
    package var records: [(file: String, record: String, value: ImportRecord, id: Int64?)]
    /// The sources of snapshot files' records (the travel guide's feed), with the languages the files give.
    package var snapshotLanguages: [String: Set<String>] = [:]
    /// Stored records a replacement keeps though the import does not hold them (`keepOtherLanguages`).
    var keptStored: [SourceKey] = []

    package init(_ files: [ParsedFile], skipInvalid: Bool) throws {
        let listed = Array(files.lazy.flatMap(\.problems).prefix(ParsedFile.problemLimit))
        let omitted = files.reduce(0) { $0 + $1.problemCount } - listed.count
        let notes = files.flatMap { file in file.notes.map { "\(file.file): \($0)" } }
        if !listed.isEmpty, !skipInvalid { throw ImportFailure(problems: listed, omitted: omitted, notes: notes) }
        summary = ImportSummary(skipped: listed, omittedSkipped: omitted)
        summary.notes = notes
        let warnings = files.flatMap(\.warnings)
        summary.fileWarnings = Array(warnings.prefix(ParsedFile.problemLimit))
        summary.omittedFileWarnings = warnings.count - summary.fileWarnings.count
        for file in files {
            guard let languages = file.snapshotLanguages else { continue }
            for source in Set(file.records.compactMap(\.value.source)) { snapshotLanguages[source, default: []].formUnion(languages) }
        }
        let all = files.flatMap { file in
            file.records.enumerated().map { i, r in (file: file.file, record: r.record, value: r.value, id: file.storedIDs?[i]) }
        }
        var last: [SourceKey: Int] = [:]
        for (i, r) in all.enumerated() { if let key = r.value.sourceKey { last[key] = i } }
        records = all.indices
            .filter { i in all[i].value.sourceKey.map { last[$0] == i } ?? true }
            .map { i in (key: (all[i].value.kind == .water ? 0 : 1, all[i].value.position.map(HilbertCurve.index) ?? .max, i), index: i) }
            .sorted { $0.key < $1.key }
            .map { all[$0.index] }
    }

    /// A batch of a streamed file's places, in the file's order, for `assignZones` alone: its
    /// store orders them and keeps the last of an id (`StreamedPlaces`).
    package init(batch: ParsedFile) {
        summary = ImportSummary()
        records = batch.records.map { (file: batch.file, record: $0.record, value: $0.value, id: nil) }
    }

    /// For `--replace-source`: deletes, with `delete`, each source's stored rows that the import
    /// does not hold (`keptIDs(of:)`), inside the store's transaction. A source that would lose
    /// more records than the import stores of it is refused (`ShrinkRefused`) unless `allowShrink`:
    /// an empty file, or one that ended early, must not empty its source; a new version that drops
    /// some of its records keeps at least as many as it drops.
    package mutating func replace(_ sources: Set<String>, allowShrink: Bool,
                                  delete: (_ source: String, _ kept: [FeatureKind: [String]]) throws -> DeletedCounts) throws {
        for source in sources.sorted() {
            let kept = try keptIDs(of: source)
            let deleted = try delete(source, kept)
            // What the files hold, not the stored rows kept beside them (`keptStored`): a cut-short
            // file must not pass for a whole one by the other language's objects.
            let stored = records.count { $0.value.sourceKey?.source == source }, removed = deleted.values.reduce(0, +)
            if !allowShrink, stored < removed {
                throw ShrinkRefused(what: "source '\(source)'", records: "record(s)", stored: stored, removed: removed)
            }
            summary.deletedBySource[source] = deleted
        }
    }

    /// The source ids of the import's records of `source`, by kind; the source's other rows go.
    /// Refused when a record was skipped as invalid: it is in no plan, so its stored row would go
    /// as if the file no longer held it.
    private func keptIDs(of source: String) throws(GeoError) -> [FeatureKind: [String]] {
        guard summary.skippedCount == 0 else {
            // A snapshot (the feed) is replaced unless told otherwise.
            let instead: Reason = snapshotLanguages[source] == nil ? "import without \(Field.replaceSource)" : "import with \(Field.keepMissing), which deletes nothing"
            throw .invalid(field: snapshotLanguages[source] == nil ? .replaceSource : .keepMissing, reason: "\(summary.skippedCount) record(s) were skipped as invalid, and their stored rows "
                           + "would be deleted with those the files no longer hold; nothing was imported: fix them, or " + instead)
        }
        var kept: [FeatureKind: [String]] = [:]
        for key in records.compactMap(\.value.sourceKey) + keptStored where key.source == source { kept[key.kind, default: []].append(key.id) }
        return kept
    }

    /// The records at `refused` (sorted), invalid for `problems` (and `omitted` more not listed):
    /// with `skipInvalid` left out and listed as skipped, else the import refused with them.
    mutating func refuse(_ refused: [Int], problems: [ImportProblem], omitted: Int, skipInvalid: Bool) throws {
        guard !refused.isEmpty else { return }
        guard skipInvalid else { throw ImportFailure(problems: problems, omitted: omitted, notes: summary.notes) }
        let room = max(0, ParsedFile.problemLimit - summary.skipped.count)
        summary.skipped += problems.prefix(room)
        summary.omittedSkipped += omitted + max(0, problems.count - room)
        for i in refused.reversed() { records.remove(at: i) }
    }
}
