import GeoCore

/// What `waymark delete` removes, in one transaction: features by id, every record of some sources,
/// the features a box query with categories finds (every page of it), or every record of some
/// categories, those stored without a position included.
public enum Deletion: Sendable {
    case ids([FeatureID])
    /// Every record of each of these sources (at least one).
    case sources(SourceFilter)
    case query(BoxQuery)
    case categories(CategoryFilter)
}

/// The records a deletion or an import's `--replace-source` removed, by kind.
public typealias DeletedCounts = [FeatureKind: Int]

extension QueryEngine {
    /// The features a deletion names, checked: an id that is not stored, or a category or source no
    /// record has (`validate`), refuses the whole deletion (nil: every record of `sources`, which
    /// the store deletes by source).
    package func targets(of deletion: Deletion) throws -> [FeatureID]? {
        switch deletion {
        case let .ids(ids):
            guard !ids.isEmpty else { throw GeoError.invalid(field: .id, reason: "no id given") }
            for id in ids where try detailValues(of: id) == nil {
                throw GeoError.invalid(field: .id, reason: "no \(id.kind.rawValue) is stored as \(id); nothing was deleted")
            }
            return ids
        case let .sources(sources):
            guard !sources.isAll else { throw GeoError.invalid(field: .source, reason: "no source given") }
            try validate(sources: sources)
            return nil
        case let .query(query):
            try query.validate()
            try validate(categories: query.categories, sources: query.sources)
            // Every row at once, by kind and by half of a box across the antimeridian (which may
            // share a row): paging through `bbox` walked the index again for every page.
            var found = Set<FeatureID>()
            for kind in query.categories.kinds {
                for part in query.box.unwrapped {
                    for row in try boxRows(of: kind, in: part, categories: query.categories, sources: query.sources, walk: .all, limit: .max) {
                        found.insert(row.id)
                    }
                }
            }
            return found.sorted()
        case let .categories(categories):
            let world = BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90)
            // A box never holds the records without a position.
            return try (targets(of: .query(BoxQuery(box: world, categories: categories))) ?? [])
                + categories.kinds.filter(\.mayLackPosition).flatMap { kind in
                    try unlocatedRows(of: kind, categories: categories, sources: SourceFilter(), walk: .all, limit: .max).map(\.id)
                }
        }
    }
}
