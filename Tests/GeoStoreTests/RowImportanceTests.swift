@testable import GeoStore
import Testing

/// The importance table answers as a dictionary of the candidates' steps would, whether its rows
/// lie close (a byte a row) or far apart (ids a file gave: sorted rows, searched by gallops).
@Suite struct RowImportanceTests {
    @Test(arguments: [Int64(1), 1_000_000_000_000])
    func everyRowsStepsAsTheFormulaGivesThem(spread: Int64) {
        var random = SystemRandomNumberGenerator()
        let categories = ["city", "see", "do", "eat", "other"]
        var candidates: [SearchRanking.Candidate] = []
        var row: Int64 = 1
        for _ in 0..<5_000 {
            row += Int64.random(in: 1...3, using: &random) * (Bool.random(using: &random) ? 1 : spread)
            let names = Bool.random(using: &random) ? "{\"lv\": \"A\", \"en\": \"B\"}" : nil
            candidates.append((row, Bool.random(using: &random) ? Int.random(in: 0...10_000_000, using: &random) : nil,
                               categories.randomElement(using: &random)!, names))
        }
        let expected = Dictionary(uniqueKeysWithValues: candidates.map { ($0.row, SearchRanking.importance($0)) })
        let table = RowImportance(candidates.shuffled(using: &random))
        // Asked in ascending order, as a search's hits are, with rows between and beyond the candidates.
        var start = 0
        for asked in (expected.keys.flatMap { [$0 - 1, $0] } + [0, row + 1]).sorted() {
            #expect(table.steps(of: asked, from: &start) == expected[asked] ?? 0, "row \(asked)")
        }
    }
}
