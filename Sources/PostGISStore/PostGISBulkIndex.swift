/// An index that a bulk load drops and builds again (`withIndexesBuiltAfter`): the statements that do each.
struct BulkIndex {
    let drop: String, create: String

    /// The GiST indexes of `table`'s geography columns.
    static func spatial(_ table: String) -> [BulkIndex] {
        PostGISSchema.spatialIndexes { $0 == table }.map { BulkIndex(drop: "DROP INDEX \($0.name)", create: $0.create) }
    }

    /// The primary key and the unique index of source ids of a record table (migration 1's).
    static func keys(_ table: String) -> [BulkIndex] {
        [BulkIndex(drop: "ALTER TABLE \(table) DROP CONSTRAINT \(table)_pkey", create: "ALTER TABLE \(table) ADD CONSTRAINT \(table)_pkey PRIMARY KEY (id)"),
         BulkIndex(drop: "DROP INDEX \(table)_source", create: "CREATE UNIQUE INDEX \(table)_source ON \(table)(source, source_id)")]
    }

    /// The indexes of `search_word` (migration 6's).
    static let words = [BulkIndex(drop: "DROP INDEX search_word_word", create: "CREATE INDEX search_word_word ON search_word (word)"),
                        BulkIndex(drop: "DROP INDEX search_word_record", create: "CREATE INDEX search_word_record ON search_word (kind, id)")]
}
