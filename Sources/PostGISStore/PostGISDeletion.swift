import GeoCore
import GeoStore
import PostgresNIO

/// Deleting records from PostGIS, as from SpatiaLite: `waymark delete` and an import's
/// `--replace-source`; screenings and catches go by ON DELETE CASCADE, a trip's water by SET NULL.
extension PostGISStore {
    public func delete(_ deletion: Deletion) throws -> DeletedCounts {
        try transaction {
            // As an import: one writer at a time, and ids it is about to hand out stay free.
            try execute("LOCK TABLE poi, water, cinema, trip IN SHARE ROW EXCLUSIVE MODE")
            var counts = DeletedCounts()
            if let ids = try targets(of: deletion) {
                for kind in FeatureKind.allCases {
                    let rows = ids.filter { $0.kind == kind }.map(\.row)
                    guard !rows.isEmpty else { continue }
                    var binds = PostgresBindings()
                    binds.append(rows)
                    counts[kind] = try self.rows("DELETE FROM \(kind.rawValue) WHERE id = ANY($1) RETURNING id", binds).count
                }
            } else if case let .sources(sources) = deletion {
                for source in sources.names.sorted() {
                    counts.merge(try deleteRows(of: source, keeping: [:]), uniquingKeysWith: +)
                }
            }
            try regroupWaters()
            try execute("UPDATE waymark_schema SET data_version = data_version + 1")
            return counts
        }
    }

    /// Deletes the rows of `source` whose source ids `kept` does not list, in every kind's table.
    func deleteRows(of source: String, keeping kept: [FeatureKind: [String]]) throws -> DeletedCounts {
        var counts = DeletedCounts()
        for kind in FeatureKind.allCases {
            var binds = PostgresBindings()
            binds.append(source)
            binds.append(kept[kind] ?? [])
            let deleted = try rows("""
                DELETE FROM \(kind.rawValue) WHERE source = $1 AND (source_id IS NULL OR NOT (source_id = ANY($2::text[])))
                RETURNING id
                """, binds).count
            if deleted > 0 { counts[kind] = deleted }
        }
        return counts
    }
}
