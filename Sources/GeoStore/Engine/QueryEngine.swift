import Foundation
import GeoCore

/// What a store's spatial index answers. Everything else about a query — validation, merging the
/// kinds, exact refinement, pages and cursors, cinemas' local days, details — is SQL-independent
/// and written once here, so that SpatiaLite and PostGIS give the same answers by construction.
public protocol QueryEngine: FeatureStore {
    /// The `limit` nearest features of `kind` after the query's cursor, by (exact distance, id),
    /// within its radius, that pass `accept` (given the row id); each carries its distance.
    /// SpatiaLite asks `accept` of each row its walk reaches, before reading it; PostGIS of the
    /// rows it fetched past the cursor.
    func nearestRows(of kind: FeatureKind, _ query: NearestQuery, limit: Int,
                     accept: ((Int64) throws -> Bool)?) throws -> [Feature]
    /// `nearestRows(of:…)` of each kind, without `accept`: a store may answer them in one round trip.
    func nearestRows(of kinds: [FeatureKind], _ query: NearestQuery, limit: Int) throws -> [Feature]
    /// Features of `kind` of the selected categories and sources whose exact geometry meets `part`
    /// (a box that does not cross the antimeridian), with row ids that `walk` reaches: at least the
    /// first `limit` of them in its order (more is allowed; the caller sorts and cuts).
    func boxRows(of kind: FeatureKind, in part: BoundingBox, categories: CategoryFilter, sources: SourceFilter, walk: RowWalk,
                 limit: Int) throws -> [Feature]
    /// The first `limit` rows of `kind` stored without a position, of the selected categories and
    /// sources, with ids that `walk` reaches, in its order; each with `Feature.unlocated` as its geometry.
    func unlocatedRows(of kind: FeatureKind, categories: CategoryFilter, sources: SourceFilter, walk: RowWalk,
                       limit: Int) throws -> [Feature]
    /// The features whose indexed words (`SearchText`) in one of `fields` (`SearchField`: names in
    /// every language, address, a cinema's film titles, a trip's catches, notes and water) include
    /// `term`, or with `prefix` a word that begins with it; by id ascending, each once (the engine
    /// merges these lists).
    func searchRows(term: String, prefix: Bool, in fields: Set<SearchField>) throws -> [FeatureID]
    /// Every distinct word of the text index, from which `searchCache` builds its `TypoIndex`.
    func searchVocabulary() throws -> [String]
    var searchCache: SearchCache { get }
    /// The POI rows that may have some importance (`SearchRanking.importance`): those with a
    /// population above 0, names in some language or a category of `SearchRanking.categoryWeights`.
    func importanceCandidates() throws -> [SearchRanking.Candidate]
    /// The same columns of the POI rows `rows` (ascending), those still stored.
    func importanceCandidates(rows: [Int64]) throws -> [SearchRanking.Candidate]
    /// The stored text of `KindTable.details` columns of one row, nil when the row is gone.
    func detailValues(of id: FeatureID) throws -> [String?]?
    /// Up to `limit` trips in the diary's order (`DiarySQL`) with their stored starts: `dated`, those
    /// whose start is before `after` (or equal to it, with a row above `row`), or with `after` nil
    /// the newest; else those without a start, with a row above `row`.
    func diaryRows(dated: Bool, after: String?, row: Int64, limit: Int) throws -> [(row: Int64, start: String?)]
    /// The trip's catches, in the order they were caught (those without a time last), as stored.
    func catches(ofTrip trip: Int64) throws -> [CatchRecord]
    /// The cinema's IANA zone (nil when the row is gone).
    func timezone(ofCinema cinema: Int64) throws -> String?
    /// The cinema's screenings that start in [start, end), by start, title and id.
    func screenings(ofCinema cinema: Int64, from start: Date, to end: Date) throws -> [Screening]
}

extension QueryEngine {
    public func nearestRows(of kinds: [FeatureKind], _ query: NearestQuery, limit: Int) throws -> [Feature] {
        try kinds.flatMap { try nearestRows(of: $0, query, limit: limit, accept: nil) }
    }

    public func nearest(_ query: NearestQuery) throws -> FeaturePage {
        try query.validate()
        try validate(categories: query.categories, sources: query.sources)
        // A cursor at an infinite distance is past every record with a position.
        let pastLocated = query.after?.distance == .infinity
        var ranked = pastLocated ? [] : try nearestRows(of: query.categories.kinds, query, limit: query.limit + 1)
        ranked.sort { ($0.distance!, $0.id) < ($1.distance!, $1.id) }
        // Then, as the guide lists them, the records without a position (no radius holds them).
        if query.maxDistance == nil, ranked.count <= query.limit {
            let after = pastLocated ? query.after?.id : nil
            for kind in query.categories.kinds where kind.mayLackPosition && ranked.count <= query.limit
                    && after.map({ kind >= $0.kind }) ?? true {
                ranked += try unlocatedRows(of: kind, categories: query.categories, sources: query.sources,
                                            walk: RowWalk(after: after.flatMap { $0.kind == kind ? $0.row : nil } ?? .min),
                                            limit: query.limit + 1 - ranked.count)
            }
        }
        let page = Array(ranked.prefix(query.limit))
        let next = ranked.count > query.limit ? page.last.map { Cursor(distance: $0.distance ?? .infinity, id: $0.id) } : nil
        return FeaturePage(features: page, next: next)
    }

