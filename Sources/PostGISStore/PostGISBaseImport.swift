import GeoCore
import GeoStore
import PostgresNIO

/// The base map into PostGIS: the same rows as SpatiaLite's (`BaseBand.rows`), with the ids
/// SpatiaLite gives them (the next above the remaining rows, in import order, under a lock as for
/// the other imports), streamed through COPY in pieces within one transaction.
extension PostGISStore: BaseMapStore {
    static let baseColumns = ["id", "source", "layer", "kind", "name", "names", "rank", "band", "geom"]

    public func importBase(_ sources: [BaseSource]) throws -> BaseImportSummary {
        var summary = BaseImportSummary()
        try transaction {
            try execute("LOCK TABLE base IN SHARE ROW EXCLUSIVE MODE")
            for source in sources {
                var binds = PostgresBindings()
                binds.append(source.name)
                summary.replaced += try rows("WITH gone AS (DELETE FROM base WHERE source = $1 RETURNING 1) SELECT count(*) FROM gone", binds)
                    .first?[0].decode(Int.self) ?? 0
            }
            var next = try rows("SELECT coalesce(max(id), 0) + 1 FROM base").first?[0].decode(Int64.self) ?? 1
            // Into the empty table, the index is built once after the rows (several times faster).
            let emptyTable = next == 1
            if emptyTable { try execute("DROP INDEX base_geom") }
            var pending = CopyRows()
            for source in sources {
                try source.read { batch in
                    for feature in batch {
                        let fields: [String?] = [source.name, feature.layer.rawValue, feature.kind, feature.name, JSON.text(feature.names), String(feature.rank)]
                        for row in BaseBand.rows(of: feature, counting: &summary) {
                            pending.add([String(next)] + fields + [String(row.band), CopyRows.geometry(row.geometry, srid: 4326)])
                            next += 1
                        }
                    }
                    // Sent in pieces of 16 MB or so: memory stays bounded however large the file.
                    if pending.bytes.count >= 1 << 24 {
                        try copy("base", Self.baseColumns, pending)
                        pending = CopyRows()
                    }
                }
            }
            if pending.count > 0 { try copy("base", Self.baseColumns, pending) }
            if emptyTable { try execute(PostGISSchema.baseIndex) }
            try execute("UPDATE waymark_schema SET data_version = data_version + 1")
            try execute("ANALYZE base")
        }
        return summary
    }

    public func exportBase() throws -> [BaseSource] {
        guard try holdsBase() else { return [] }
        return try Export.baseSources(rows: try rows(Export.baseSQL))
    }
}
