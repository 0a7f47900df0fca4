import GeoCore

/// What `waymark export` writes: every stored record, or those of some kinds, categories and
/// sources, within a box or near a point. The area is the engine's own query (`bbox`, `nearest`),
/// so that an export holds exactly what that query answers.
public struct ExportSelection: Sendable {
    public enum Area: Sendable {
        case box(BoundingBox)
        /// The `limit` nearest (every record when nil), within `radius` metres when given.
        case near(Coordinate, limit: Int?, radius: Double?)
    }

    /// Empty: every kind.
    public var kinds: Set<FeatureKind>
    public var categories: CategoryFilter
    public var sources: SourceFilter
    public var area: Area?

    public init(kinds: Set<FeatureKind> = [], categories: CategoryFilter = .init(), sources: SourceFilter = .init(), area: Area? = nil) {
        (self.kinds, self.categories, self.sources, self.area) = (kinds, categories, sources, area)
    }

    func selects(_ record: ImportRecord) -> Bool {
        guard kinds.isEmpty || kinds.contains(record.kind), sources.selects(record.source) else { return false }
        if categories.isAll { return true }
        if case let .place(place) = record { return categories.codes.contains(place.category) }
        return record.kind.impliedCategory.map(categories.codes.contains) ?? false
    }
}

extension FeatureStore {
    /// The records `selection` selects, as features for another format (`ExportFeed`); the
    /// area's query is asked here, once. Run inside `reading` for one state of the data.
    public func export(_ selection: ExportSelection) throws -> ExportFeed {
        try validate(categories: selection.categories, sources: selection.sources)
        return ExportFeed(store: self, selection: selection, ids: try selection.area.map { try self.ids(in: $0, selection) })
    }

    /// Every id the area's query answers, page after page.
    private func ids(in area: ExportSelection.Area, _ selection: ExportSelection) throws -> Set<FeatureID> {
        var ids = Set<FeatureID>()
        switch area {
        case let .box(box):
            var query = BoxQuery(box: box, limit: maximumLimit, categories: selection.categories, sources: selection.sources)
            repeat {
                let page = try bbox(query)
                ids.formUnion(page.features.map(\.id))
                query.after = page.next
            } while query.after != nil
        case let .near(center, limit, radius):
            var query = NearestQuery(center: center, limit: min(limit ?? maximumLimit, maximumLimit), categories: selection.categories,
                                     sources: selection.sources, maxDistance: radius)
            // The nearest of the selected kinds: records of the others do not count towards the limit.
            repeat {
                let page = try nearest(query)
                ids.formUnion(page.features.lazy.map(\.id).filter { selection.kinds.isEmpty || selection.kinds.contains($0.kind) })
                query.after = page.next
                query.limit = min(maximumLimit, (limit ?? .max) - ids.count)
            } while query.after != nil && query.limit > 0
        }
        return ids
    }
}
