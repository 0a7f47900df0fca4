import Foundation
import GeoCore

/// The travel guide's XML feed, one file per language:
/// `<objekti><objekts><nosaukums/><tips/><apraksts/><bildes><bilde/>…</bildes><adrese/><telefons/>
/// <mobilaistelefons/><epasts/><majaslapa/><latitude/><longitude/></objekts>…</objekti>`.
///
/// The files are merged into one multilingual place per object. Problems name "objekts N"
/// (0-based within the file that has the problem). Each element of an object is given at most
/// once and holds plain text: the feed has no markup, so an element inside a text (`A<b>bold</b>C`)
/// is refused rather than dropped, as is a second `<latitude>` that would be ignored.
///
/// Places come from source "travel-guide" with the object's name in the primary language
/// (`<nosaukums>`, trimmed) as their id, so that importing the feed again updates each object's
/// row even after objects were added, removed or reordered; renaming an object makes it a new
/// place. A repeated name is kept apart by position or order (`sourceID(of:occurrence:taken:)`).
public enum TravelGuideFeedParser {
    /// The category code a `<tips>` value names (a code, or a label as `CategoryLabels` reads
    /// them, stray spaces and "?" included), or nil.
    static func category(forTips tips: String) -> String? {
        let code = tips.folded
        return CategoryLabels.table.contains { $0.code == code } ? code : CategoryLabels.code(forLabel: tips)
    }

    /// The language of a feed file from its name's last `-`/`_` suffix: objekti.xml → lv,
    /// objekti-eng.xml / -en → en, -cs / -cz → cs, any other two-letter suffix → itself; lv by default.
    public static func language(forFileName fileName: String) -> String {
        let base = URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent.lowercased()
        guard let separator = base.lastIndex(where: { $0 == "-" || $0 == "_" }) else { return "lv" }
        let suffix = String(base[base.index(after: separator)...])
        switch suffix {
        case "en", "eng": return "en"
        case "cs", "cz", "cze", "ces": return "cs"
        case "lv", "lav": return "lv"
        default: return suffix.count == 2 && suffix.allSatisfy({ $0.isASCII && $0.isLetter }) ? suffix : "lv"
        }
    }

    /// Parses and merges the files. The first lv file (else the first file) is the primary: its
    /// objects, names and order define the places. Another file's objects are matched to them
    /// (`FeedObjectMatching`); one it has that no other file has is a place of its own, after the
    /// primary's. An object missing from a file is imported all the same, with a warning naming it,
    /// its id and the files it is not in: the files are the feed in each language, and one that is a
    /// step ahead of the other must not hold up the whole feed.
    public static func parse(_ files: [(data: Data, file: String, language: String)]) throws(ImportProblem) -> ParsedFile {
        guard !files.isEmpty else { throw ImportProblem(file: "travel guide", record: "file", reason: "no feed files given") }
        let ordered = files.filter { $0.language == "lv" } + files.filter { $0.language != "lv" }
        var feeds: [(file: String, language: String, objects: [PlaceRecord?], parsed: ParsedFile)] = []
        for input in ordered {
            let root = try XMLNode.parse(input.data, file: input.file)
            guard root.name == "objekti" else {
                throw ImportProblem(file: input.file, record: "file", reason: "not a travel guide feed: the root element is <\(root.name)>, not <objekti>")
            }
            var parsed = ParsedFile(file: input.file)
            let objects = root.children("objekts").enumerated().map { index, node in
                parsed.attempt("objekts \(index)") { () throws(GeoError) in try place(node, language: input.language) }
            }
            feeds.append((input.file, input.language, objects, parsed))
        }

        var result = ParsedFile(file: feeds.map(\.file).joined(separator: " + "))
        result.problems = feeds.flatMap(\.parsed.problems)
        result.omittedProblems = feeds.map(\.parsed.omittedProblems).reduce(0, +)
        result.snapshotLanguages = Set(feeds.map(\.language))
        // Each place, and where it is: its object's index in each file (by the file's place in `feeds`).
        var places = feeds[0].objects
        var found = feeds[0].objects.indices.map { [0: $0] }
        // An object the first file could not read (a problem already) takes its counterparts with it.
        let unread = Set(places.indices.filter { places[$0] == nil })
        for (f, other) in feeds.enumerated().dropFirst() {
            let pairs = FeedObjectMatching.pairs(places, other.objects, invalid: unread)
            for (p, o) in pairs {
                places[p]?.merge(other.objects[o]!)
                found[p][f] = o
            }
            let paired = Set(pairs.map(\.second))
            for (o, object) in other.objects.enumerated() where object != nil && !paired.contains(o) {
                places.append(object)
                found.append([f: o])
            }
        }
        var ids = Set<String>(), occurrences: [String: Int] = [:]
        for (index, place) in places.enumerated() {
            guard var place else { continue }
            occurrences[place.name, default: 0] += 1
            let id = sourceID(of: place, occurrence: occurrences[place.name]!, taken: ids)
            place.sourceID = id
            ids.insert(id)
            let (f, o) = found[index].min { $0.key < $1.key }!
            result.add(.place(place), at: f == 0 ? "objekts \(o)" : "\(feeds[f].file): objekts \(o)")
            let missing = feeds.indices.filter { found[index][$0] == nil }
            guard !missing.isEmpty else { continue }
            result.warnings.append(ImportProblem(file: feeds[f].file, record: "objekts \(o)", reason: "'\(place.name)' (id '\(id)') is not in "
                + missing.map { feeds[$0].file }.joined(separator: ", ") + ": imported without its "
                + missing.map { feeds[$0].language }.joined(separator: ", ") + " texts"))
        }
        return result
    }

