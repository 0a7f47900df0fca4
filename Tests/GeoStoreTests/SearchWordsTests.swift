import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// The words a query is split into (`SearchText.words`) are the words each store's index holds
/// for the same text, letter by letter over the scripts place names are written in: a letter
/// folded on one side and not on the other is a name that cannot be found.
@Suite struct SearchWordsTests {
    /// Every assigned letter and mark of Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai,
    /// the kana and samples of Hangul and CJK, each alone and inside a word, and real names.
    static let samples: [String] = {
        let ranges: [ClosedRange<UInt32>] = [0x00C0...0x024F, 0x1E00...0x1EFF, 0x0370...0x03FF, 0x1F00...0x1FFF, 0x0400...0x052F,
                                             0x0591...0x05EA, 0x0610...0x065F, 0x0900...0x097F, 0x0E01...0x0E5B, 0x3041...0x30FF,
                                             0xAC00...0xAC40, 0x4E00...0x4E40, 0x0300...0x036F]
        let scalars = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).filter {
            switch $0.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }
        return scalars.map { "\($0) a\($0)b" }
            + ["Αθήνα", "Ελληνικά", "Київ", "Ёлки-Палки", "Йошкар-Ола", "हिन्दी", "リガ", "ヘルシンキ中央図書館「Oodi」", "עִבְרִית", "서울",
               "Hà Nội", "Thành phố Hồ Chí Minh", "Tromsø", "Łódź", "Straße", "Dziękuję"]
    }()

    /// The README's examples, written out: Greek's and Cyrillic's diacritics dropped as Latin's,
    /// final sigma as sigma, kana's voicing kept, Devanagari's vowel signs ending a word.
    @Test func wordsAreFoldedAsTheREADMESays() {
        #expect(SearchText.words("Київ Йошкар-Ола Ёлки ΑΘΉΝΑ Ἀθῆναι ΟΔΟΣ οδός") == ["киів", "иошкар", "ола", "елки", "αθηνα", "αθηναι", "οδοσ", "οδοσ"])
        #expect(SearchText.words("リガ ヘルシンキ中央図書館「Oodi」") == ["リガ", "ヘルシンキ中央図書館", "oodi"])
        #expect(SearchText.words("हिन्दी") == ["ह", "न", "द"])
        #expect(SearchText.words("Tromsø Łódź Straße Ǣ ſ Plzeň") == ["tromso", "lodz", "strasse", "ae", "s", "plzen"])
    }

    @Test(arguments: StoreKind.available)
    func queriesAreSplitAndFoldedAsTheIndexSplitsAndFolds(_ kind: StoreKind) throws {
        let database = TemporaryStore(kind)
        let store = try database.open()
        let places = Self.samples.map { ImportRecord.place(PlaceRecord(category: "see", name: $0, location: nil)) }
        _ = try store.importFiles([ParsedFile(file: "samples", places)], skipInvalid: false)
        let separator = "\u{1F}"
        func pairs(_ sql: String) throws -> [(Int64, String)] {
            try store.texts(sql).map { row in
                let parts = row.components(separatedBy: separator)
                return (Int64(parts[0])!, parts.dropFirst().joined(separator: separator))
            }
        }
        let names = Dictionary(uniqueKeysWithValues: try pairs("SELECT id || '\(separator)' || name FROM poi"))
        var indexed: [Int64: Set<String>] = [:]
        switch kind {
        case .spatiaLite:
            _ = try store.texts("CREATE VIRTUAL TABLE temp.search_instances USING fts5vocab(main, search_text, instance)")
            for (rowid, word) in try pairs("SELECT doc || '\(separator)' || term FROM temp.search_instances") {
                indexed[rowid / 4, default: []].insert(word)
            }
        case .postGIS:
            for (id, word) in try pairs("SELECT id || '\(separator)' || word FROM search_word WHERE kind = 0") { indexed[id, default: []].insert(word) }
        }
        var differences: [String] = []
        for (id, name) in names.sorted(by: { $0.key < $1.key }) {
            let query = Set(SearchText.words(name)), index = indexed[id] ?? []
            if query != index {
                differences.append("\(name) \(name.unicodeScalars.map { String($0.value, radix: 16) }): query \(query.sorted()), index \(index.sorted())")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(names.count) differ:\n\(differences.prefix(40).joined(separator: "\n"))")
    }

    /// PostGIS's import writes a place's words itself (`PostGISStore.placeWords`, folded in Swift)
    /// instead of its row trigger: the same rows as the trigger's function writes, for every sample
    /// as a name, a name in another language, an other name and an address.
    @Test(.enabled(if: StoreKind.available.contains(.postGIS), "WAYMARK_TEST_POSTGRES is unset"))
    func theImportWritesThePlacesWordsAsTheTriggerDoes() throws {
        let database = TemporaryStore(.postGIS)
        let store = try database.open()
        let places = Self.samples.enumerated().map { i, sample in
            var place = PlaceRecord(category: "see", name: "\(sample) \(i)", location: nil)
            place.names = ["lv": sample + " lv"]
            place.address = "\(sample) iela \(i)"
            place.alternateNames = [sample, "other \(sample)"]
            return ImportRecord.place(place)
        }
        _ = try store.importFiles([ParsedFile(file: "samples", places)], skipInvalid: false)
        let words = "SELECT kind || ' ' || id || ' ' || field || ' ' || word FROM search_word ORDER BY 1"
        let imported = try store.texts(words)
        _ = try store.texts("SELECT count(waymark_search_reindex(0::smallint, id)) FROM poi")
        let triggered = try store.texts(words)
        #expect(imported.count > 4 * places.count)
        #expect(imported == triggered, "\(Set(imported).symmetricDifference(triggered).sorted().prefix(20))")
    }
}
