import Foundation
import GeoCore
import Testing
@testable import GeoStore

/// Pages by id walked back (`Cursor.backward`, OGC API's `prev` links), on each store: walking
/// every page forward by `next` and then back from the last by `previous` gives the same pages in
/// reverse, the first without a `previous`; the features are those the tables list in id order
/// (the stores' own SQL) or brute force over the records selects. Over several kinds with records
/// without a position, a box across the antimeridian, and times (the engine's filtered walk).
@Suite struct BackwardPagingTests {
    /// Places of two categories (two without a position, two either side of the antimeridian), and
    /// `KindListingTests`' trips and cinemas.
    static var records: [ImportRecord] {
        let places = (0..<23).map { i in
            let location: Coordinate? = switch i % 6 {
            case 4: nil
            case 1: Coordinate(lat: Double(i) / 10, lon: 179.5)
            case 2: Coordinate(lat: Double(i) / 10, lon: -179.5)
            default: Coordinate(lat: 57 + Double(i) / 10, lon: 22.8)
            }
            return ImportRecord.place(PlaceRecord(category: i % 3 == 0 ? "see" : "eat", name: "P\(i)", location: location))
        }
        return places + KindListingTests.records
    }

    /// Every page from the first by `next`, and the pages from the last back by `previous`.
    static func walk(_ page: (Cursor?) throws -> FeaturePage) throws -> (forward: [[FeatureID]], backward: [[FeatureID]]) {
        var forward: [FeaturePage] = [try page(nil)]
        #expect(forward[0].previous == nil, "the first page has a previous one")
        while let next = forward.last!.next, forward.count < 200 {
            let following = try page(next)
            #expect(following.previous != nil && following.previous?.backward == true, "a page after the first has no previous")
            forward.append(following)
        }
        var backward: [FeaturePage] = [forward.last!]
        while let previous = backward.last!.previous, backward.count < 200 {
            let preceding = try page(previous)
            // Back from a page, the page it came from follows.
            #expect(preceding.next?.id == preceding.features.last?.id)
            backward.append(preceding)
        }
        return (forward.map { $0.features.map(\.id) }, backward.reversed().map { $0.features.map(\.id) })
    }

    @Test(arguments: StoreKind.available)
    func aBoxWalkedBackGivesTheSamePagesAsForward(_ storeKind: StoreKind) throws {
        let temporary = TemporaryStore(storeKind)
        let store = try temporary.open()
        var file = ParsedFile(file: "paging")
        file.records = Self.records.map { ("", $0) }
        _ = try store.importFiles([file], skipInvalid: false)
        // In id order: kinds in their order, rows by id; located or not.
        let everything = try store.texts("SELECT name FROM poi WHERE category = 'eat' ORDER BY id")
            + store.texts("SELECT name FROM cinema ORDER BY id") + store.texts("SELECT name FROM trip ORDER BY id")
        let acrossTheAntimeridian = BoundingBox(minLon: 179, minLat: -5, maxLon: -179, maxLat: 5)
        let across = Set(Self.records.compactMap { record -> String? in
            guard case let .place(p) = record, p.category == "eat", let c = p.location, abs(c.lon) > 179, abs(c.lat) <= 5 else { return nil }
            return p.name
        })
        #expect(!across.isEmpty)
        for limit in [1, 2, 3, 7, 100] {
            let world = try Self.walk { cursor in
                try store.bbox(BoxQuery(box: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), limit: limit,
                                        categories: ["eat", "cinema", "trip"], after: cursor, unlocated: true))
            }
            #expect(world.backward == world.forward, "limit \(limit)")
            let named = try Dictionary(uniqueKeysWithValues: store.features(world.forward.flatMap { $0 }).map { ($0.id, $0.name ?? "") })
            #expect(world.forward.flatMap { $0 }.map { named[$0] ?? "" } == everything, "limit \(limit)")
            #expect(world.forward.dropLast().allSatisfy { $0.count == limit })

            let box = try Self.walk { cursor in
                try store.bbox(BoxQuery(box: acrossTheAntimeridian, limit: limit, categories: ["eat"], after: cursor))
            }
            #expect(box.backward == box.forward, "limit \(limit)")
            let ids = box.forward.flatMap { $0 }
            let names = Set(try store.features(ids).compactMap(\.name))
            #expect(ids == ids.sorted() && names == across && ids.count == across.count, "limit \(limit)")
        }
    }

    @Test(arguments: StoreKind.available)
    func timesWalkedBackGiveTheSamePagesAsForward(_ storeKind: StoreKind) throws {
        let temporary = TemporaryStore(storeKind)
        let store = try temporary.open()
        var file = ParsedFile(file: "paging")
        file.records = Self.records.map { ("", $0) }
        _ = try store.importFiles([file], skipInvalid: false)
        for kind in [FeatureKind.trip, .cinema] {
            for span in KindListingTests.spans {
                let expected = Set(KindListingTests.records.filter { KindListingTests.meets($0, span) }.compactMap { record -> String? in
                    switch record {
                    case let .trip(t) where kind == .trip: t.name
                    case let .cinema(c) where kind == .cinema: c.name
                    default: nil
                    }
                })
                for limit in [1, 2, 5] {
                    let pages = try Self.walk { cursor in try store.listing(KindQuery(kind: kind, limit: limit, after: cursor, time: span)) }
                    #expect(pages.backward == pages.forward, "\(kind) \(span) limit \(limit)")
                    let ids = pages.forward.flatMap { $0 }
                    let names = Set(try store.features(ids).compactMap(\.name))
                    #expect(ids == ids.sorted() && names == expected && ids.count == expected.count, "\(kind) \(span) limit \(limit)")
                }
            }
        }
    }

    /// A backward cursor is text the service issued, for a walk by id only; the field is named.
    @Test func aForgedOrMisplacedBackwardCursorIsRefusedNamingTheCursor() throws {
        for token in ["-", "-poi", "-poi/x", "--poi/3", "-1~poi/3", "-3ff0000000000000~poi/3", "- poi/3"] {
            #expect(throws: GeoError.self, "\(token)") { try Cursor(token: token) }
        }
        let back = try Cursor(token: "-poi/3")
        #expect(back.backward && back.id == FeatureID(kind: .poi, row: 3) && back.token == "-poi/3")
        #expect { try NearestQuery(center: Coordinate(lat: 0, lon: 0), after: back).validate() } throws: { error in
            guard case let GeoError.invalid(field, _) = error else { return false }
            return field == .cursor
        }
    }
}
