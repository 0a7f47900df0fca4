import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// The travel guide's feed, one file per language, imported into each store as the CLI does it by
/// default (`replacingSources: ["travel-guide"]`): one language's file alone keeps the other
/// language's texts and ids, and removes only what that language's feed no longer has.
@Suite struct FeedSnapshotTests {
    let files = TemporaryDatabase()

    static let lv = """
    <objekti>
      <objekts><nosaukums>Rojas pludmale un moli</nosaukums><tips>Ko darīt</tips><apraksts>Smilšaina pludmale.</apraksts>
        <latitude>57.50935</latitude><longitude>22.80612</longitude></objekts>
      <objekts><nosaukums>Brīvdienu māja "Vinkalni"</nosaukums><tips>Kur palikt</tips><apraksts>Māja.</apraksts></objekts>
      <objekts><nosaukums>Kempings "Tāti"</nosaukums><tips>Kur palikt</tips></objekts>
    </objekti>
    """

    static let en = """
    <objekti>
      <objekts><nosaukums>Roja beach and piers</nosaukums><tips>What to do</tips><apraksts>A sandy beach.</apraksts>
        <latitude>57.50935</latitude><longitude>22.80612</longitude></objekts>
      <objekts><nosaukums>Holiday home "Vinkalni"</nosaukums><tips>Where to stay</tips><apraksts>A house.</apraksts></objekts>
      <objekts><nosaukums>Camping "Tāti"</nosaukums><tips>Where to stay</tips></objekts>
    </objekti>
    """

    private func load(_ store: any FeatureStore, _ feeds: [(name: String, text: String)]) throws -> ImportSummary {
        let paths = try feeds.map { feed in
            let url = files.directory.appendingPathComponent(feed.name)
            try Data(feed.text.utf8).write(to: url)
            return url.path
        }
        let parsed = try FileImport.parse(paths: paths, source: nil)
        #expect(parsed.flatMap(\.problems).isEmpty, "\(parsed.flatMap(\.problems))")
        return try store.importFiles(parsed, skipInvalid: false, strictTimezones: false, replacingSources: ["travel-guide"], allowShrink: false)
    }

    /// Each stored object as "source id | lv name | en name | lv description | en description".
    private func objects(_ store: any TestedStore) throws -> [String] {
        let names = try store.texts("SELECT names FROM poi ORDER BY source_id"), descriptions = try store.texts("SELECT descriptions FROM poi ORDER BY source_id")
        return try zip(store.texts("SELECT source_id FROM poi ORDER BY source_id"), zip(names, descriptions)).map { id, texts in
            let n = JSON.decode([String: String].self, texts.0) ?? [:], d = JSON.decode([String: String].self, texts.1) ?? [:]
            return [id, n["lv"] ?? "-", n["en"] ?? "-", d["lv"] ?? "-", d["en"] ?? "-"].joined(separator: " | ")
        }
    }

    static let bilingual = [
        "Brīvdienu māja \"Vinkalni\" | Brīvdienu māja \"Vinkalni\" | Holiday home \"Vinkalni\" | Māja. | A house.",
        "Kempings \"Tāti\" | Kempings \"Tāti\" | Camping \"Tāti\" | - | -",
        "Rojas pludmale un moli | Rojas pludmale un moli | Roja beach and piers | Smilšaina pludmale. | A sandy beach.",
    ]