    /// An object's id: its name; a later object of a name the feed repeats (AmberKit's list has
    /// "Telts vietas Rojā" twice) adds its position (`Telts vietas Rojā @57.5,22.8`), else its
    /// place among the objects of that name (`Telts vietas Rojā #2`).
    static func sourceID(of place: PlaceRecord, occurrence: Int, taken: Set<String>) -> String {
        guard occurrence > 1 else { return place.name }
        if let location = place.location, case let id = "\(place.name) @\(location.lat),\(location.lon)", !taken.contains(id) { return id }
        return "\(place.name) #\(occurrence)"
    }

    /// The elements that hold an object's texts.
    static let textElements = ["nosaukums", "tips", "apraksts", "adrese", "telefons", "mobilaistelefons", "epasts", "majaslapa",
                               "latitude", "longitude"]

    /// Refuses an element given twice, and markup inside a text: either would be read as less than it holds.
    private static func checkElements(_ node: XMLNode) throws(GeoError) {
        for name in textElements + ["bildes"] where node.children(name).count > 1 {
            throw .invalid(field: .record(name), reason: "given \(node.children(name).count) times; an object has one")
        }
        let texts = textElements.compactMap(node.child) + (node.child("bildes")?.children("bilde") ?? [])
        if let text = texts.first(where: { !$0.children.isEmpty }) {
            throw .invalid(field: .record(text.name), reason: "holds the element <\(text.children[0].name)>; the feed's texts are plain text")
        }
    }

    /// One object in one language; unlocated when both latitude and longitude are empty.
    private static func place(_ node: XMLNode, language: String) throws(GeoError) -> PlaceRecord {
        try checkElements(node)
        guard let name = node.text("nosaukums") else { throw .invalid(field: .record("nosaukums"), reason: "missing") }
        guard let tips = node.text("tips") else { throw .invalid(field: .record("tips"), reason: "missing") }
        guard let category = category(forTips: tips) else {
            throw .invalid(field: .record("tips"), reason: "'\(tips)' is not a known category (do, see, stay, eat, route)")
        }
        let location = try Position.parse(lat: node.text("latitude"), lon: node.text("longitude"),
                                          latField: "latitude", lonField: "longitude")
        var place = PlaceRecord(category: category, name: name, location: location)
        place.names[language] = name
        place.description = node.text("apraksts")
        place.descriptions[language] = place.description
        for image in node.child("bildes")?.children("bilde").compactMap({ $0.text.nonEmpty }) ?? [] where !place.images.contains(image) {
            place.images.append(image)
        }
        place.address = node.text("adrese")
        place.phone = node.text("telefons")
        place.mobilePhone = node.text("mobilaistelefons")
        place.email = node.text("epasts")
        place.website = node.text("majaslapa")
        place.source = "travel-guide"
        return place
    }
}

extension PlaceRecord {
    /// Adds another language's version of the same object: its names, descriptions and images,
    /// and any detail this one lacks.
    fileprivate mutating func merge(_ other: PlaceRecord) {
        names.merge(other.names) { mine, _ in mine }
        descriptions.merge(other.descriptions) { mine, _ in mine }
        for field in [\PlaceRecord.description, \.address, \.phone, \.mobilePhone, \.email, \.website] where self[keyPath: field] == nil {
            self[keyPath: field] = other[keyPath: field]
        }
        location = location ?? other.location
        images += other.images.filter { !images.contains($0) }
    }
}
