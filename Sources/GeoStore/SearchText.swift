import Foundation

/// The words a search compares: lower case, without diacritics ("Pļaucaki" → "plaucaki",
/// "Plzeň" → "plzen"), split at every character that is not a letter, a digit or private use.
/// The same rule as the stores' indexes: SQLite's unicode61 tokenizer with `remove_diacritics 2`,
/// and PostGIS's `SearchWordsSQL` (NFD, combining marks removed, lower case).
public enum SearchText {
    public static func words(_ text: String) -> [String] {
        var words: [String] = [], word = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
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
