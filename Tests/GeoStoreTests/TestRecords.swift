import GeoCore
@testable import GeoStore

extension ParsedFile {
    init(file: String, _ records: [ImportRecord]) {
        self.init(file: file)
        for (i, r) in records.enumerated() { add(r, at: "feature \(i)") }
    }
}

let testCategories = ["do", "see", "stay", "eat", "route"]

/// Random places: uniform over the globe, plus clusters at both poles and on both sides of the antimeridian;
/// every third has a population.
func randomPlaces(_ count: Int, seed: UInt64) -> [PlaceRecord] {
    var rng = SeededRandom(seed: seed)
    return (0..<count).map { i in
        let location: Coordinate
        switch i % 10 {
        case 0: location = Coordinate(lat: .random(in: 88...90, using: &rng), lon: .random(in: -180...180, using: &rng))
        case 1: location = Coordinate(lat: .random(in: -90 ... -88, using: &rng), lon: .random(in: -180...180, using: &rng))
        case 2: location = Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: 179...180, using: &rng))
        case 3: location = Coordinate(lat: .random(in: -10...10, using: &rng), lon: .random(in: -180 ... -179, using: &rng))
        default: location = Coordinate(lat: .random(in: -90...90, using: &rng), lon: .random(in: -180...180, using: &rng))
        }
        var place = PlaceRecord(category: testCategories[Int.random(in: 0..<5, using: &rng)], name: "P\(i)", location: location)
        // Every third with a population (not drawn from `rng`, so that the places stay where they were).
        if i % 3 == 0 { place.population = i * 1_237 }
        return place
    }
}
