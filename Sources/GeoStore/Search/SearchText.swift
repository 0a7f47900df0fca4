import Foundation

/// The words a search compares, the same for a query and for both stores' indexes:
/// 1. the text is decomposed (NFD) and the combining marks of `removedMarks` are dropped: the
///    diacritics of Latin ("Plzeň" → "plzen", "Pļaucaki" → "plaucaki"), Greek ("Αθήνα" → "αθηνα")
///    and Cyrillic ("Київ" → "киів", "Йошкар-Ола" → "иошкар", "ола", "Ёлки" → "елки");
/// 2. case is folded as Unicode's simple case folding does ("ΟΔΟΣ" → "οδοσ", "ſ" → "s");
/// 3. letters whose mark no decomposition drops are typed as a reader types them, by `letters`:
///    "Tromsø" → "tromso", "Łódź" → "lodz", "Straße" → "strasse", "Ǣ" → "ae";
/// 4. the rest is recomposed (NFC): other marks stay when they compose with their letter (kana's
///    voicing: "リガ" stays "リガ");
/// 5. words are the runs of letters, digits and private use; anything else, a mark left
///    uncomposed included (Devanagari's and Hebrew's vowel signs, Thai's), ends a word.
///
/// SQLite's unicode61 tokenizer folds most of this itself; `SearchPrefold` folds the rest before
/// it (SpatiaLite). PostGIS's `waymark_search_words` writes the same steps in SQL. Texts are read
/// as stored: SpatiaLite's side recomposes nothing, so a name stored decomposed (NFD) can differ
/// where a mark outside `removedMarks` composes (kana, Devanagari's nukta).
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

    /// The combining marks dropped as diacritics: those of Latin, Greek and Cyrillic (and their
    /// extensions and the symbols'), as PostGIS has removed them since version 6.
    package static let removedMarks: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0483...0x0489, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// The lower-case letters that case folding turns into another letter ("ς" → "σ", "ϐ" → "β",
    /// "ſ" → "s"), from Unicode's data: what lowering does not fold. Only one-letter folds, as
    /// simple case folding (and SQLite) has them: "ŉ" and "ﬀ" stay.
    package static let caseFolds: [Unicode.Scalar: Unicode.Scalar] = {
        var folds: [Unicode.Scalar: Unicode.Scalar] = [:]
        for value in UInt32(0x80)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseFolded,
                  !scalar.properties.changesWhenLowercased else { continue }
            let folded = scalar.properties.uppercaseMapping.lowercased().unicodeScalars
            if folded.count == 1, let letter = folded.first, letter != scalar { folds[scalar] = letter }
        }
        return folds
    }()

    /// `text` folded by steps 1 to 4, not yet split.
    package static func folded(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
        where !removedMarks.contains(where: { $0.contains(scalar.value) }) {
            for lower in scalar.properties.lowercaseMapping.unicodeScalars { folded.append(caseFolds[lower] ?? lower) }
        }
        var text = String(folded)
        if text.unicodeScalars.contains(where: { $0.value >= 0xC6 && $0.value <= 0x1E9E }) {
            for (letter, typed) in letters { text = text.replacingOccurrences(of: letter, with: typed) }
        }
        return text.precomposedStringWithCanonicalMapping
    }

    public static func words(_ text: String) -> [String] {
        // ASCII text (most names in bulk: ids, addresses) folds to its lower case alone, and its
        // words are its runs of letters and digits: no normalisation, no table of categories.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.lowercased().utf8.split { !(UInt8(ascii: "a")...UInt8(ascii: "z") ~= $0 || UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0) }
                .map { String(decoding: $0, as: UTF8.self) }
        }
        var words: [String] = [], word = String.UnicodeScalarView()
        for scalar in folded(text).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                word.append(scalar)
            default:
                if !word.isEmpty { words.append(String(word)) }
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }
}
