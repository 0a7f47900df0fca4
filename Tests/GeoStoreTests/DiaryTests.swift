import Foundation
import GeoCore
@testable import GeoStore
import Testing

/// The diary newest first (issue 30, item 4), paged two at a time, on both stores, against the
/// order worked out here from the file: by start, latest first, equal starts by id, the trips
/// without a start last by id.
@Suite struct DiaryTests {
    /// name and start (local to Prague, whose zone the file gives), in the order imported.
    static let trips: [(name: String, start: String?)] = [
        ("May morning", "2024-05-18T05:30"), ("Winter", "2023-01-01T00:00"), ("No date 1", nil), ("Summer", "2025-07-01T10:00"),
        ("May morning, second rod", "2024-05-18T05:30"), ("No date 2", nil), ("A minute later", "2024-05-18T05:31"),
    ]

    static var file: String {
        let features = trips.map { trip in
            #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]}, "properties": {"kind": "trip", "#
                + #""timezone": "Europe/Prague", "name": "\#(trip.name)""# + (trip.start.map { #", "start": "\#($0)""# } ?? "") + "}}"
        }
        return #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",\n") + "]}"
    }

    @Test(arguments: StoreKind.available)
    func pagesWalkTheTripsNewestFirst(_ kind: StoreKind) throws {
        let temporary = TemporaryStore(kind)
        let store = try temporary.open()
        let path = temporary.files.directory.appendingPathComponent("diary.geojson")
        try Data(Self.file.utf8).write(to: path)
        _ = try store.importFiles(try FileImport.parse(paths: [path.path]), skipInvalid: false)

        // The oracle: the stored ids by name, and the order the starts (all in one zone) give.
        let stored = try store.listing(KindQuery(kind: .trip, limit: 100)).features
        let id = Dictionary(uniqueKeysWithValues: stored.map { ($0.name ?? "", $0.id) })
        let expected = Self.trips.sorted { a, b in
            switch (a.start, b.start) {
            case let (x?, y?) where x != y: x > y
            case (nil, _?): false
            case (_?, nil): true
            default: id[a.name]! < id[b.name]!
            }
        }.map(\.name)
        #expect(expected == ["Summer", "A minute later", "May morning", "May morning, second rod", "Winter", "No date 1", "No date 2"])

        // Every page size, so that pages end between equal starts, on the last dated trip, and past it.
        for limit in 1...8 {
            var walked: [String] = [], cursor: Cursor?, pages = 0
            repeat {
                let page = try store.diary(DiaryQuery(limit: limit, after: cursor))
                walked += page.features.compactMap(\.name)
                cursor = page.next
                pages += 1
            } while cursor != nil && pages < 10
            #expect(walked == expected, "limit \(limit)")
            #expect(pages == (expected.count + limit - 1) / limit, "limit \(limit)")
        }
        // A page as big as the diary has no next; a cursor of another kind or a box query's is refused.
        #expect(try store.diary(DiaryQuery(limit: 7)).next == nil)
        #expect(throws: GeoError.self) { try store.diary(DiaryQuery(after: Cursor(distance: 1, id: FeatureID(kind: .poi, row: 1)))) }
        #expect(throws: GeoError.self) { try store.diary(DiaryQuery(after: Cursor(distance: nil, id: FeatureID(kind: .trip, row: 1)))) }
        #expect(throws: GeoError.self) { try store.diary(DiaryQuery(after: Cursor(distance: 0.5, id: FeatureID(kind: .trip, row: 1)))) }
    }
}
