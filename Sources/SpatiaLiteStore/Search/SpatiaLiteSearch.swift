import GeoCore
import GeoStore

/// SpatiaLite's side of a search: the FTS5 index (`SearchIndexSQL`) and the rows it names.
extension SpatiaLiteStore {
    public func searchRows(term: String, prefix: Bool, in fields: Set<SearchField>) throws -> [FeatureID] {
        // A folded word holds only letters and digits: quoted, it is one term to FTS5.
        let match = "\"\(term)\"" + (prefix ? "*" : "")
        // The one index of a schema older than fields (a file opened read-only that could not be
        // migrated) holds every word, counted as the names'.
        var rowids: [Int64] = []
        if fields.contains(.name) { rowids = try rowIDs(try cached("SELECT rowid FROM search_text WHERE search_text MATCH ?"), match) }
        let others = searchIsFielded ? SearchIndexSQL.otherFields.filter(fields.contains) : []
        if !others.isEmpty {
            // A column filter names the other fields unless every one is searched.
            let columns = others.count == SearchIndexSQL.otherFields.count ? "" : "{" + others.map(\.rawValue).joined(separator: " ") + "} : "
            let found = try rowIDs(try cached("SELECT rowid FROM search_other WHERE search_other MATCH ?"), columns + match)
            rowids = rowids.isEmpty ? found : Array(Set(rowids).union(found)).sorted()
        }
        return Self.featureIDs(rowids)
    }

    /// The rowids `statement` answers for `match`, in its order (rowid ascending).
    private func rowIDs(_ statement: Statement, _ match: String) throws -> [Int64] {
        try statement.bind([match])
        defer { statement.reset() }
        var rowids: [Int64] = []
        while try statement.step() { rowids.append(statement.int(0)) }
        return rowids
    }

    /// FTS5 answers by rowid (id × 4 + kind): in it each kind's rows are in id order, so the
    /// kinds are laid one after another, each at the place its count before it leaves.
    private static func featureIDs(_ rowids: [Int64]) -> [FeatureID] {
        var start = [Int](repeating: 0, count: 5)
        for rowid in rowids { start[Int(rowid & 3) + 1] += 1 }
        for kind in 1..<4 { start[kind + 1] += start[kind] }
        return [FeatureID](unsafeUninitializedCapacity: rowids.count) { ids, count in
            for rowid in rowids {
                (ids.baseAddress! + start[Int(rowid & 3)]).initialize(to: SearchIndexSQL.id(rowid: rowid))
                start[Int(rowid & 3)] += 1
            }
            count = rowids.count
        }
    }

    public func searchVocabulary() throws -> [String] {
        let statement = try db.prepare(searchIsFielded ? "SELECT term FROM search_terms UNION SELECT term FROM search_other_terms" : "SELECT term FROM search_terms")
        var terms: [String] = []
        while try statement.step() { terms.append(statement.string(0) ?? "") }
        return terms
    }

    public func importanceCandidates() throws -> [SearchRanking.Candidate] {
        let statement = try db.prepare(SearchSQL.importanceCandidates)
        var rows: [SearchRanking.Candidate] = []
        while try statement.step() { rows.append(Self.candidate(statement)) }
        return rows
    }

    public func importanceCandidates(rows: [Int64]) throws -> [SearchRanking.Candidate] {
        let statement = try cached("importance", SearchSQL.importanceColumns + " WHERE id = ?")
        var found: [SearchRanking.Candidate] = []
        found.reserveCapacity(rows.count)
        for row in rows {
            try statement.bind([row])
            defer { statement.reset() }
            if try statement.step() { found.append(Self.candidate(statement)) }
        }
        return found
    }

    private static func candidate(_ s: Statement) -> SearchRanking.Candidate {
        (s.int(0), s.isNull(1) ? nil : Int(s.int(1)), s.string(2) ?? "", s.string(3))
    }

    public func features(_ ids: [FeatureID]) throws -> [Feature] {
        var features: [Feature] = []
        features.reserveCapacity(ids.count)
        for id in ids {
            let t = KindTable.of(id.kind)
            // Laid out as the walk's rows (`KindTable.walk`), so that its readers serve.
            let statement = try cached("feature " + t.table, "SELECT t.id, 0, 0, 0, 0, \(t.geometryColumns), \(t.spatiaLiteCore) FROM \(t.table) AS t WHERE t.id = ?")
            try statement.bind([id.row])
            defer { statement.reset() }
            guard try statement.step() else { continue }
            features.append(t.feature(statement, geometry: statement.isNull(5) ? Feature.unlocated : try t.geometry(statement, in: self), distance: nil, in: self))
        }
        return features
    }
}
