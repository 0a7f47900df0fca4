import GeoCore
import GeoStore

/// The base map into SpatiaLite: every source's features in full detail and their generalised
/// copies (`BaseBand`), in one transaction with `BulkLoad`, after the rows of earlier imports of
/// the same sources are deleted; a source that would store fewer features than it replaced
/// refuses the import (`BaseSource.checkShrink`). One import writes at a time: another waits for
/// its turn (`Database.waitingForTheWriteLock`) however long this one reads.
extension SpatiaLiteStore: BaseMapStore {
    public func importBase(_ sources: [BaseSource]) throws -> BaseImportSummary {
        let sources = BaseSource.distinct(sources)
        var summary = BaseImportSummary()
        // Room for the whole import in memory, as for the other imports.
        try db.execute("PRAGMA cache_size = -1048576")
        defer { try? db.execute("PRAGMA cache_size = \(Self.cacheSize)") }
        try db.waitingForTheWriteLock { try db.transaction {
            TestHook.pauseInImport()
            let delete = try cached("DELETE FROM base WHERE source = ?")
            var removed: [Int] = []
            for source in sources {
                removed.append(0)
                for name in [source.name] + source.replacing {
                    removed[removed.count - 1] += Int(try value("SELECT count(*) FROM base WHERE source = ? AND band = 0", [name]) as Int64? ?? 0)
                    try delete.run([name])
                    summary.replaced += Int(try db.scalar("SELECT changes()") as Int64? ?? 0)
                }
            }
            // After the deletions, so that BulkLoad's new rows are those above the remaining ids.
            let bulk = try BulkLoad(db)
            let insert = try cached("""
                INSERT INTO base (source, layer, kind, name, names, rank, band, geom)
                VALUES (?, ?, ?, ?, ?, ?, ?, \(GeometryValue.wkb(nil).placeholder))
                """)
            for (source, removed) in zip(sources, removed) {
                let before = summary.features.values.reduce(0, +)
                try source.read { batch in
                    for feature in batch {
                        let values: [any Bindable] = [source.name, feature.layer.rawValue, feature.kind, feature.name,
                                                      JSON.text(feature.names), feature.rank]
                        for row in BaseBand.rows(of: feature, counting: &summary) {
                            try insert.run(values + [row.band, GeometryValue.wkb(row.geometry)])
                        }
                    }
                }
                try source.checkShrink(stored: summary.features.values.reduce(0, +) - before, removed: removed)
            }
            try bulk.finish()
        } }
        TestHook.pauseAfterCommit()
        return summary
    }
}
