import Foundation

/// The words people and the travel guide's feed use for the guide's category codes ("Kur paēst",
/// "What to see", "Ubytování"), so that a label is accepted wherever a code is: in the feed's
/// `<tips>`, a GPX waypoint's `<type>`, and `--category` / `category=` (`CategoryFilter`).
public enum CategoryLabels {
    public static let table: [(code: String, labels: [String])] = [
        ("do", ["Ko darīt", "What to do", "Co dělat"]),
        ("see", ["Ko redzēt", "What to see", "Co vidět"]),
        ("stay", ["Kur palikt", "Where to stay", "Kde se ubytovat", "Ubytování"]),
        ("eat", ["Kur paēst", "Where to eat", "Kde se najíst", "Stravování"]),
        ("route", ["Maršruti", "Routes", "Trasy"]),
    ]

    /// The code a label names, or nil. Case and diacritics are ignored, and so are what the feed's
    /// editors leave around a label: white space inside and around it and a question mark at its
    /// end (AmberKit writes `Ko darīt ?` and `Kur paēst?`).
    public static func code(forLabel label: String) -> String? {
        codes[key(label)]
    }

    /// Each label's key, folded once: every feed object, waypoint and `category=` asks.
    private static let codes = Dictionary(table.flatMap { entry in entry.labels.map { (key($0), entry.code) } }, uniquingKeysWith: { first, _ in first })

    /// A label as compared: folded, "?" and white space dropped from its end, inner white space single.
    static func key(_ text: String) -> String {
        var key = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while let last = key.last, last == "?" || last == " " { key.removeLast() }
        return key
    }
}
