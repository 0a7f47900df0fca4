import GeoCore

/// The operations every store offers: SpatiaLite (`SpatiaLiteStore`) and PostGIS (`PostGISStore`).
public protocol FeatureStore: ZoneStore {
    /// Stores every record of the files in one transaction, or none when a record is invalid
    /// and `skipInvalid` is false. Records without a zone get the zone of their position, and a
    /// record whose given zone does not hold its position is a warning, or with `strictTimezones`
    /// an invalid record (`ImportPlan.assignZones`).
    /// With `replacingSources`, the stored records of each of those sources become exactly the
    /// files' ones: the others are deleted in the same transaction, unless a source would lose more
    /// records than the files hold of it (`ShrinkRefused`) and `allowShrink` is false.
    func importFiles(_ files: [ParsedFile], skipInvalid: Bool, strictTimezones: Bool, replacingSources: Set<String>,
                     allowShrink: Bool) throws -> ImportSummary
    /// Deletes the records `deletion` names, in one transaction: all of them or, when one is not
    /// stored (an unknown id or source), none.
    func delete(_ deletion: Deletion) throws -> DeletedCounts
    func nearest(_ query: NearestQuery) throws -> FeaturePage
    func bbox(_ query: BoxQuery) throws -> FeaturePage
    /// A page of one kind's features (`KindQuery`), as `bbox` pages them.
    func listing(_ query: KindQuery) throws -> FeaturePage
    /// Features by name, address or film title (`SearchQuery`, ranked by `SearchRanking`), with their total.
    func search(_ query: SearchQuery) throws -> FeaturePage
    /// Builds what a search reads of the whole store for the data as it is now, the typo index and
    /// the places' importance (a server does so when the data changes, so that no search waits the
    /// seconds a million names take).
    func prepareSearch() throws
    /// The page with every feature's other attributes (`Feature.properties`) filled in.
    func withDetails(_ page: FeaturePage) throws -> FeaturePage
    /// The features of these ids (core columns, no distance), any order; ids of deleted rows are left out.
    func features(_ ids: [FeatureID]) throws -> [Feature]
    /// The query's nearest cinemas (within its radius, after its cursor) with screenings on the
    /// local `day` (YYYY-MM-DD in each cinema's zone; nil: the day it is now in each cinema's zone),
    /// optionally only of films whose title contains `film`; its categories are ignored.
    func cinemas(_ query: NearestQuery, day: String?, film: String?) throws -> CinemaPage
    /// The angler's diary, newest first (`DiaryQuery`).
    func diary(_ query: DiaryQuery) throws -> FeaturePage
    /// The diary's statistics (`CatchStatistic.tally`: catches and attendance) of what `filter`
    /// selects, their groups in the order of `language`'s collation (Czech puts "Štika" after
    /// "Sumec"; Unicode's root collation without one).
    func catchStatistics(by grouping: [CatchGrouping], filter: CatchFilter, language: String?) throws -> [CatchStatistic]
    func categories() throws -> [CategoryCount]
    /// Every category code a query may name: those of the stored POIs, and the kinds.
    func knownCategories() throws -> Set<String>
    /// Every source name a query or a deletion may name: those stored records come from
    /// (`Feature.source`), kept by the store as long as the data does not change.
    func knownSources() throws -> Set<String>
    /// A number that changes whenever the stored data does, whoever changed it (caches key by it).
    func dataVersion() throws -> UInt64
    /// Every stored record of `kind` with its row id, in id order, handed to `body` one at a time
    /// (`Export.sql` read as it goes, where the store can): an export holds no more than one.
    func exportRecords(_ kind: FeatureKind, _ body: (Int64, ImportRecord) throws -> Void) throws
    /// Runs `body`'s queries against one state of the data (a query and then its details, a
    /// map's fetches), where the store can; not nested, and not around writes.
    func reading<T>(_ body: () throws -> T) throws -> T
}

extension FeatureStore {
    public func importFiles(_ files: [ParsedFile], skipInvalid: Bool, strictTimezones: Bool = false) throws -> ImportSummary {
        try importFiles(files, skipInvalid: skipInvalid, strictTimezones: strictTimezones, replacingSources: [], allowShrink: false)
    }

    /// The first page of `cinemas(_:day:film:)` without a radius.
    public func cinemas(near center: Coordinate, day: String?, film: String?, limit: Int) throws -> [CinemaProgramme] {
        try cinemas(NearestQuery(center: center, limit: limit), day: day, film: film).programmes
    }

    /// `catchStatistics(by:filter:language:)` of everything, in Unicode's root collation.
    public func catchStatistics(by grouping: [CatchGrouping], filter: CatchFilter = CatchFilter()) throws -> [CatchStatistic] {
        try catchStatistics(by: grouping, filter: filter, language: nil)
    }

    /// Whether the store holds neither records nor zone polygons: a database just made, which
    /// `waymark import` gives the shipped zones before its first records. Records are counted,
    /// not their sources, which a record may lack; only a store without zones is counted.
    public func isNew() throws -> Bool { try !holdsZones() && categories().isEmpty }

    /// Every stored record, one file per kind, ready to import into another store (`copy(to:)`).
    public func exportAll() throws -> [ParsedFile] {
        try Export.sql.map { kind, _, _ in
            var file = ParsedFile(file: kind.rawValue), ids: [Int64] = []
            try exportRecords(kind) { id, record in
                file.add(record, at: "\(kind.rawValue)/\(id)")
                ids.append(id)
            }
            file.storedIDs = ids
            return file
        }
    }

    /// Each query on its own: a store without read transactions of its own.
    public func reading<T>(_ body: () throws -> T) throws -> T { try body() }

    /// The one check of what a query, a map's fetch or a deletion selects, made by the engine
    /// (`QueryEngine`'s queries, `targets(of:)`) and never by a face: every category code and every
    /// source name must be one the store knows, or it would select nothing without a word. The
    /// error lists the known ones (the first `listedNames` of them). Kinds need no check here:
    /// a `FeatureKind` is known by construction, stored rows or not.
    public func validate(categories: CategoryFilter = CategoryFilter(), sources: SourceFilter = SourceFilter()) throws {
        if !categories.isAll {
            let known = try knownCategories(), unknown = categories.codes.subtracting(known)
            guard unknown.isEmpty else {
                throw GeoError.invalid(field: .category, reason: "unknown \(unknown.sorted().joined(separator: ", ")); "
                                       + "the known categories are \(listed(known))")
            }
        }
        if !sources.isAll {
            let known = try knownSources(), unknown = sources.names.subtracting(known)
            guard unknown.isEmpty else {
                throw GeoError.invalid(field: .source, reason: "no stored record comes from \(unknown.sorted().map { "'\($0)'" }.joined(separator: ", ")); "
                                       + (known.isEmpty ? "none names a source" : "the known sources are \(listed(known))"))
            }
        }
    }
}

/// How many known names an error about an unknown one lists; the others are counted.
package let listedNames = 30

/// The names, sorted: the first `listedNames` of them and a count of the rest.
private func listed(_ names: Set<String>) -> String {
    let sorted = names.sorted()
    return sorted.prefix(listedNames).joined(separator: ", ") + (sorted.count > listedNames ? " and \(sorted.count - listedNames) more" : "")
}
