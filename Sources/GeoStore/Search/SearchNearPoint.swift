import GeoCore

/// Matches at least this many are ranked near a point group by group (`nearPointPage`); fewer are
/// each read and measured at once.
package let nearPointWalkFrom = 256

/// A search whose one filter is its point, ranked without measuring every match. The matches of
/// one kind and one penalty (a group) cost more the farther they lie, so the page is among each
/// group's nearest. A group common among the rows is found by the store's nearest walk, which
/// skips every row that is not one of it by its id, before reading its geometry; a rare one, which
/// the walk would have to pass most rows to find, is read and measured. Common words over a
/// million names matched tens of thousands of records, each read and measured (42 ms).
extension QueryEngine {
    /// The page (one more than `limit` when there is a next) past `after`; nil when the matches
    /// are few enough to measure all at once.
    func nearPointPage(_ hits: SearchHits, center: Coordinate, words: Int, after: SearchOrder?, limit: Int) throws
            -> [(order: SearchOrder, feature: Feature)]? {
        guard hits.count >= nearPointWalkFrom else { return nil }
        var groups: [SearchGroup: [Int64]] = [:]
        for hit in hits.hits { groups[SearchGroup(kind: hit.id.kind, penalty: hit.penalty), default: []].append(hit.id.row) }
        var kept: [(order: SearchOrder, feature: Feature)] = []
        for (group, rows) in groups {
            let cost = { (distance: Double?) in SearchRanking.textCost(group.penalty, words: words, distance: distance) }
            kept += try walked(limit + 1, of: group, among: rows.count, in: hits, cost: cost, center: center, after: after)
                ?? measured(limit + 1, of: group.kind, rows: rows, cost: cost, center: center, after: after)
        }
        kept.sort { $0.order < $1.order }
        return Array(kept.prefix(limit + 1))
    }

    /// The first `count` of a group past `after` by the nearest walk: nil when the walk would
    /// pass more rows than measuring the group takes (it is rare among the rows), or when its
    /// located matches run out (those without a position may follow them).
    private func walked(_ count: Int, of group: SearchGroup, among matches: Int, in hits: SearchHits, cost: (Double?) -> Double,
                        center: Coordinate, after: SearchOrder?) throws -> [(order: SearchOrder, feature: Feature)]? {
        let kind = group.kind
        // Passing a row by its id costs a few times less than reading and measuring one.
        let budget = 8 * matches
        var passed = 0
        // The walk starts a hair before the distance at which the group's cost reaches the cursor's.
        let reached = after.map { ($0.cost - cost(0)) * SearchRanking.distanceScale } ?? 0
        let start = reached > 0 ? Cursor(distance: reached * (1 - 1e-9) - 1e-6, id: FeatureID(kind: kind, row: .min)) : nil
        var fetch = count + 1
        do {
            while true {
                let found = try nearestRows(of: kind, NearestQuery(center: center, limit: fetch, after: start), limit: fetch) { row in
                    passed += 1
                    if passed > budget { throw WalkSpent() }
                    return hits.penalty(of: FeatureID(kind: kind, row: row)) == group.penalty
                }
                guard found.count == fetch, let farthest = found.last?.distance else { return nil }
                let ordered = found.map { (order: SearchOrder(cost: cost($0.distance), id: $0.id), feature: $0) }
                    .filter { after.map($0.order.follows) ?? true }.sorted { $0.order < $1.order }
                // A row not walked lies at least as far as the farthest walked: sure are those that cost less.
                let sure = ordered.filter { $0.order.cost < cost(farthest) }
                if sure.count >= count { return Array(sure.prefix(count)) }
                fetch *= 2
            }
        } catch is WalkSpent {
            return nil
        }
    }

    /// The first `count` of a group past `after`, each read and measured (those without a
    /// position as `SearchRanking.unlocatedDistance` away).
    private func measured(_ count: Int, of kind: FeatureKind, rows: [Int64], cost: (Double?) -> Double, center: Coordinate,
                          after: SearchOrder?) throws -> [(order: SearchOrder, feature: Feature)] {
        let ordered = try features(rows.map { FeatureID(kind: kind, row: $0) }).map { feature in
            var feature = feature
            if feature.isLocated { feature.distance = Geodesic.distance(from: center, to: feature.geometry) }
            return (order: SearchOrder(cost: cost(feature.distance ?? SearchRanking.unlocatedDistance), id: feature.id), feature: feature)
        }
        return Array(ordered.filter { after.map($0.order.follows) ?? true }.sorted { $0.order < $1.order }.prefix(count))
    }
}

/// The matches of one kind with one penalty, whose costs grow with their distance alone.
private struct SearchGroup: Hashable {
    var kind: FeatureKind
    var penalty: Double
}

/// A walk that has passed more rows than measuring its group would read.
private struct WalkSpent: Error {}
