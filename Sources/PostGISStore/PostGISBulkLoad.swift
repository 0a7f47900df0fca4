import GeoCore
import GeoStore

/// What makes a large write of an import fast, inside its transaction (so that a failed import
/// takes it all back): indexes built once after the rows rather than grown row by row, and
/// the places' search words written by the import beside the rows rather than by a row trigger,
/// which runs a function, two statements and the text's folding in SQL for every row (about 17 µs
/// a place, most of a million places' import).
extension PostGISStore {
    /// The rows from which a write into an empty table builds its indexes after them (below, the
    /// drop and build cost more than they save, and readers would wait on the dropped indexes' lock).
    static let bulkRows = 10_000

    /// `body` with `indexes` dropped before it and built again after it, each once over all the
    /// rows (a sort, or GiST's build) rather than grown row by row: several times faster for a
    /// large import into an empty table. A unique index built after the rows finds a repeated key then.
    func withIndexesBuiltAfter(_ indexes: [BulkIndex], _ body: () throws -> Void) throws {
        for index in indexes { try execute(index.drop) }
        try body()
        for index in indexes { try execute(index.create) }
    }

    /// `body`'s writes into `poi` with its search trigger set aside: the caller writes the words
    /// (`placeWords`), and those of the places it updates go first. Disabling a trigger takes the
    /// lock the import already holds (SHARE ROW EXCLUSIVE): readers go on, and see it as it was.
    func withoutPlaceWordTrigger(_ body: () throws -> Void) throws {
        let trigger = "search_\(FeatureKind.poi.rawValue)"
        try execute("ALTER TABLE poi DISABLE TRIGGER \(trigger)")
        try body()
        try execute("ALTER TABLE poi ENABLE TRIGGER \(trigger)")
    }

    /// `search_word`'s columns as the import fills them.
    static let wordColumns = ["kind", "id", "word", "field"]

    /// A place's rows of `search_word` after its id, as `waymark_search_reindex` writes them: the
    /// distinct words of each field's text, folded by `SearchText` (the same words, tested letter by
    /// letter in SearchWordsTests) rather than in SQL.
    static func placeWords(_ p: PlaceRecord) -> [[String?]] {
        let texts: [(SearchField, String)] = [
            (.name, ([p.name] + p.names.values + [AlternateNames.text(p.alternateNames) ?? ""]).joined(separator: " ")),
            (.address, p.address ?? ""),
        ]
        var rows: [[String?]] = []
        for (field, text) in texts {
            var seen = Set<String>()
            let number = String(field.number)
            for word in SearchText.words(text) where seen.insert(word).inserted { rows.append([word, number]) }
        }
        return rows
    }
}
