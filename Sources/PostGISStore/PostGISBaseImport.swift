import GeoCore
import GeoStore
import PostgresNIO

/// The base map into PostGIS: the same rows as SpatiaLite's (`BaseBand.rows`), with the ids
/// SpatiaLite gives them (the next above the remaining rows, in import order, under a lock as for
/// the other imports), streamed through COPY in pieces within one transaction.
extension PostGISStore: BaseMapStore {
    static let baseColumns = ["id", "source", "layer", "kind", "name", "names", "rank", "band", "geom"]

    public func importBase(_ sources: [BaseSource]) throws -> BaseImportSummary {
        let sources = BaseSource.distinct(sources)
        var summary = BaseImportSummary()
        try transaction {
            // Another import waits here for this one's end, however long it reads.
            try execute("LOCK TABLE base IN SHARE ROW EXCLUSIVE MODE")
            var removed: [Int] = []
            for source in sources {
                removed.append(0)
                for name in [source.name] + source.replacing {
                    var binds = PostgresBindings()
                    binds.append(name)
                    let gone = try rows("""
                        WITH gone AS (DELETE FROM base WHERE source = $1 RETURNING band)
                        SELECT count(*), count(*) FILTER (WHERE band = 0) FROM gone
                        """, binds).first
                    summary.replaced += try gone?[0].decode(Int.self) ?? 0
                    removed[removed.count - 1] += try gone?[1].decode(Int.self) ?? 0
                }
            }
            var next = try rows("SELECT coalesce(max(id), 0) + 1 FROM base").first?[0].decode(Int64.self) ?? 1
            // Into the empty table, the index is built once after the rows (several times faster).
            let emptyTable = next == 1
            if emptyTable { try execute("DROP INDEX base_geom") }
            var pending = CopyRows()
            for (source, removed) in zip(sources, removed) {
                let before = summary.features.values.reduce(0, +)
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
                try source.checkShrink(stored: summary.features.values.reduce(0, +) - before, removed: removed)
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
