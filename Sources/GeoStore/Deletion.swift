import GeoCore

/// What `waymark delete` removes, in one transaction: features by id, every record of a source,
/// or the features a box query with categories finds (every page of it).
public enum Deletion: Sendable {
    case ids([FeatureID])
    case source(String)
    case query(BoxQuery)
}

/// The records a deletion or an import's `--replace-source` removed, by kind.
public typealias DeletedCounts = [FeatureKind: Int]

extension QueryEngine {
    /// The features a deletion names, checked: an id that is not stored, or a source no record
    /// comes from, refuses the whole deletion (nil: the whole source, by `source`).
    package func targets(of deletion: Deletion) throws -> [FeatureID]? {
        switch deletion {
        case let .ids(ids):
            guard !ids.isEmpty else { throw GeoError.invalid(field: "id", reason: "no id given") }
            for id in ids where try detailValues(of: id) == nil {
                throw GeoError.invalid(field: "id", reason: "no \(id.kind.rawValue) is stored as \(id); nothing was deleted")
            }
            return ids
        case .source:
            return nil
        case var .query(query):
            try check(query.categories)
            query.limit = 10_000
            query.after = nil
            var found: [FeatureID] = []
            while true {
                let page = try bbox(query)
                found += page.features.map(\.id)
                guard let next = page.next else { return found }
                query.after = next
            }
        }
    }
}
