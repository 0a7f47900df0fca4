import GeoCore

/// Matches at least this many are ranked near a point by walking the index (`nearPointPage`);
/// fewer are each read and measured.
package let nearPointWalkFrom = 256

/// A search whose one filter is its point, ranked without measuring every match. The matches of
/// one kind and one penalty (a group) cost more the farther they lie, so the page is among each
/// group's nearest: the store's nearest walk finds them, skipping every row that is not one (by
/// its id, before its geometry is read). Common words over a million names matched tens of
/// thousands of records, each read and measured (42 ms).
extension QueryEngine {
    /// The page (one more than `limit` when there is a next) past `after`, or nil when ranking
    /// every match is the cheaper or the only sure way: matches few, or so few located in a group
    /// that matches without a position (which rank after every located one) may belong on it.
    func nearPointPage(_ hits: SearchHits, center: Coordinate, words: Int, after: SearchOrder?, limit: Int) throws
            -> [(order: SearchOrder, feature: Feature)]? {
        guard hits.count >= nearPointWalkFrom else { return nil }
        var groups: [FeatureKind: Set<Double>] = [:]
        for hit in hits.hits { groups[hit.id.kind, default: []].insert(hit.penalty) }
        var kept: [(order: SearchOrder, feature: Feature)] = [], exhausted = false
        for (kind, penalties) in groups {
            for penalty in penalties {
                guard let group = try nearest(limit + 1, of: kind, penalty: penalty, in: hits, center: center, words: words, after: after)
                else { return nil }
                kept += group.features
                exhausted = exhausted || group.exhausted
            }
        }
        kept.sort { $0.order < $1.order }
        if exhausted, kept.count <= limit { return nil }
        return Array(kept.prefix(limit + 1))
    }

    /// The first `count` matches of a group past `after`, by cost; `exhausted` when the group has
    /// no more located ones. Nil when ties at the walk's edge would need too long a walk to part.
    private func nearest(_ count: Int, of kind: FeatureKind, penalty: Double, in hits: SearchHits, center: Coordinate, words: Int,
                         after: SearchOrder?) throws -> (features: [(order: SearchOrder, feature: Feature)], exhausted: Bool)? {
        func cost(_ distance: Double?) -> Double { SearchRanking.textCost(penalty, words: words, distance: distance) }
        // The walk starts a hair before the distance at which the group's cost reaches the cursor's.
        let reached = after.map { ($0.cost - cost(0)) * SearchRanking.distanceScale } ?? 0
        let start = reached > 0 ? Cursor(distance: reached * (1 - 1e-9) - 1e-6, id: FeatureID(kind: kind, row: .min)) : nil
        var fetch = count + 1
        while fetch <= 64 * (count + 1) {
            let rows = try nearestRows(of: kind, NearestQuery(center: center, limit: fetch, after: start), limit: fetch) { row in
                hits.penalty(of: FeatureID(kind: kind, row: row)) == penalty
            }
            let ordered = rows.map { (order: SearchOrder(cost: cost($0.distance), id: $0.id), feature: $0) }
                .filter { after.map($0.order.follows) ?? true }.sorted { $0.order < $1.order }
            guard rows.count == fetch, let farthest = rows.last?.distance else { return (Array(ordered.prefix(count)), true) }
            // A row not walked lies at least as far as the farthest walked: sure are those that cost less.
            let sure = ordered.filter { $0.order.cost < cost(farthest) }
            if sure.count >= count { return (Array(sure.prefix(count)), false) }
            fetch *= 2
        }
        return nil
    }
}
