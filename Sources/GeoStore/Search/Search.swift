import GeoCore

/// The SQL-independent half of a search, written once for both stores: the store's text index
/// names the rows whose words equal, begin with, or are one edit from each query word; here they
/// are combined, filtered, ranked (`SearchRanking`) and paged.
extension QueryEngine {
    public func prepareSearch() throws {
        let version = try dataVersion()
        _ = try searchCache.index(version: version, vocabulary: searchVocabulary)
        _ = try searchCache.importance(version: version, read: importanceCandidates)
    }

    public func search(_ query: SearchQuery) throws -> FeaturePage {
        let words = try query.validate()
        try validate(categories: query.categories, sources: query.sources)
        let kinds = Set(query.kinds), version = try dataVersion()
        // The vocabulary's typo index only when a word is long enough to have a typo.
        let typos = try words.contains { $0.unicodeScalars.count >= TypoIndex.minimumLength }
            ? searchCache.index(version: version, vocabulary: searchVocabulary) : nil
        // The rows every word matches so far, each with the sum of its words' best penalties.
        var hits: SearchHits?
        // The names, and the other fields searched, are asked apart: a word found in the names ranks first.
        let scopes = [true, false].map { inNames in (inNames, query.fields.filter { ($0 == .name) == inNames }) }.filter { !$0.1.isEmpty }
        func matches(_ term: String, prefix: Bool, _ match: SearchMatch) throws -> SearchHits {
            var found: SearchHits?
            for (inNames, fields) in scopes {
                let hits = SearchHits(try searchRows(term: term, prefix: prefix, in: fields), match, inNames: inNames, kinds: kinds)
                found = found.map { $0.union(hits) } ?? hits
            }
            return found!  // `validate` refuses a query of no field
        }
        for word in words {
            var best = try matches(word, prefix: false, .exact)
            if word.count >= SearchMatch.prefixMinimumLength {
                best = best.union(try matches(word, prefix: true, .prefix))
            }
            for term in typos?.neighbours(of: word) ?? [] {
                best = best.union(try matches(term, prefix: false, .typo))
            }
            hits = hits.map { $0.intersection(best) } ?? best
            if hits!.count == 0 { break }
        }
        guard var hits else { return FeaturePage(features: [], next: nil, total: 0) }
        // Importance, as the penalties sum over the words: `words` times each record's.
        hits = hits.addingImportance(words: words.count, try importance(of: hits, version: version))
        func cost(_ penalty: Double, _ distance: Double?) -> Double { SearchRanking.textCost(penalty, words: words.count, distance: distance) }
        // Past the cursor (the cost and id of the previous page's last feature).
        let after = query.after.map { SearchOrder(cost: $0.distance ?? 0, id: $0.id) }
        let filtered = query.center != nil || query.box != nil || !query.sources.isAll || !query.categories.poiCategories.isEmpty
        let total: Int, order: [SearchOrder], page: [Feature]
        if let center = query.center, query.maxDistance == nil, query.box == nil, query.sources.isAll, query.categories.isAll,
           let walked = try nearPointPage(hits, center: center, words: words.count, after: after, limit: query.limit) {
            total = hits.count
            order = walked.map(\.order)
            page = walked.prefix(query.limit).map(\.feature)
        } else if filtered {
            // The filters and the distance need each row's feature.
            var ranked: [SearchOrder] = [], kept: [Feature] = []
            for feature in try features(hits.hits.map(\.id)) {
                guard query.categories.selects(feature), query.sources.selects(feature.source),
                      query.box.map({ $0.unwrapped.contains { $0.meets(feature.geometry) } }) ?? true else { continue }
                var feature = feature, distance: Double?
                if let center = query.center {
                    if feature.isLocated {
                        feature.distance = Geodesic.distance(from: center, to: feature.geometry)
                        if let radius = query.maxDistance, feature.distance! > radius { continue }
                    } else if query.maxDistance != nil {
                        continue  // no radius holds a record without a position; it ranks after those with one
                    }
                    distance = feature.distance ?? SearchRanking.unlocatedDistance
                }
                ranked.append(SearchOrder(cost: cost(hits.hit(of: feature.id)!.total, distance), id: feature.id))
                kept.append(feature)
            }
            total = ranked.count
            order = smallestFirst(query.limit + 1, of: ranked.lazy.filter { after.map($0.follows) ?? true })
            let chosen = Set(order.prefix(query.limit).map(\.id))
            let found = Dictionary(uniqueKeysWithValues: kept.lazy.filter { chosen.contains($0.id) }.map { ($0.id, $0) })
            page = order.prefix(query.limit).map { found[$0.id]! }
        } else {
            total = hits.count
            order = smallestFirst(query.limit + 1, of: hits.hits.lazy.map { SearchOrder(cost: cost($0.total, nil), id: $0.id) }
                .filter { after.map($0.follows) ?? true })
            // Only the page's features are read; a row deleted since its words were read is left out.
            let found = Dictionary(uniqueKeysWithValues: try features(order.prefix(query.limit).map(\.id)).map { ($0.id, $0) })
            page = order.prefix(query.limit).compactMap { found[$0.id] }
        }
        let next = order.count > query.limit ? order.dropLast().last.map { Cursor(distance: $0.cost, id: $0.id) } : nil
        return FeaturePage(features: page, next: next, total: total)
    }

    /// The importance of the places among `hits`: the whole table's, read once per data version
    /// (a server reads it when the data changes, `prepareSearch`); until the searches have read
    /// as many places by row as the table's read costs, theirs alone (a CLI's one search over a
    /// million places reads 8 000 rows by id, not the 400 000 that have some importance).
    private func importance(of hits: SearchHits, version: UInt64) throws -> RowImportance {
        if let table = searchCache.importance(version: version) { return table }
        let rows = Array(hits.hits.lazy.filter { $0.id.kind == .poi }.map(\.id.row))
        guard !rows.isEmpty else { return RowImportance([]) }
        if searchCache.readingByRow(rows.count, version: version, limit: Self.importanceReadByRow) {
            return try searchCache.importance(version: version, read: importanceCandidates)
        }
        return RowImportance(try importanceCandidates(rows: rows))
    }

    /// Reading a place's importance by its row costs about 2.7 µs, reading the table 0.5 µs a
    /// place that has some (release, 1M places of which 400 000 have some): past this many
    /// places read by row, a store reads the table.
    static var importanceReadByRow: Int { 20_000 }
}
