import GeoCore
import Testing
@testable import GeoStore

/// `TypoIndex` against a brute force over the whole vocabulary with Damerau's distance (the
/// optimal string alignment: Levenshtein's edits and a swap of two neighbours), `SearchOracle`'s.
@Suite struct TypoIndexTests {
    /// Issue 30: two letters typed the wrong way round are one typo.
    @Test func aSwapOfNeighboursIsOneEdit() {
        let index = TypoIndex(vocabulary: ["helsinki", "hesinki", "helsnki", "hlsinki", "helsinkii"])
        #expect(index.neighbours(of: "hlesinki") == ["helsinki", "hesinki", "hlsinki"])
        #expect(index.neighbours(of: "helsinik") == ["helsinki"])
        // Two swaps, or a swap of letters apart, are more than one edit.
        #expect(!TypoIndex(vocabulary: ["helsinki"]).neighbours(of: "hlesinik").contains("helsinki"))
        #expect(!TypoIndex(vocabulary: ["helsinki"]).neighbours(of: "hilsenki").contains("helsinki"))
    }

    @Test func neighboursAreTheWordsOneEditAwayAsABruteForceFindsThem() {
        var random = SeededRandom(seed: 7)
        let letters = Array("abcdeš")
        func word(_ length: Int) -> String { String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }) }
        let vocabulary = Set((0..<600).map { _ in word(4 + Int(random.next() % 4)) })
        let index = TypoIndex(vocabulary: vocabulary)
        for _ in 0..<300 {
            let query = word(5 + Int(random.next() % 2))
            let expected = vocabulary.filter { SearchOracle.editIsOne(Array($0.unicodeScalars), Array(query.unicodeScalars)) }.sorted()
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
