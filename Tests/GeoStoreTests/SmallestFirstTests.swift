import Testing
import GeoCore
@testable import GeoStore

/// `smallestFirst` against sorting everything and taking the first ones.
@Suite struct SmallestFirstTests {
    @Test func agreesWithAFullSort() {
        var rng = SeededRandom(seed: 5)
        for round in 0..<200 {
            // Few distinct values, as a search's costs are: ties broken by the second field.
            let values = (0..<Int.random(in: 0...300, using: &rng)).map { (Int.random(in: 0...(round % 7), using: &rng), $0) }.shuffled(using: &rng)
            let count = Int.random(in: 1...40, using: &rng)
            let less = { (a: (Int, Int), b: (Int, Int)) in a < b }
            #expect(smallestFirst(count, of: values, by: less).map(\.1) == values.sorted(by: less).prefix(count).map(\.1))
        }
    }
}
