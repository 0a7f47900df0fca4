import GeoCore

/// The features an export writes (`FeatureStore.export`), read from the store one at a time each
/// time they are walked: a writer walks them twice, once to plan its layers and fields and once to
/// write, and never holds more than one.
public struct ExportFeed {
    let store: any FeatureStore
    let selection: ExportSelection
    /// What the selection's area holds, when it has one.
    let ids: Set<FeatureID>?

    /// Each selected record, by kind and then id.
    public func forEach(_ body: (ExportedFeature) throws -> Void) throws {
        for kind in FeatureKind.allCases where selection.kinds.isEmpty || selection.kinds.contains(kind) {
            try store.exportRecords(kind) { row, record in
                let id = FeatureID(kind: kind, row: row)
                guard selection.selects(record), ids?.contains(id) ?? true else { return }
                try body(ExportedFeature(record, id: id.description))
            }
        }
    }
}
