/// The words of a vocabulary one edit (Damerau's: a character added, removed or changed, or two
/// neighbours swapped, "hlesinki" for "helsinki") away from a given word, found through deletion
/// neighbourhoods: two words are at most one edit apart only if one of them, or both with one
/// character removed (at the same place, or at neighbouring places for a swap), become the same
/// string. Each vocabulary word is filed under itself and each of its deletions;
/// a word's neighbours are then found by a handful of lookups, and checked exactly.
public struct TypoIndex: Sendable {
    private let words: [[Unicode.Scalar]]
    private let filed: [String: [Int32]]

    /// The shortest query word that may have a typo: shorter words have too many neighbours
    /// ("kino" is one edit from "kina", "kinu", "vino"…).
    package static let minimumLength = 5
    /// The longest word that may have a typo: a word's keys are the word with each character
    /// removed in turn, so their size grows with the square of its length (a 50 000-character
    /// name would file 2.5 billion characters). Nobody types a longer word than this by hand.
    package static let maximumLength = 64

    package init(vocabulary: some Sequence<String>) {
        var words: [[Unicode.Scalar]] = [], filed: [String: [Int32]] = [:]
        // A neighbour of a word of `minimumLength` has at least one character fewer.
        for word in vocabulary {
            let scalars = Array(word.unicodeScalars)
            guard scalars.count >= Self.minimumLength - 1, scalars.count <= Self.maximumLength + 1 else { continue }
            let index = Int32(words.count)
            words.append(scalars)
            for key in Self.keys(scalars) { filed[key, default: []].append(index) }
        }
        self.words = words
        self.filed = filed
    }

    /// The word itself and the word without each of its characters in turn.
    private static func keys(_ word: [Unicode.Scalar]) -> Set<String> {
        var keys: Set<String> = [String(String.UnicodeScalarView(word))]
        for i in word.indices {
            var shorter = word
            shorter.remove(at: i)
            keys.insert(String(String.UnicodeScalarView(shorter)))
        }
        return keys
    }

    /// Every vocabulary word exactly one edit from `word`, sorted; none for a word shorter than
    /// `minimumLength` or longer than `maximumLength`.
    package func neighbours(of word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        guard (Self.minimumLength...Self.maximumLength).contains(scalars.count) else { return [] }
        var found: Set<Int32> = []
        for key in Self.keys(scalars) { found.formUnion(filed[key] ?? []) }
        return found.filter { Self.oneEdit(words[Int($0)], scalars) }.map { String(String.UnicodeScalarView(words[Int($0)])) }.sorted()
    }

    /// Whether `a` and `b` are exactly one edit apart: past their common start, the rest equal
    /// once one character is changed, dropped, or swapped with its neighbour.
    static func oneEdit(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard long.count - short.count <= 1 else { return false }
        var i = 0
        while i < short.count, short[i] == long[i] { i += 1 }
        guard short.count == long.count else { return short[i...] == long[(i + 1)...] }
        guard i < short.count else { return false }
        if short[(i + 1)...] == long[(i + 1)...] { return true }
        return i + 1 < short.count && short[i] == long[i + 1] && short[i + 1] == long[i] && short[(i + 2)...] == long[(i + 2)...]
    }
}
