import Foundation
import GeoCore
import Testing
@testable import GeoStore

/// A box query that lists the records without a position too (`BoxQuery.unlocated`, OGC API's
/// items without a box): every record of the selected categories once, in id order, across pages
/// of every size, those without a position among the others; a box alone never holds them.
@Suite struct ListingTests {
    @Test(arguments: StoreKind.available)
    func everyRecordOnceInIdOrderOverPages(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        // Interleaved, so that rows without a position fall between located ones in id order.
        var records: [ImportRecord] = []
        for i in 0..<40 {
            let location: Coordinate? = i % 4 == 0 ? nil : Coordinate(lat: Double(i) - 20, lon: Double(i * 7) - 140)
            records.append(.place(PlaceRecord(category: i % 3 == 0 ? "eat" : "stay", name: "R\(i)", location: location)))
        }
        records.append(.cinema(CinemaRecord(name: "Kino", timezone: "Europe/Riga", location: nil)))
        var file = ParsedFile(file: "listing")
        file.records = records.map { ("", $0) }
        _ = try store.importFiles([file], skipInvalid: false)
        let world = BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90)
        let stay: CategoryFilter = ["stay"]
        let expected = records.compactMap { record -> String? in
            guard case let .place(p) = record, p.category == "stay" else { return nil }
            return p.name
        }
        for limit in [1, 3, 7, 100] {
            var listed: [Feature] = [], after: Cursor?
            repeat {
                let page = try store.bbox(BoxQuery(box: world, limit: limit, categories: stay, after: after, unlocated: true))
                #expect(page.features.count <= limit)
                listed += page.features
                after = page.next
            } while after != nil
            #expect(listed.map(\.id) == listed.map(\.id).sorted() && Set(listed.map(\.id)).count == listed.count, "limit \(limit)")
            #expect(Set(listed.compactMap(\.name)) == Set(expected), "limit \(limit)")
            #expect(listed.contains { !$0.isLocated })
        }
        let boxed = try store.bbox(BoxQuery(box: world, limit: 100, categories: stay))
        #expect(Set(boxed.features.compactMap(\.name)) == Set(expected.filter { Int($0.dropFirst())! % 4 != 0 }))
        // Other kinds are listed by their own categories: the cinema without a position too.
        let cinemas = try store.bbox(BoxQuery(box: world, limit: 10, categories: ["cinema"], unlocated: true))
        #expect(cinemas.features.map(\.name) == ["Kino"])
    }
}
