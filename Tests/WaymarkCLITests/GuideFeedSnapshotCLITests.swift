import Foundation
import Testing
import TestSupport

// The travel guide's feed is a full snapshot in each language (issue 30, item 5): a re-import
// removes what the feed no longer has, an object in one language's file only is imported with a
// warning, and one language's file imported alone keeps the other language's texts. The feed is
// Data/travel-guide's (14 objects in each language, the same order), cut or grown here; of its
// objects only the beach has a position, so each import gives one record its time zone.

private let guideFiles = ["objekti.xml", "objekti-eng.xml"].map { packageRoot.appendingPathComponent("Data/travel-guide/\($0)").path }
private let roja = ["--lat", "57.5093", "--lon", "22.8061"]

/// A feed file's text with the objects named in `removed` left out and `added` (objects' XML) put
/// after the object at `after` (0-based; nil: none added).
private func feed(_ path: String, removing removed: Set<String> = [], adding added: String = "", after: Int? = nil) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let objects = text.matches(of: #/<objekts>.*?</objekts>/#.dotMatchesNewlines()).map { String($0.output) }
    var kept = objects.filter { object in !removed.contains { object.contains("<nosaukums>\($0)</nosaukums>") } }
    if let after { kept.insert(added, at: after + 1) }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<objekti>\n" + kept.joined(separator: "\n") + "\n</objekti>\n"
}

/// The places to stay in `lang` (name by `--lang`), all 14 of them with and without a position, in the answer's order.
private func staysIn(_ lang: String, _ workspace: Workspace) async throws -> [String] {
    let result = try await run(["nearest"] + roja + ["--category", "stay", "--limit", "50", "--lang", lang, "--format", "json"], env: workspace.env)
    #expect(result.status == 0, "\(result.stderr)")
    return try plainPage(result.stdout).features.compactMap { $0["name"] as? String }
}

private func importGuide(_ files: [String], _ workspace: Workspace, _ options: [String] = []) async throws -> (status: Int32, stdout: String, stderr: String) {
    try await run(["import"] + options + files, env: workspace.env)
}

@Test func anObjectInOneLanguagesFileOnlyIsImportedWithAWarningNamingIt() async throws {
    let workspace = try Workspace()
    // The English file has one object more, second in its list: a café the Latvian file does not have yet.
    let cafe = "<objekts><nosaukums>Seaside café</nosaukums><tips>Where to eat</tips><latitude></latitude><longitude></longitude></objekts>"
    let english = try workspace.file("objekti-eng.xml", try feed(guideFiles[1], adding: cafe, after: 0))
    let result = try await importGuide([guideFiles[0], english], workspace)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "imported 15 poi from 2 file(s); 1 given the time zone of their position\n", "\(result.stdout)")
    // The warning names the object, its id and the file it is in.
    let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning ") }
    #expect(warnings.count == 1, "\(result.stderr)")
    #expect(warnings.first?.contains("\(english): objekts 1:") == true, "\(result.stderr)")
    #expect(warnings.first?.contains("'Seaside café'") == true && warnings.first?.contains("id 'Seaside café'") == true, "\(result.stderr)")
    #expect(warnings.first?.contains("objekti.xml") == true, "\(result.stderr)")
    // Every other object keeps its own English name, not its neighbour's.
    let lv = try await staysIn("lv", workspace), en = try await staysIn("en", workspace)
    let pairs = Dictionary(uniqueKeysWithValues: zip(lv, en).filter { $0.0 != "Telts vietas Rojā" })
    #expect(pairs["Kempings \"Tāti\""] == "Camping \"Tāti\"", "\(pairs)")
    #expect(pairs["Viesu nams \"Zivtīpi\""] == "Guest house \"Zivtīpi\"", "\(pairs)")
    #expect(pairs["Sporta un atpūtas komplekss \"Dzintarkrasts\""] == "Sports and leisure complex \"Dzintarkrasts\"", "\(pairs)")
    let eat = try await run(["nearest"] + roja + ["--category", "eat", "--lang", "en", "--format", "json"], env: workspace.env)
    #expect(try plainPage(eat.stdout).features.compactMap { $0["name"] as? String } == ["Seaside café"], "\(eat)")
}

