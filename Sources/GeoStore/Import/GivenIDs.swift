import GeoCore

/// The ids a file gives its features, each with the record it came from: a file may not give
/// one id twice, since the id is what finds the record when the file is imported again. Only a
/// given id must be unique; records keyed by their content collapse (the last wins).
struct GivenIDs {
    private var first: [SourceKey: String] = [:]

    /// The key `record` must hold alone, nil when it need not (an id made of its content);
    /// refused when an earlier record gave it. Noted with `note` once the record is taken.
    func check(_ record: ImportRecord, given: Bool) throws(GeoError) -> SourceKey? {
        guard given || record.kind == .trip || FileImport.globalSources.contains(record.source ?? ""), let key = record.sourceKey else { return nil }
        if let label = first[key] {
            throw .invalid(field: .record("id"), reason: "'\(key.id)' is also the id of \(label); "
                + "the id identifies a feature when the file is imported again")
        }
        return key
    }

    mutating func note(_ key: SourceKey?, at label: String) {
        if let key { first[key] = label }
    }
}
