import Foundation

/// The words a search compares: lower case, without diacritics ("Pļaucaki" → "plaucaki",
/// "Plzeň" → "plzen"), split at every character that is not a letter, a digit or private use.
/// The same rule as the stores' indexes: SQLite's unicode61 tokenizer with `remove_diacritics 2`,
/// and PostGIS's `SearchWordsSQL` (NFD, combining marks removed, lower case). Letters whose mark
/// is part of them (no decomposition drops it) are folded as a reader types them, by `letters`,
/// on both sides: "Tromsø" → "tromso", "Łódź" → "lodz", "Straße" → "strasse".
public enum SearchText {
    /// Each such letter, in both cases, and what it is typed as.
    package static let letters: [(letter: String, typed: String)] = [
        ("ø", "o"), ("Ø", "o"), ("ł", "l"), ("Ł", "l"), ("đ", "d"), ("Đ", "d"), ("ð", "d"), ("Ð", "d"), ("ħ", "h"), ("Ħ", "h"),
        ("ı", "i"), ("ß", "ss"), ("ẞ", "ss"), ("æ", "ae"), ("Æ", "ae"), ("œ", "oe"), ("Œ", "oe"), ("þ", "th"), ("Þ", "th"),
    ]

    /// `expression` with `letters` replaced, in SQL that SQLite and PostgreSQL both read.
    package static func foldingLetters(sql expression: String) -> String {
        letters.reduce(expression) { "replace(\($0), '\($1.letter)', '\($1.typed)')" }
    }

    public static func words(_ text: String) -> [String] {
        var words: [String] = [], word = String.UnicodeScalarView()
        var folded = text.lowercased()
        if folded.unicodeScalars.contains(where: { $0.value >= 0xC6 && $0.value <= 0x1E9E }) {
            for (letter, typed) in letters { folded = folded.replacingOccurrences(of: letter, with: typed) }
        }
        for scalar in folded.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark:
                continue
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                word.append(scalar)
            default:
                if !word.isEmpty { words.append(String(word).precomposedStringWithCanonicalMapping) }
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word).precomposedStringWithCanonicalMapping) }
        return words
    }
}
