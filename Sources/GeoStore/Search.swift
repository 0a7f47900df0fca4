import GeoCore

/// The SQL-independent half of a search, written once for both stores: the store's text index
/// names the rows whose words equal, begin with, or are one edit from each query word; here they
/// are combined, filtered, ranked (`SearchRanking`) and paged.
extension QueryEngine {
    public func search(_ query: SearchQuery) throws -> FeaturePage {
        let words = try query.validate()
        let kinds = Set(query.kinds)
        // The vocabulary's typo index only when a word is long enough to have a typo.
        let typos = try words.contains { $0.unicodeScalars.count >= TypoIndex.minimumLength }
            ? typoCache.index(version: try dataVersion(), vocabulary: searchVocabulary) : nil
        // The sum of each row's best match penalty per word, over the rows every word matches so far.
        var penalties: [FeatureID: Double]?
        for word in words {
            var best: [FeatureID: SearchMatch] = [:]
            for term in typos?.neighbours(of: word) ?? [] { for id in try searchRows(term: term, prefix: false) { best[id] = .typo } }
            if word.count >= SearchMatch.prefixMinimumLength {
                for id in try searchRows(term: word, prefix: true) { best[id] = min(best[id] ?? .prefix, .prefix) }
            }
            for id in try searchRows(term: word, prefix: false) { best[id] = .exact }
            var next: [FeatureID: Double] = [:]
            for (id, match) in best where kinds.contains(id.kind) {
                if let penalties {
                    if let sum = penalties[id] { next[id] = sum + match.penalty }
                } else {
                    next[id] = match.penalty
                }
            }
            penalties = next
            if next.isEmpty { break }
        }
        var ranked: [(cost: Double, id: FeatureID, feature: Feature?)] = []
        let filtered = query.center != nil || query.box != nil || !query.sources.isAll || !query.categories.poiCategories.isEmpty
        if filtered {
            // The filters and the distance need each row's feature.
            for feature in try features(Array((penalties ?? [:]).keys).sorted()) {
                guard query.categories.selects(feature), query.sources.selects(feature.source),
                      query.box.map({ $0.unwrapped.contains { $0.meets(feature.geometry) } }) ?? true else { continue }
                var feature = feature
                if let center = query.center {
                    let distance = Geodesic.distance(from: center, to: feature.geometry)
                    if let radius = query.maxDistance, distance > radius { continue }
                    feature.distance = distance
                }
                ranked.append((cost: SearchRanking.textCost(penalties![feature.id]!, words: words.count, distance: feature.distance), id: feature.id, feature: feature))
            }
        } else {
            ranked = (penalties ?? [:]).map { (cost: SearchRanking.textCost($0.value, words: words.count, distance: nil), id: $0.key, feature: nil) }
        }
        let total = ranked.count
        if let after = query.after { ranked.removeAll { ($0.cost, $0.id) <= (after.distance ?? 0, after.id) } }
        // The page and one more: whether a next page exists.
        let order = ranked.indices.sorted { (ranked[$0].cost, ranked[$0].id) < (ranked[$1].cost, ranked[$1].id) }.prefix(query.limit + 1)
        let missing = try features(order.filter { ranked[$0].feature == nil }.map { ranked[$0].id })
        let byID = Dictionary(uniqueKeysWithValues: missing.map { ($0.id, $0) })
        // A row deleted since its words were read is left out.
        let page = order.prefix(query.limit).compactMap { ranked[$0].feature ?? byID[ranked[$0].id] }
        let next = order.count > query.limit ? order.dropLast().last.map { Cursor(distance: ranked[$0].cost, id: ranked[$0].id) } : nil
        return FeaturePage(features: page, next: next, total: total)
    }
}
