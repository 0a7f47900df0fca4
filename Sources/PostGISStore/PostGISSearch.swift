import GeoCore
import GeoStore

/// PostGIS's side of a search: the word table (`PostGISSearchSQL`) and the rows it names.
extension PostGISStore {
    public func searchRows(term: String, prefix: Bool) throws -> [FeatureID] {
        var binds = Parameters()
        binds.append(term)
        let sql: String
        if prefix {
            binds.append(term + "\u{10FFFF}")
            sql = "SELECT DISTINCT kind, id FROM search_word WHERE word >= $1 AND word < $2 ORDER BY kind, id"
        } else {
            sql = "SELECT kind, id FROM search_word WHERE word = $1 ORDER BY kind, id"
        }
        return try rows(prepared: sql, binds).map { PostGISSearchSQL.id(kind: try $0[0].decode(Int16.self), row: try $0[1].decode(Int64.self)) }
    }

    public func searchVocabulary() throws -> [String] {
        try rows(prepared: "SELECT DISTINCT word FROM search_word", Parameters()).map { try $0[0].decode(String.self) }
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
