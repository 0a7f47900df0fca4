import GeoCore
import Testing
@testable import GeoStore

/// `smallestFirst` against sorting everything and taking the first ones.
@Suite struct SmallestFirstTests {
    struct Pair: Comparable {
        let value: Int, order: Int
        static func < (a: Pair, b: Pair) -> Bool { (a.value, a.order) < (b.value, b.order) }
    }

    @Test func agreesWithAFullSort() {
        var rng = SeededRandom(seed: 5)
        for round in 0..<200 {
            // Few distinct values, as a search's costs are: ties broken by the second field.
            let values = (0..<Int.random(in: 0...300, using: &rng)).map { Pair(value: Int.random(in: 0...(round % 7), using: &rng), order: $0) }
                .shuffled(using: &rng)
            let count = Int.random(in: 1...40, using: &rng)
            #expect(smallestFirst(count, of: values).map(\.order) == values.sorted().prefix(count).map(\.order))
        }
    }
}
