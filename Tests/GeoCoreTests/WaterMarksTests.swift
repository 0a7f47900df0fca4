import Foundation
import GeoCore
import Testing

/// Rivers built here from known pieces: each river a random walk cut at random vertices (some of
/// its pieces as multi-lines, a branch joined at an end), the pieces shuffled. Every river must
/// have exactly one carrier, its longest piece as measured here by brute force, and nothing else.
@Suite struct WaterMarksTests {
    @Test(arguments: 0..<20)
    func eachRiverHasOneCarrierItsLongestPiece(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        var pieces: [(id: Int64, geometry: Geometry, river: Int)] = []
        var next: Int64 = 1
        for river in 0..<Int.random(in: 1...6, using: &rng) {
            // Rivers far apart on distinct latitudes: no two share a point.
            var walk = [Coordinate(lat: 40 + Double(river), lon: 10)]
            for _ in 0..<Int.random(in: 2...40, using: &rng) {
                walk.append(Coordinate(lat: walk.last!.lat + .random(in: -0.001...0.001, using: &rng), lon: walk.last!.lon + .random(in: 0.0001...0.01, using: &rng)))
            }
            let cuts = Set((0..<Int.random(in: 0...8, using: &rng)).map { _ in Int.random(in: 1..<(walk.count - 1), using: &rng) })
            let ends = [0] + cuts.sorted() + [walk.count - 1]
            for (a, b) in zip(ends, ends.dropFirst()) {
                let line = Array(walk[a...b])
                // Some pieces are multi-lines of two parts meeting in the middle.
                let geometry: Geometry = line.count > 2 && Bool.random(using: &rng)
                    ? .multiLineString([Array(line[...1]), Array(line[1...])]) : .lineString(line)
                pieces.append((next, geometry, river))
                next += 1
            }
            if Bool.random(using: &rng) {
                // A branch from the river's start, the far end on its own.
                let start = walk[0]
                pieces.append((next, .lineString([start, Coordinate(lat: start.lat + 0.3, lon: start.lon - 0.001)]), river))
                next += 1
            }
        }
        // A lake of the same name, apart from the rivers, carries its own mark.
        pieces.append((next, .polygon([[Coordinate(lat: 60, lon: 1), Coordinate(lat: 60, lon: 1.1), Coordinate(lat: 60.1, lon: 1), Coordinate(lat: 60, lon: 1)]]), -1))
        pieces.shuffle(using: &rng)

        func length(_ g: Geometry) -> Double {
            let lines: [[Coordinate]] = switch g {
            case let .lineString(l): [l]
            case let .multiLineString(ls): ls
            default: []
            }
            return lines.map { l in zip(l, l.dropFirst()).map { Geodesic.distance($0, $1) }.reduce(0, +) }.reduce(0, +)
        }
        var expected: Set<Int64> = [pieces.first { $0.river == -1 }!.id]
        for river in Set(pieces.map(\.river)) where river >= 0 {
            let own = pieces.filter { $0.river == river }
            let longest = own.max { (length($0.geometry), -$0.id) < (length($1.geometry), -$1.id) }!
            expected.insert(longest.id)
        }
        #expect(WaterMarks.carriers(pieces.map { ($0.id, $0.geometry) }) == expected)
    }

    /// Areas touch where their rings share a vertex, and a line whose end is one of those joins
    /// them: the largest area carries the mark, before any line however long. A point carries
    /// its own.
    @Test func theLargestTouchingAreaCarriesTheMark() {
        func square(_ lon: Double, _ width: Double) -> Geometry {
            .polygon([[Coordinate(lat: 0, lon: lon), Coordinate(lat: 0, lon: lon + width), Coordinate(lat: 0.01, lon: lon + width),
                       Coordinate(lat: 0.01, lon: lon), Coordinate(lat: 0, lon: lon)]])
        }
        let small = square(0, 0.01), large = square(0.01, 0.02), apart = square(1, 0.001)
        let river = Geometry.lineString([Coordinate(lat: 0, lon: 0), Coordinate(lat: -5, lon: 0)])
        let spring = Geometry.point(Coordinate(lat: 0.005, lon: 0.005))
        #expect(WaterMarks.carriers([(1, small), (2, large), (3, apart), (4, river), (5, spring)]) == [2, 3, 5])
        #expect(WaterMarks.carriers([(1, small), (4, river)]) == [1])
        #expect(WaterMarks.carriers([(4, river), (6, .lineString([Coordinate(lat: -5, lon: 0), Coordinate(lat: -6, lon: 0)]))]) == [4])
    }

    /// Pieces 50 m apart (a bridge between two pieces of a river's area) are one water; 150 m
    /// apart, two — at the equator and at 70° north, where a degree of longitude is a third as long.
    @Test(arguments: [0.0, 70.0])
    func piecesWithinReachAreOneWater(lat: Double) {
        let metre = 1 / 111_195.0, shrink = cos(lat * .pi / 180)
        func square(_ east: Double, _ width: Double) -> Geometry {
            let w = east * metre / shrink, side = 200 * metre, across = width * metre / shrink
            return .polygon([[Coordinate(lat: lat, lon: w), Coordinate(lat: lat, lon: w + across), Coordinate(lat: lat + side, lon: w + across),
                              Coordinate(lat: lat + side, lon: w), Coordinate(lat: lat, lon: w)]])
        }
        // The second starts 50 m after the first (the largest) ends, the third 150 m after the second.
        let pieces: [(id: Int64, geometry: Geometry)] = [(1, square(0, 210)), (2, square(260, 200)), (3, square(610, 200))]
        #expect(WaterMarks.carriers(pieces) == [1, 3])
        #expect(WaterMarks.carriers(pieces.reversed()) == [1, 3])
    }

