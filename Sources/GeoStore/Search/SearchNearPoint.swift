import GeoCore

/// Matches at least this many are ranked near a point group by group (`nearPointPage`); fewer are
/// each read and measured at once.
package let nearPointWalkFrom = 256

/// A search whose one filter is its point, ranked without measuring every match. The matches of
/// one kind and one text penalty (a group) differ only by their importance (at most 0.1, a
/// kilometre) and their distance, so the page is among each group's nearest: a row not yet
/// walked lies at least as far as the farthest walked and is no more important than the group's
/// most important, which bounds its cost. A group common among the rows is found by the store's
/// nearest walk, which skips every row that is not one of it by its id, before reading its
/// geometry; a rare one, which the walk would have to pass most rows to find, is read and
/// measured. Common words over a million names matched tens of thousands of records, each read
/// and measured (42 ms).
extension QueryEngine {
    /// The page (one more than `limit` when there is a next) past `after`; nil when the matches
    /// are few enough to measure all at once.
    func nearPointPage(_ hits: SearchHits, center: Coordinate, words: Int, after: SearchOrder?, limit: Int) throws
            -> [(order: SearchOrder, feature: Feature)]? {
        guard hits.count >= nearPointWalkFrom else { return nil }
        // Few groups (a kind's exact, prefix and typo matches): found by a look along them, not hashed.
        var groups: [(group: SearchGroup, rows: [Int64], least: Double, most: Double)] = []
        for hit in hits.hits {
            let group = SearchGroup(kind: hit.id.kind, penalty: hit.penalty)
            guard let i = groups.lastIndex(where: { $0.group == group }) else {
                groups.append((group, [hit.id.row], hit.total, hit.total))
                continue
            }
            groups[i].rows.append(hit.id.row)
            groups[i].least = min(groups[i].least, hit.total)
            groups[i].most = max(groups[i].most, hit.total)
        }
        let cost = { (total: Double, distance: Double?) in SearchRanking.textCost(total, words: words, distance: distance) }
        var kept: [(order: SearchOrder, feature: Feature)] = []
        for (group, rows, least, most) in groups {
            kept += try walked(limit + 1, of: group, totals: least...most, among: rows.count, in: hits, cost: cost, center: center, after: after)
                ?? measured(limit + 1, of: group.kind, rows: rows, in: hits, cost: cost, center: center, after: after)
        }
        kept.sort { $0.order < $1.order }
        return Array(kept.prefix(limit + 1))
    }

    /// The first `count` of a group past `after` by the nearest walk: nil when the walk would
    /// pass more rows than measuring the group takes (it is rare among the rows), or when its
    /// located matches run out (those without a position may follow them). `totals` holds the
    /// totals (`SearchHits.Hit.total`) of the group's rows.
    private func walked(_ count: Int, of group: SearchGroup, totals: ClosedRange<Double>, among matches: Int, in hits: SearchHits,
                        cost: (Double, Double?) -> Double, center: Coordinate, after: SearchOrder?) throws -> [(order: SearchOrder, feature: Feature)]? {
        let kind = group.kind
        // Passing a row by its id costs a few times less than reading and measuring one.
        let budget = 8 * matches
        var passed = 0
        // The walk starts a hair before the distance at which the group's dearest row reaches the
        // cursor's cost: no row nearer than that follows the cursor.
        let reached = after.map { ($0.cost - cost(totals.upperBound, 0)) * SearchRanking.distanceScale } ?? 0
        let start = reached > 0 ? Cursor(distance: reached * (1 - 1e-9) - 1e-6, id: FeatureID(kind: kind, row: .min)) : nil
        var fetch = count + 1
        do {
            while true {
                let found = try nearestRows(of: kind, NearestQuery(center: center, limit: fetch, after: start), limit: fetch) { row in
                    passed += 1
                    if passed > budget { throw WalkSpent() }
                    return hits.hit(of: FeatureID(kind: kind, row: row))?.penalty == group.penalty
                }
                guard found.count == fetch, let farthest = found.last?.distance else { return nil }
                let ordered = found.map { (order: SearchOrder(cost: cost(hits.hit(of: $0.id)!.total, $0.distance), id: $0.id), feature: $0) }
                    .filter { after.map($0.order.follows) ?? true }.sorted { $0.order < $1.order }
                // A row not walked lies at least as far as the farthest walked, and costs no less
                // than the group's least there: sure are those that cost less.
                let sure = ordered.filter { $0.order.cost < cost(totals.lowerBound, farthest) }
                if sure.count >= count { return Array(sure.prefix(count)) }
                fetch *= 2
            }
        } catch is WalkSpent {
            return nil
        }
    }

    /// The first `count` of a group past `after`, each read and measured (those without a
    /// position as `SearchRanking.unlocatedDistance` away).
    private func measured(_ count: Int, of kind: FeatureKind, rows: [Int64], in hits: SearchHits, cost: (Double, Double?) -> Double,
                          center: Coordinate, after: SearchOrder?) throws -> [(order: SearchOrder, feature: Feature)] {
        let ordered = try features(rows.map { FeatureID(kind: kind, row: $0) }).map { feature in
            var feature = feature
            if feature.isLocated { feature.distance = Geodesic.distance(from: center, to: feature.geometry) }
            let order = SearchOrder(cost: cost(hits.hit(of: feature.id)!.total, feature.distance ?? SearchRanking.unlocatedDistance), id: feature.id)
            return (order: order, feature: feature)
        }
        return Array(ordered.filter { after.map($0.order.follows) ?? true }.sorted { $0.order < $1.order }.prefix(count))
    }
}

/// The matches of one kind with one text penalty, whose costs grow with their distance and
/// differ by their importance.
private struct SearchGroup: Equatable {
    var kind: FeatureKind
    var penalty: Double
}

/// A walk that has passed more rows than measuring its group would read.
private struct WalkSpent: Error {}