@Test func aFeedImportedAgainRemovesWhatItNoLongerHasUnlessKeepMissing() async throws {
    let workspace = try Workspace()
    let first = try await importGuide(guideFiles, workspace)
    try #require(first.status == 0, "\(first.stderr)")
    // The next feed: the tent sites in Ģipka and Vimbas are gone, in both languages.
    let lv = try workspace.file("objekti.xml", try feed(guideFiles[0], removing: ["Telts vietas Ģipkā", "Brīvdienu māja \"Vimbas\""]))
    let en = try workspace.file("objekti-eng.xml", try feed(guideFiles[1], removing: ["Tent sites in Ģipka", "Holiday home \"Vimbas\""]))
    let kept = try await importGuide([lv, en], workspace, ["--keep-missing"])
    #expect(kept.status == 0 && kept.stdout == "imported 12 poi from 2 file(s); 1 given the time zone of their position\n", "\(kept)")
    #expect(try await staysIn("lv", workspace).count == 13)
    let replaced = try await importGuide([lv, en], workspace)
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(replaced.stdout == "imported 12 poi from 2 file(s); 1 given the time zone of their position; removed 2 objects the feed no longer has\n", "\(replaced.stdout)")
    let stays = try await staysIn("lv", workspace)
    #expect(stays.count == 11 && !stays.contains("Telts vietas Ģipkā") && !stays.contains("Brīvdienu māja \"Vimbas\""), "\(stays)")
    // --keep-missing and --replace-source contradict each other.
    let both = try await importGuide([lv, en], workspace, ["--keep-missing", "--replace-source"])
    #expect(both.status == 64 && both.stderr.contains("--keep-missing") && both.stderr.contains("--replace-source"), "\(both)")
}

@Test func oneLanguagesFileImportedAloneKeepsTheOtherLanguagesTexts() async throws {
    let workspace = try Workspace()
    let first = try await importGuide(guideFiles, workspace)
    try #require(first.status == 0, "\(first.stderr)")
    let english = try await staysIn("en", workspace), latvian = try await staysIn("lv", workspace)
    let ids = try await run(["nearest"] + roja + ["--category", "stay,do", "--limit", "50", "--format", "json"], env: workspace.env)
    for options in [[], ["--replace-source"]] {
        // The Latvian file alone: every English name stays.
        let lv = try await importGuide([guideFiles[0]], workspace, options)
        #expect(lv.status == 0 && lv.stdout == "imported 14 poi from 1 file(s); 1 given the time zone of their position\n", "\(options): \(lv)")
        #expect(try await staysIn("en", workspace) == english, "\(options)")
        // The English file alone: the same 14 objects (no English doubles), their Latvian names kept.
        let en = try await importGuide([guideFiles[1]], workspace, options)
        #expect(en.status == 0 && en.stdout == "imported 14 poi from 1 file(s); 1 given the time zone of their position\n", "\(options): \(en)")
        #expect(try await staysIn("lv", workspace) == latvian, "\(options)")
        #expect(try await staysIn("en", workspace) == english, "\(options)")
        let again = try await run(["nearest"] + roja + ["--category", "stay,do", "--limit", "50", "--format", "json"], env: workspace.env)
        #expect(try plainPage(again.stdout).features.compactMap { $0["id"] as? String } == (try plainPage(ids.stdout).features.compactMap { $0["id"] as? String }))
    }
    // One language's snapshot: an object gone from the Latvian file goes, texts and all; the others keep their English.
    let cut = try workspace.file("objekti.xml", try feed(guideFiles[0], removing: ["Viesu nams \"Zivtīpi\""]))
    let snapshot = try await importGuide([cut], workspace)
    #expect(snapshot.stdout == "imported 13 poi from 1 file(s); 1 given the time zone of their position; removed 1 object the feed no longer has\n", "\(snapshot)")
    #expect(try await staysIn("en", workspace) == english.filter { $0 != "Guest house \"Zivtīpi\"" })
}

/// An object skipped as invalid is in no snapshot: replacing would delete its stored row as if the
/// feed no longer had it, so the import is refused, pointing at --keep-missing, which deletes nothing.
@Test func aFeedWithASkippedObjectIsReplacedOnlyWhenKeepingWhatIsMissing() async throws {
    let workspace = try Workspace()
    let first = try await importGuide([guideFiles[0]], workspace)
    try #require(first.status == 0, "\(first.stderr)")
    let broken = try workspace.file("objekti.xml", try String(contentsOfFile: guideFiles[0], encoding: .utf8)
        .replacingOccurrences(of: "<latitude>57.50935</latitude>", with: "<latitude>97.50935</latitude>"))
    let refused = try await importGuide([broken], workspace, ["--skip-invalid"])
    #expect(refused.status != 0 && refused.stderr.contains("--keep-missing") && !refused.stderr.contains("without --replace-source"), "\(refused)")
    let kept = try await importGuide([broken], workspace, ["--skip-invalid", "--keep-missing"])
    #expect(kept.status == 0 && kept.stdout == "imported 13 poi from 1 file(s); skipped 1 invalid record(s)\n", "\(kept)")
    #expect(try await staysIn("lv", workspace).count == 13)
    // --keep-missing is the feed's: refused for other files, and --allow-shrink means nothing beside it.
    let csv = try workspace.file("roja.csv", "name,category,lat,lon\nKafe,eat,57.5,22.8\n")
    let notAFeed = try await importGuide([csv], workspace, ["--keep-missing"])
    #expect(notAFeed.status == 64 && notAFeed.stderr.contains("--keep-missing: only for the travel guide's feed"), "\(notAFeed)")
    let shrink = try await importGuide([broken], workspace, ["--keep-missing", "--allow-shrink"])
    #expect(shrink.status == 64 && shrink.stderr.contains("--allow-shrink"), "\(shrink)")
}
