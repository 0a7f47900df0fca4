import GeoCore

/// What `waymark delete` removes, in one transaction: features by id, every record of a source,
/// the features a box query with categories finds (every page of it), or every record of some
/// categories, those stored without a position included.
public enum Deletion: Sendable {
    case ids([FeatureID])
    case source(String)
    case query(BoxQuery)
    case categories(CategoryFilter)
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
        case let .categories(categories):
            var found = try targets(of: .query(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90),
                                                        categories: categories))) ?? []
            // A box never holds the records without a position; only places and cinemas may lack one.
            for kind in categories.kinds where [.poi, .cinema].contains(kind) {
                var after = Int64.min
                while true {
                    let page = try unlocatedRows(of: kind, categories: categories, sources: SourceFilter(), afterRow: after, limit: 10_000)
                    found += page.map(\.id)
                    guard page.count == 10_000, let last = page.last else { break }
                    after = last.id.row
                }
            }
            return found
        }
    }
}
