import GeoCore
import Testing
@testable import GeoStore

/// `TypoIndex` against a brute force over the whole vocabulary with a plain Levenshtein distance.
@Suite struct TypoIndexTests {
    /// The textbook dynamic programme: the oracle, written without deletion neighbourhoods.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var next = [i + 1]
            for (j, y) in b.enumerated() { next.append(min(row[j + 1] + 1, next[j] + 1, row[j] + (x == y ? 0 : 1))) }
            row = next
        }
        return row[b.count]
    }

    @Test func neighboursAreTheWordsOneEditAwayAsABruteForceFindsThem() {
        var random = SeededRandom(seed: 7)
        let letters = Array("abcdeš")
        func word(_ length: Int) -> String { String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }) }
        let vocabulary = Set((0..<600).map { _ in word(4 + Int(random.next() % 4)) })
        let index = TypoIndex(vocabulary: vocabulary)
        for _ in 0..<300 {
            let query = word(5 + Int(random.next() % 2))
            let expected = vocabulary.filter { Self.distance(Array($0), Array(query)) == 1 }.sorted()
            #expect(index.neighbours(of: query) == expected, "\(query)")
        }
    }

    /// A word's keys grow with the square of its length: one 50 000-character name stalled the
    /// first typo search for over a minute. Words past `maximumLength` are not forgiven a typo.
    @Test func aWordLongerThanTheLimitIsNotFiledNorLookedUp() {
        let long = String(repeating: "helsinki", count: 6_250)
        let atLimit = String(repeating: "a", count: TypoIndex.maximumLength - 1) + "b"
        let index = TypoIndex(vocabulary: [long, atLimit])
        #expect(index.neighbours(of: "x" + long.dropFirst()) == [])
        #expect(index.neighbours(of: String(repeating: "a", count: TypoIndex.maximumLength)) == [atLimit])
    }
}