    @Test(arguments: StoreKind.available)
    func oneLanguagesFileAloneKeepsTheOtherLanguagesTextsAndIds(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        _ = try load(store, [("objekti.xml", Self.lv), ("objekti-eng.xml", Self.en)])
        #expect(try objects(store) == Self.bilingual)
        let ids = try store.texts("SELECT id FROM poi ORDER BY id")

        // The Latvian file alone, its description of Vinkalni changed: the English texts stay.
        let summary = try load(store, [("objekti.xml", Self.lv.replacingOccurrences(of: "Māja.", with: "Jauna māja."))])
        #expect(summary.deleted.isEmpty)
        #expect(try objects(store) == Self.bilingual.map { $0.replacingOccurrences(of: "Māja.", with: "Jauna māja.") })
        // The English file alone: the same rows (no English doubles), the Latvian texts and ids kept.
        _ = try load(store, [("objekti-eng.xml", Self.en.replacingOccurrences(of: "A house.", with: "A new house."))])
        #expect(try objects(store) == Self.bilingual.map {
            $0.replacingOccurrences(of: "Māja.", with: "Jauna māja.").replacingOccurrences(of: "A house.", with: "A new house.")
        })
        #expect(try store.texts("SELECT id FROM poi ORDER BY id") == ids)
        #expect(try store.texts("SELECT name FROM poi ORDER BY source_id") == ["Brīvdienu māja \"Vinkalni\"", "Kempings \"Tāti\"", "Rojas pludmale un moli"])
    }

    /// A language's file is the snapshot of the objects that language has: an object it no longer
    /// has goes; one it never had (in the other language's file only) stays.
    @Test(arguments: StoreKind.available)
    func oneLanguagesSnapshotRemovesOnlyWhatThatLanguageHad(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let cafe = "<objekts><nosaukums>Seaside café</nosaukums><tips>Where to eat</tips></objekts>\n</objekti>"
        _ = try load(store, [("objekti.xml", Self.lv), ("objekti-eng.xml", Self.en.replacingOccurrences(of: "</objekti>", with: cafe))])
        #expect(try store.count("poi") == 4)
        let withoutTati = Self.lv.replacingOccurrences(of: #"<objekts><nosaukums>Kempings "Tāti"</nosaukums><tips>Kur palikt</tips></objekts>"#, with: "")
        let summary = try load(store, [("objekti.xml", withoutTati)])
        #expect(summary.deleted == [.poi: 1])
        #expect(try store.texts("SELECT source_id FROM poi ORDER BY source_id") == ["Brīvdienu māja \"Vinkalni\"", "Rojas pludmale un moli", "Seaside café"])
        #expect(try objects(store).first == Self.bilingual[0])
    }

    /// A cut-short language's file is refused as any cut-short file is (it would remove more than it
    /// holds), however many objects of the other language only are kept beside it.
    @Test(arguments: StoreKind.available)
    func aCutShortLanguagesFileIsRefusedWhateverTheOtherLanguageKeeps(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let cafes = (1...3).map { "<objekts><nosaukums>Seaside café \($0)</nosaukums><tips>Where to eat</tips></objekts>" }.joined()
        _ = try load(store, [("objekti.xml", Self.lv), ("objekti-eng.xml", Self.en.replacingOccurrences(of: "</objekti>", with: cafes + "</objekti>"))])
        #expect(try store.count("poi") == 6)
        let beachOnly = Self.lv.components(separatedBy: "<objekts>").prefix(2).joined(separator: "<objekts>") + "</objekti>"
        #expect(throws: ShrinkRefused.self) { try load(store, [("objekti.xml", beachOnly)]) }
        #expect(try store.count("poi") == 6)
    }

    /// An object the Latvian file now has too, that was stored from the English file only: found by
    /// what it shares (its phone), it keeps its English texts and takes its Latvian name as its id.
    @Test(arguments: StoreKind.available)
    func anObjectOnceEnglishOnlyTakesItsLatvianNameWhenTheLatvianFileHasIt(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let cafe = "<objekts><nosaukums>Seaside café</nosaukums><tips>Where to eat</tips><telefons>+371 20000000</telefons></objekts>\n</objekti>"
        _ = try load(store, [("objekti.xml", Self.lv), ("objekti-eng.xml", Self.en.replacingOccurrences(of: "</objekti>", with: cafe))])
        let kafe = "<objekts><nosaukums>Jūras kafejnīca</nosaukums><tips>Kur paēst</tips><telefons>+371 20000000</telefons></objekts>\n</objekti>"
        _ = try load(store, [("objekti.xml", Self.lv.replacingOccurrences(of: "</objekti>", with: kafe))])
        let stored = try objects(store)
        #expect(stored == [Self.bilingual[0], "Jūras kafejnīca | Jūras kafejnīca | Seaside café | - | -", Self.bilingual[1], Self.bilingual[2]], "\(stored)")
        #expect(try store.texts("SELECT name FROM poi WHERE phone IS NOT NULL") == ["Jūras kafejnīca"])
    }
}