    /// Short lines scattered with gaps of 80–120 m between them, at latitudes from the equator to
    /// 85°: the groups must be those of a brute force over every pair of vertices (distances on
    /// the plane tangent at their latitude, as the rule measures them), however the grid's cells
    /// fall. At 80° a 90 m gap east–west spans five cells of longitude.
    @Test(arguments: 0..<12)
    func groupsAreThoseOfEveryPairOfVertices(seed: Int) {
        var rng = SeededRandom(seed: UInt64(100 + seed))
        let lat = Double(seed) * 85 / 11, metre = 1 / 111_195.0, shrink = cos(lat * .pi / 180)
        var pieces: [(id: Int64, geometry: Geometry)] = []
        var at = Coordinate(lat: lat, lon: 24)
        for id in 1...40 {
            // Each piece a short line; the next starts 80–120 m away, east or north-east.
            let line = (0..<3).map { k in Coordinate(lat: at.lat + Double(k) * 5 * metre, lon: at.lon + Double(k) * 20 * metre / shrink) }
            pieces.append((Int64(id), .lineString(line)))
            let gap = Double.random(in: 80...120, using: &rng), angle = Double.random(in: 0...(Double.pi / 3), using: &rng)
            at = Coordinate(lat: line.last!.lat + gap * sin(angle) * metre, lon: line.last!.lon + gap * cos(angle) * metre / shrink)
        }
        func near(_ a: Coordinate, _ b: Coordinate) -> Bool {
            let dx = (a.lon - b.lon) * cos((a.lat + b.lat) / 2 * .pi / 180), dy = a.lat - b.lat
            return (dx * dx + dy * dy).squareRoot() * 111_195 <= 100
        }
        var group = Array(0..<pieces.count)
        var changed = true
        while changed {
            changed = false
            for i in pieces.indices {
                for j in pieces.indices where group[i] != group[j] {
                    let joined = pieces[i].geometry.coordinates.contains { a in pieces[j].geometry.coordinates.contains { near(a, $0) } }
                    if joined { (group[i], group[j]) = (min(group[i], group[j]), min(group[i], group[j])); changed = true }
                }
            }
        }
        func length(_ g: Geometry) -> Double { zip(g.coordinates, g.coordinates.dropFirst()).map { Geodesic.distance($0, $1) }.reduce(0, +) }
        let expected = Set(Dictionary(grouping: pieces.indices, by: { group[$0] }).values.map { members in
            pieces[members.max { (length(pieces[$0].geometry), -pieces[$0].id) < (length(pieces[$1].geometry), -pieces[$1].id) }!].id
        })
        #expect(Set(group).count > 1 && Set(group).count < pieces.count, "the gaps should both join and part pieces")
        #expect(WaterMarks.carriers(pieces) == expected)
        #expect(WaterMarks.carriers(pieces.shuffled(using: &rng)) == expected)
    }

    /// A river's centre line within its own area, more than 100 m from the banks: one water, marked
    /// at the area.
    @Test func aCentreLineInItsAreaIsOneWaterWithIt() {
        let bank = Geometry.polygon([[Coordinate(lat: 56.90, lon: 24.00), Coordinate(lat: 56.90, lon: 24.10), Coordinate(lat: 56.96, lon: 24.10),
                                      Coordinate(lat: 56.96, lon: 24.00), Coordinate(lat: 56.90, lon: 24.00)]])
        let line = Geometry.lineString([Coordinate(lat: 56.93, lon: 24.01), Coordinate(lat: 56.93, lon: 24.09)])
        let elsewhere = Geometry.lineString([Coordinate(lat: 57.5, lon: 24.01), Coordinate(lat: 57.5, lon: 24.09)])
        #expect(WaterMarks.carriers([(1, line), (2, bank), (3, elsewhere)]) == [2, 3])
    }

    /// Equally long stretches: the lowest id carries, whatever their order.
    @Test func aTieGoesToTheLowestID() {
        let a = Geometry.lineString([Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 1)])
        let b = Geometry.lineString([Coordinate(lat: 0, lon: 1), Coordinate(lat: 0, lon: 2)])
        #expect(WaterMarks.carriers([(9, a), (4, b)]) == [4])
        #expect(WaterMarks.carriers([(4, b), (9, a)]) == [4])
    }

    /// Only the records whose stored choice is wrong are changed.
    @Test func changesListOnlyWhatDiffers() {
        let a = Geometry.lineString([Coordinate(lat: 0, lon: 0), Coordinate(lat: 0, lon: 1)])
        let b = Geometry.lineString([Coordinate(lat: 0, lon: 1), Coordinate(lat: 0, lon: 3)])
        let changes = WaterMarks.changes([(1, a, true), (2, b, true)])
        #expect(changes.map(\.id) == [1] && changes.map(\.carriesMark) == [false])
        #expect(WaterMarks.changes([(1, a, false), (2, b, true)]).isEmpty)
    }
}
