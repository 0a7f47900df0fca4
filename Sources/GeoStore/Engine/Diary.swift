import GeoCore

extension QueryEngine {
    /// The diary's page (`DiaryQuery`): the trips' rows in order from the store (`diaryRows`), then
    /// their features; a trip deleted in between is left out.
    public func diary(_ query: DiaryQuery) throws -> FeaturePage {
        try query.validate()
        let after = query.after
        var rows: [(row: Int64, start: String?)] = []
        if after?.distance?.isFinite ?? true {
            rows = try diaryRows(dated: true, after: after.flatMap { $0.distance.flatMap(DiaryOrder.start(key:)) },
                                 row: after?.id.row ?? .min, limit: query.limit + 1)
        }
        if rows.count <= query.limit {
            let row = after?.distance == .infinity ? after!.id.row : .min
            rows += try diaryRows(dated: false, after: nil, row: row, limit: query.limit + 1 - rows.count)
        }
        // A trip whose start changed between the two queries (outside `reading`) is listed once.
        var seen = Set<Int64>()
        rows = rows.filter { seen.insert($0.row).inserted }
        let page = rows.prefix(query.limit)
        let found = Dictionary(try features(page.map { FeatureID(kind: .trip, row: $0.row) }).map { ($0.id.row, $0) }) { first, _ in first }
        let next = rows.count > query.limit ? page.last.map { Cursor(distance: DiaryOrder.key(start: $0.start), id: FeatureID(kind: .trip, row: $0.row)) } : nil
        return FeaturePage(features: page.compactMap { found[$0.row] }, next: next)
    }
}
