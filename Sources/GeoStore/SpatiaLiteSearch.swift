import GeoCore

/// SpatiaLite's side of a search: the FTS5 index (`SearchIndexSQL`) and the rows it names.
extension SpatiaLiteStore {
    public func searchRows(term: String, prefix: Bool) throws -> [FeatureID] {
        let statement = try cached("SELECT rowid FROM search_text WHERE search_text MATCH ?")
        // A folded word holds only letters and digits: quoted, it is one term to FTS5.
        try statement.bind(["\"\(term)\"" + (prefix ? "*" : "")])
        defer { statement.reset() }
        // FTS5 answers by rowid (id × 4 + kind): each kind's rows are in id order, and the kinds
        // follow one another in id order.
        var byKind: [[FeatureID]] = Array(repeating: [], count: FeatureKind.allCases.count)
        while try statement.step() {
            let id = SearchIndexSQL.id(rowid: statement.int(0))
            byKind[id.kind.number].append(id)
        }
        return Array(byKind.joined())
    }

    public func searchVocabulary() throws -> [String] {
        let statement = try db.prepare("SELECT term FROM search_terms")
        var terms: [String] = []
        while try statement.step() { terms.append(statement.string(0) ?? "") }
        return terms
    }

    public func features(_ ids: [FeatureID]) throws -> [Feature] {
        var features: [Feature] = []
        features.reserveCapacity(ids.count)
        for id in ids {
            let t = KindTable.of(id.kind)
            // Laid out as the walk's rows (`KindTable.walk`), so that its readers serve.
            let statement = try cached("feature " + t.table, "SELECT t.id, 0, 0, 0, 0, \(t.geometryColumns), \(t.core) FROM \(t.table) AS t WHERE t.id = ?")
            try statement.bind([id.row])
            defer { statement.reset() }
            guard try statement.step(), !statement.isNull(5) else { continue }
            features.append(t.feature(statement, geometry: try t.geometry(statement), distance: nil))
        }
        return features
    }
}
