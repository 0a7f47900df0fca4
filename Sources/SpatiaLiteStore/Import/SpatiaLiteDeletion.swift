import CSpatiaLite
import GeoCore
import GeoStore

/// Deleting records from SpatiaLite: `waymark delete` and an import's `--replace-source`. The
/// spatial indexes follow by SpatiaLite's triggers, screenings and catches by ON DELETE CASCADE,
/// and a trip on a deleted water keeps no water (ON DELETE SET NULL).
extension SpatiaLiteStore {
    public func delete(_ deletion: Deletion) throws -> DeletedCounts {
        defer {
            poiCategories.invalidate()
            emptyKinds = nil
            sourceNames = nil
        }
        // An import writing meanwhile: the deletion waits its turn, as another import would.
        return try db.waitingForTheWriteLock { try db.transaction {
            let counts = try deleteTargets(deletion)
            try regroupWaters()
            return counts
        } }
    }

    private func deleteTargets(_ deletion: Deletion) throws -> DeletedCounts {
        guard let ids = try targets(of: deletion) else {
            guard case let .sources(sources) = deletion else { return [:] }
            return try sources.names.sorted().reduce(into: DeletedCounts()) { counts, source in
                counts.merge(try deleteRows(of: source, keeping: [:]), uniquingKeysWith: +)
            }
        }
        var counts = DeletedCounts()
        for id in ids {
            try cached("DELETE FROM \(id.kind.rawValue) WHERE id = ?").run([id.row])
            counts[id.kind, default: 0] += Int(sqlite3_changes(db.handle))
        }
        return counts
    }

    /// Deletes the rows of `source` whose source ids `kept` does not list, in every kind's table.
    func deleteRows(of source: String, keeping kept: [FeatureKind: [String]]) throws -> DeletedCounts {
        var counts = DeletedCounts()
        for kind in FeatureKind.allCases {
            try cached("""
                DELETE FROM \(kind.rawValue) WHERE source = ?
                AND (source_id IS NULL OR source_id NOT IN (SELECT value FROM json_each(?)))
                """).run([source, JSON.text(kept[kind] ?? [])])
            let deleted = Int(sqlite3_changes(db.handle))
            if deleted > 0 { counts[kind] = deleted }
        }
        return counts
    }
}
