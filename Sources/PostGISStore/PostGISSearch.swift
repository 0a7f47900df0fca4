import GeoCore
import GeoStore

/// PostGIS's side of a search: the word table (`PostGISSearchSQL`) and the rows it names.
extension PostGISStore {
    public func searchRows(term: String, prefix: Bool, in fields: Set<SearchField>) throws -> [FeatureID] {
        var binds = Parameters()
        binds.append(term)
        // The words of a schema older than fields (a read-only connection) count as the names.
        if !searchIsFielded, !fields.contains(.name) { return [] }
        binds.append(searchIsFielded ? fields.sorted().map { Int64($0.number) } : SearchField.allCases.map { Int64($0.number) })
        let sql: String
        if prefix {
            binds.append(term + "\u{10FFFF}")
            sql = "SELECT DISTINCT kind, id FROM search_word WHERE word >= $1 AND word < $3 AND \(searchIsFielded ? "field" : "0") = ANY($2::bigint[]) ORDER BY kind, id"
        } else {
            sql = "SELECT DISTINCT kind, id FROM search_word WHERE word = $1 AND \(searchIsFielded ? "field" : "0") = ANY($2::bigint[]) ORDER BY kind, id"
        }
        return try rows(prepared: sql, binds).map { PostGISSearchSQL.id(kind: try $0[0].decode(Int16.self), row: try $0[1].decode(Int64.self)) }
    }

    public func searchVocabulary() throws -> [String] {
        try rows(prepared: "SELECT DISTINCT word FROM search_word", Parameters()).map { try $0[0].decode(String.self) }
    }

    public func importanceCandidates() throws -> [SearchRanking.Candidate] {
        try rows(prepared: SearchSQL.importanceCandidates, Parameters()).map(Self.candidate)
    }

    public func importanceCandidates(rows ids: [Int64]) throws -> [SearchRanking.Candidate] {
        var binds = Parameters()
        binds.append(ids)
        return try rows(prepared: SearchSQL.importanceColumns + " WHERE id = ANY($1) ORDER BY id", binds).map(Self.candidate)
    }

    private static func candidate(_ row: Row) throws -> SearchRanking.Candidate {
        (try row[0].decode(Int64.self), try row[1].decode(Int64?.self).map(Int.init), try row[2].decode(String.self), try row[3].decode(String?.self))
    }

    public func features(_ ids: [FeatureID]) throws -> [Feature] {
        try FeatureKind.allCases.flatMap { kind -> [Feature] in
            let rows = ids.filter { $0.kind == kind }.map(\.row)
            guard !rows.isEmpty else { return [] }
            let t = KindTable.of(kind)
            var binds = Parameters()
            binds.append(rows)
            return try self.rows(prepared: Self.select(t) + " FROM \(t.table) AS t WHERE t.id = ANY($1)", binds).map { try Self.feature(t, $0, distance: nil).0 }
        }
    }
}
