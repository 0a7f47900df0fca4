import GeoCore

/// A search whose one filter is its point, ranked without every match's distance: the records
/// nearest the point are walked in distance order (the store's own nearest walk), the matches
/// among them ranked, and the walk stops once no record farther out can cost less than the page's
/// last, since a match costs at least the lowest penalty plus its distance. Common words over a
/// million names matched tens of thousands of records, each read and measured (42 ms).
/// Rows per step of the walk.
package let nearPointStep = 256

extension QueryEngine {
    /// The page (one more than `limit` when there is a next) past `after`, or nil when ranking
    /// every match is the cheaper way: matches too few to be worth a walk, or a walk that has read
    /// as many rows as there are matches (matches far from the point, a deep page).
    func nearPointPage(_ hits: SearchHits, center: Coordinate, words: Int, after: SearchOrder?, limit: Int) throws
            -> [(order: SearchOrder, feature: Feature)]? {
        guard hits.count > nearPointStep, let least = hits.hits.lazy.map(\.penalty).min() else { return nil }
        func cost(_ penalty: Double, _ feature: Feature) -> Double {
            SearchRanking.textCost(penalty, words: words, distance: feature.distance ?? SearchRanking.unlocatedDistance)
        }
        var walk = NearestQuery(center: center, limit: nearPointStep), read = 0
        var kept: [(order: SearchOrder, feature: Feature)] = []
        while true {
            let step = try nearest(walk)
            read += step.features.count
            for feature in step.features {
                guard let penalty = hits.penalty(of: feature.id) else { continue }
                let order = SearchOrder(cost: cost(penalty, feature), id: feature.id)
                if after.map(order.follows) ?? true { kept.append((order, feature)) }
            }
            kept.sort { $0.order < $1.order }
            kept.removeLast(max(0, kept.count - (limit + 1)))
            guard let onward = step.next, let farthest = step.features.last else { return kept }
            // A row not read yet lies at least as far as this step's last, and costs at least this.
            if kept.count == limit + 1, kept[limit].order.cost < cost(least, farthest) { return kept }
            if read >= hits.count { return nil }
            walk.after = onward
        }
    }
}
