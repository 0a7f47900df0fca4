import Foundation
import GeoCore

extension FeatureStore {
    /// The categories that select `kind` and nothing else: its own code, or every POI category the
    /// store holds; nil when it holds none (an empty filter would select every kind).
    public func everyCategory(of kind: FeatureKind) throws -> CategoryFilter? {
        if let implied = kind.impliedCategory { return CategoryFilter([implied]) }
        let codes = try knownCategories().subtracting(FeatureKind.allCases.compactMap(\.impliedCategory))
        return codes.isEmpty ? nil : CategoryFilter(codes)
    }
}

extension QueryEngine {
    /// The page, with its `total` when it is the first and holds every match: what counting costs
    /// nothing more. Counting beyond the page would walk every match (a kind of a million rows:
    /// README's figures), which a client paging through them would pay on every page.
    public func listing(_ query: KindQuery) throws -> FeaturePage {
        var page = try unCounted(query)
        if query.after == nil, page.next == nil { page.total = page.features.count }
        return page
    }

    private func unCounted(_ query: KindQuery) throws -> FeaturePage {
        try query.validate()
        guard let categories = query.categories.isAll ? try everyCategory(of: query.kind) : query.categories else {
            return FeaturePage(features: [], next: nil)
        }
        if let near = query.near { return try byDistance(query, from: near, categories: categories) }
        // A filter that holds only in a box walks that box's index (no feature without a position meets it).
        let area = query.box ?? query.filter?.box
        var box = BoxQuery(box: area ?? BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), limit: query.limit,
                           categories: categories, sources: query.sources, after: query.after, unlocated: area == nil)
        guard query.time != nil || query.filter != nil else { return try bbox(box) }
        // No index holds the times or the names: the box's pages in id order (down it, backward),
        // each feature kept when it meets them, until one more than a page is kept. Pages of the
        // biggest size an ordered walk reads (a bigger one reads the whole box at each call), since most may be dropped.
        let backward = query.after?.backward == true
        box.limit = wholeRange - 1
        var kept: [Feature] = []
        while kept.count <= query.limit {
            let page = try bbox(box)
            let features = try page.features.filter { feature in
                try (query.filter?.keeps(feature) ?? true) && (query.time.map { try meets($0, feature.id) } ?? true)
            }
            kept += backward ? features.reversed() : features
            guard let onward = backward ? page.previous : page.next else { break }
            box.after = onward
        }
        return FeaturePage(walked: kept, limit: query.limit, from: query.after)
    }

    /// The kind's features nearest `near` first: the nearest walk from the cursor, keeping those in
    /// the box, that the filter keeps and whose times meet the query's, read in steps growing
    /// fourfold until one more than a page is kept. Each step walks again from the cursor, so a
    /// request reads at most about 18 500 rows: a selection rare among them gives a page with fewer
    /// than `limit` features (even none) and a `next` after the last row read.
    private func byDistance(_ query: KindQuery, from near: Coordinate, categories: CategoryFilter) throws -> FeaturePage {
        var walk = NearestQuery(center: near, limit: query.limit, categories: categories, sources: query.sources, after: query.after)
        let tests = [query.box.map(FeatureFilter.intersects), query.filter].compactMap { $0 }
        guard !tests.isEmpty || query.time != nil else { return try nearest(walk) }
        var size = max(query.limit + 1, 100)
        while true {
            walk.limit = min(size, maximumLimit)
            let step = try nearest(walk)
            let kept = try step.features.filter { feature in
                try tests.allSatisfy { $0.keeps(feature) } && (query.time.map { try meets($0, feature.id) } ?? true)
            }
            if kept.count > query.limit {
                let page = Array(kept.prefix(query.limit))
                return FeaturePage(features: page, next: page.last.map { Cursor(distance: $0.distance ?? .infinity, id: $0.id) })
            }
            guard step.next != nil, walk.limit < maximumLimit else { return FeaturePage(features: kept, next: step.next) }
            size *= 4
        }
    }

    /// Whether the feature's own times meet `time` (`KindQuery.time`); a trip without a start never does.
    private func meets(_ time: TimeSpan, _ id: FeatureID) throws -> Bool {
        switch id.kind {
        case .trip:
            // The trip's details begin with its start and end (`KindTable`), stored in UTC.
            guard let values = try detailValues(of: id), let start = values[0].flatMap(UTC.parse) else { return false }
            return time.meets(from: start, to: values[1].flatMap(UTC.parse) ?? start)
        case .cinema:
            // Stored starts are whole seconds: from the first whole second in the span to just past its last.
            let from = time.start.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.up)) } ?? .distantPast
            let to = time.end.map { $0.addingTimeInterval(1) } ?? .distantFuture
            return try !screenings(ofCinema: id.row, from: from, to: to).isEmpty
        case .poi, .water:
            return false
        }
    }
}