    /// A page by id; with a backward cursor, the page before it, found by walking the ids down.
    public func bbox(_ query: BoxQuery) throws -> FeaturePage {
        try query.validate()
        try validate(categories: query.categories, sources: query.sources)
        let backward = query.after?.backward == true
        // The kinds in the walk's order, from the cursor's on (kinds order ids before rows do).
        let kinds = backward ? query.categories.kinds.reversed() : query.categories.kinds
        var found: [Feature] = []
        for kind in kinds where query.after.map({ backward ? kind <= $0.id.kind : kind >= $0.id.kind }) ?? true {
            let wanted = query.limit + 1 - found.count
            let walk = RowWalk(from: query.after, of: kind, backward: backward)
            var rows = try query.box.unwrapped.flatMap {
                try boxRows(of: kind, in: $0, categories: query.categories, sources: query.sources, walk: walk, limit: wanted)
            }
            if query.unlocated, kind.mayLackPosition {
                rows += try unlocatedRows(of: kind, categories: query.categories, sources: query.sources, walk: walk, limit: wanted)
            }
            // Into the walk's order (the two halves of a box across the antimeridian may share a row; the rows without a position come between).
            var seen = Set<Int64>()
            found += rows.indices.sorted { walk.precedes(rows[$0].id.row, rows[$1].id.row) }.filter { seen.insert(rows[$0].id.row).inserted }
                .prefix(wanted).map { rows[$0] }
            if found.count > query.limit { break }
        }
        return FeaturePage(walked: found, limit: query.limit, from: query.after)
    }

    public func withDetails(_ page: FeaturePage) throws -> FeaturePage {
        var page = page
        for i in page.features.indices {
            // Deleted since the query: shown without details.
            guard let values = try detailValues(of: page.features[i].id) else { continue }
            // Room for every column at once: growing from empty rehashed it twice per feature.
            var properties = [String: String](minimumCapacity: values.count)
            for (name, value) in zip(KindTable.of(page.features[i].id.kind).details.properties, values) {
                guard let value, !value.isEmpty, value != "{}", value != "[]" else { continue }
                switch name {
                // Stored as JSON; shown as flat properties in the manner of OSM tags.
                case "descriptions":
                    for (language, text) in JSON.decode([String: String].self, value) ?? [:] { properties["description:\(language)"] = text }
                case "images":
                    for (i, url) in (JSON.decode([String].self, value) ?? []).enumerated() { properties[i == 0 ? "image" : "image:\(i + 1)"] = url }
                default:
                    properties[name] = value
                }
            }
            page.features[i].properties = properties
            if page.features[i].id.kind == .trip { page.catches[page.features[i].id] = try catches(ofTrip: page.features[i].id.row) }
        }
        return page
    }

    public func cinemas(_ query: NearestQuery, day: String?, film: String?) throws -> CinemaPage {
        var query = query
        query.categories = CategoryFilter(["cinema"])
        try query.validate()
        try validate(sources: query.sources)
        let date = try day.map(LocalDay.init)
        // Without a day, each cinema's today, all taken at one instant (not one per cinema as the walk reaches it).
        let now = Date()
        var programmes: [Int64: (timezone: String, screenings: [Screening])] = [:]
        let rows = try nearestRows(of: .cinema, query, limit: query.limit + 1) { cinema in
            let programme = try self.programme(ofCinema: cinema, on: date, now: now, film: film)
            programmes[cinema] = programme
            return !programme.screenings.isEmpty
        }
        let page = rows.prefix(query.limit).map { cinema in
            let programme = programmes[cinema.id.row]!
            return CinemaProgramme(cinema: cinema, timezone: programme.timezone, screenings: programme.screenings)
        }
        let next = rows.count > query.limit ? page.last.map { Cursor(distance: $0.cinema.distance, id: $0.cinema.id) } : nil
        return CinemaPage(programmes: page, next: next)
    }

    /// The cinema's screenings that start on the local day in its own zone (nil: the day it is at
    /// `now` there), of films whose title contains `film` (ignoring case and diacritics, as people type).
    private func programme(ofCinema cinema: Int64, on day: LocalDay?, now: Date, film: String?) throws -> (timezone: String, screenings: [Screening]) {
        let zoneName = try timezone(ofCinema: cinema) ?? "UTC"
        let zone = TimeZone(identifier: zoneName) ?? .gmt
        let (start, end) = (day ?? LocalDay(containing: now, in: zone)).interval(in: zone)
        var programme = try screenings(ofCinema: cinema, from: start, to: end)
        if let film { programme.removeAll { !$0.title.localizedStandardContains(film) } }
        return (zoneName, programme)
    }
}
