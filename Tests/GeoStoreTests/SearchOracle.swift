import Foundation
import GeoCore
@testable import GeoStore

/// Search by brute force, independent of the engine and the indexes: every record's
/// words read back with plain SQL, folded and split by the README's rule written out with
/// Foundation, and each query word compared with each of them, prefix and one-edit
/// (Damerau) distance written out here. The ranking is the documented formula.
struct SearchOracle {
    struct Record {
        let id: FeatureID
        let category: String
        let source: String?
        /// The folded words of each field's texts.
        let fields: [SearchField: Set<String>]
        let population: Int?
        /// How many languages its `names` object names it in.
        let languages: Int

        var words: Set<String> { fields.values.reduce([]) { $0.union($1) } }
    }
    let records: [Record]

    /// The README's rule, written out with Foundation: decomposed, the combining marks of Latin,
    /// Greek and Cyrillic dropped, case folded, the letters people type otherwise typed so,
    /// recomposed, and split at what is not a letter or a digit (a mark left uncomposed included).
    static func fold(_ text: String) -> [String] {
        let marks: [ClosedRange<UInt32>] = [0x0300...0x036F, 0x0483...0x0489, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F]
        let kept = text.decomposedStringWithCanonicalMapping.unicodeScalars.filter { s in !marks.contains { $0.contains(s.value) } }
        var folded = String(String.UnicodeScalarView(kept)).folding(options: .caseInsensitive, locale: nil)
        for (letter, typed) in [("ø", "o"), ("ł", "l"), ("đ", "d"), ("ð", "d"), ("ħ", "h"), ("ı", "i"), ("æ", "ae"), ("œ", "oe"), ("þ", "th")] {
            folded = folded.replacingOccurrences(of: letter, with: typed)
        }
        return folded.precomposedStringWithCanonicalMapping
            .components(separatedBy: CharacterSet.alphanumerics.subtracting(.nonBaseCharacters).inverted).filter { !$0.isEmpty }
    }

    init(_ store: any TestedStore) throws {
        let separator = "\u{1F}"
        func rows(_ sql: String) throws -> [[String]] {
            try store.texts(sql).map { $0.components(separatedBy: separator) }
        }
        var records: [Record] = []
        func add(_ kind: FeatureKind, _ sql: String, population: ([String]) -> Int? = { _ in nil }, languages: ([String]) -> Int = { _ in 0 },
                 fields: (([String]) -> [SearchField: [String]])) throws {
            for row in try rows(sql) {
                records.append(Record(id: FeatureID(kind: kind, row: Int64(row[0])!), category: row[1], source: row[2] == "" ? nil : row[2],
                                      fields: fields(row).mapValues { Set($0.flatMap(Self.fold)) }, population: population(row),
                                      languages: languages(row)))
            }
        }
        let s = "'\(separator)'"
        try add(.poi, "SELECT id || \(s) || category || \(s) || coalesce(source, '') || \(s) || name || \(s) || names || \(s) || coalesce(address, '') || \(s) || coalesce(alt_names, '') || \(s) || coalesce(population, 0) FROM poi",
                population: { Int($0[7]).flatMap { $0 > 0 ? $0 : nil } }, languages: { Self.names($0[4]).count }) { row in
            let names = Self.names(row[4])
            return [.name: [row[3], row[6]] + names.values, .address: [row[5]]]
        }
        try add(.water, "SELECT id || \(s) || 'water' || \(s) || coalesce(source, '') || \(s) || coalesce(name, '') || \(s) || coalesce(alt_names, '') FROM water") {
            [.name: [$0[3], $0[4]]]
        }
        let titles = Dictionary(grouping: try rows("SELECT cinema_id || \(s) || title FROM screening"), by: { $0[0] }).mapValues { $0.map { $0[1] } }
        try add(.cinema, "SELECT id || \(s) || 'cinema' || \(s) || coalesce(source, '') || \(s) || name || \(s) || coalesce(address, '') || \(s) || coalesce(alt_names, '') FROM cinema") {
            [.name: [$0[3], $0[5]], .address: [$0[4]], .film: titles[$0[0]] ?? []]
        }
        let species = Dictionary(grouping: try rows("SELECT trip_id || \(s) || species FROM catch"), by: { $0[0] }).mapValues { $0.map { $0[1] } }
        let waters = Dictionary(uniqueKeysWithValues: try rows("SELECT id || \(s) || coalesce(name, '') FROM water").map { ($0[0], $0[1]) })
        try add(.trip, "SELECT id || \(s) || 'trip' || \(s) || coalesce(source, '') || \(s) || name || \(s) || coalesce(notes, '') || \(s) || coalesce(CAST(water_id AS TEXT), '') FROM trip") {
            [.name: [$0[3]], .notes: [$0[4]], .catch: species[$0[0]] ?? [], .water: [waters[$0[5]] ?? ""]]
        }
        self.records = records
    }

    /// A word's penalty in `record`: its best over the fields of `scope`, 1 more outside the names.
    static func penalty(_ word: String, in record: Record, scope: Set<SearchField>) -> Double? {
        scope.compactMap { field in penalty(word, in: record.fields[field] ?? []).map { $0 + (field == .name ? 0 : 1) } }.min()
    }

    static func names(_ json: String) -> [String: String] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: String] ?? [:]
    }

    /// 0.1 for a record of no importance, 0.1 ÷ 56 less for each step: each whole quarter of a
    /// decade of its population (40 at most), 8 for a city, 4 for a sight, 2 for a thing to do, one
    /// for each language it is named in up to 8.
    static func importance(_ record: Record) -> Double {
        guard record.id.kind == .poi else { return 0.1 }
        var quarters = 0
        while let population = record.population, quarters < 40, pow(10, Double(quarters + 1) / 4) <= Double(population) { quarters += 1 }
        let steps = quarters + (["city": 8, "see": 4, "do": 2][record.category] ?? 0) + min(8, record.languages)
        return 0.1 - 0.1 * Double(steps) / 56
    }

    /// 0 for a word equal to `word`, 0.25 for one that starts with it (`word` of 2 or more
    /// characters), 0.5 for one an edit away (`word` of 5 or more); nil when none.
    static func penalty(_ word: String, in words: Set<String>) -> Double? {
        if words.contains(word) { return 0 }
        if word.count >= 2, words.contains(where: { $0.hasPrefix(word) }) { return 0.25 }
        if word.count >= 5, words.contains(where: { editIsOne(Array($0.unicodeScalars), Array(word.unicodeScalars)) }) { return 0.5 }
        return nil
    }

    /// The Wagner–Fischer table, in full, with Damerau's swap of two neighbours (the optimal
    /// string alignment distance).
    static func editIsOne(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard abs(a.count - b.count) <= 1 else { return false }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count] == 1
    }

    /// Every match of `text` as (cost, id), in the documented order; distances from `distance`.
    func search(_ text: String, kinds: Set<FeatureKind> = Set(FeatureKind.allCases), category: String? = nil,
                scope: Set<SearchField> = Set(SearchField.allCases), distance: ((FeatureID) -> Double)? = nil) -> [(cost: Double, id: FeatureID)] {
        let words = Self.fold(text)
        var found: [(Double, FeatureID)] = []
        for record in records where kinds.contains(record.id.kind) && (category == nil || record.category == category) {
            var sum = 0.0
            var matched = true
            for word in words {
                guard let p = Self.penalty(word, in: record, scope: scope) else { matched = false; break }
                sum += p
            }
            guard matched else { continue }
            found.append((sum / Double(words.count) + Self.importance(record) + (distance?(record.id) ?? 0) / 10_000, record.id))
        }
        return found.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }
}
