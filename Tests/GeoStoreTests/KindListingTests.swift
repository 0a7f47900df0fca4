import Foundation
import GeoCore
import Testing
@testable import GeoStore

/// One kind's listing (`KindQuery`, OGC API's items): the engine refuses, naming the field, a
/// category or a cursor of another kind and a time on a kind without times; trips and cinemas
/// filtered by a time span are those brute force finds from the imported records, over pages of
/// every size; and `datetime`'s text reads as RFC 3339 says (known instants).
@Suite struct KindListingTests {
    static let hour: TimeInterval = 3600
    static let t0 = Date(timeIntervalSince1970: 1_336_460_400) // 2012-05-08T07:00:00Z

    /// Trips one after another, some overlapping, one without an end, one without a start; cinemas
    /// with a few screenings each, one with none, one without a position.
    static var records: [ImportRecord] {
        var records: [ImportRecord] = []
        for i in 0..<24 {
            var trip = TripRecord(name: "T\(i)")
            trip.spot = Coordinate(lat: 49.7 + Double(i) / 100, lon: 13.3)
            trip.start = i == 5 ? nil : t0.addingTimeInterval(Double(i) * 5 * hour)
            trip.end = i % 7 == 3 || i == 5 ? nil : trip.start?.addingTimeInterval(Double(i % 4 + 1) * 3 * hour)
            records.append(.trip(trip))
        }
        for i in 0..<15 {
            var cinema = CinemaRecord(name: "K\(i)", timezone: "Europe/Prague", location: i == 4 ? nil : Coordinate(lat: 50 + Double(i) / 100, lon: 14.4))
            cinema.screenings = (0..<(i % 3)).map { Screening(title: "F\($0)", start: t0.addingTimeInterval(Double(i * 11 + $0 * 7) * hour)) }
            records.append(.cinema(cinema))
        }
        return records
    }

    /// Spans from nothing to everything, instants on a trip's edge and on a screening, open ends.
    static var spans: [TimeSpan] {
        [TimeSpan(start: t0, end: t0), TimeSpan(start: t0.addingTimeInterval(20 * hour), end: t0.addingTimeInterval(41 * hour)),
         TimeSpan(start: nil, end: t0.addingTimeInterval(30 * hour)), TimeSpan(start: t0.addingTimeInterval(60 * hour), end: nil),
         TimeSpan(start: t0.addingTimeInterval(11 * hour), end: t0.addingTimeInterval(11 * hour)),
         TimeSpan(start: t0.addingTimeInterval(-50 * hour), end: t0.addingTimeInterval(-1)), TimeSpan(start: nil, end: nil)]
    }

    /// Whether the record meets the span, computed from the record itself.
    static func meets(_ record: ImportRecord, _ span: TimeSpan) -> Bool {
        let (from, to) = (span.start ?? .distantPast, span.end ?? .distantFuture)
        switch record {
        case let .trip(trip):
            guard let start = trip.start else { return false }
            return start <= to && (trip.end ?? start) >= from
        case let .cinema(cinema):
            return cinema.screenings.contains { $0.start >= from && $0.start <= to }
        default:
            return false
        }
    }

    @Test(arguments: StoreKind.available)
    func aTimeSelectsWhatBruteForceFindsOverPages(_ storeKind: StoreKind) throws {
        let temporary = TemporaryStore(storeKind)
        let store = try temporary.open()
        var file = ParsedFile(file: "times")
        file.records = Self.records.map { ("", $0) }
        _ = try store.importFiles([file], skipInvalid: false)
        for kind in [FeatureKind.trip, .cinema] {
            for span in Self.spans {
                let expected = Set(Self.records.filter { Self.meets($0, span) }.compactMap { record -> String? in
                    switch record {
                    case let .trip(t) where kind == .trip: t.name
                    case let .cinema(c) where kind == .cinema: c.name
                    default: nil
                    }
                })
                for limit in [1, 2, 5, 100] {
                    var listed: [Feature] = [], after: Cursor?, pages = 0
                    repeat {
                        let page = try store.listing(KindQuery(kind: kind, limit: limit, after: after, time: span))
                        #expect(page.features.count <= limit && (page.next == nil || page.features.count == limit))
                        listed += page.features
                        after = page.next
                        pages += 1
                    } while after != nil && pages < 100
                    #expect(listed.map(\.id) == listed.map(\.id).sorted(), "\(kind) \(span) limit \(limit)")
                    #expect(Set(listed.compactMap(\.name)) == expected && listed.count == expected.count, "\(kind) \(span) limit \(limit)")
                }
            }
        }
        // With a box, the box's features only.
        let box = BoundingBox(minLon: 13, minLat: 49.69, maxLon: 13.5, maxLat: 49.805)
        let boxed = try store.listing(KindQuery(kind: .trip, box: box, limit: 100, time: TimeSpan(start: nil, end: nil)))
        #expect(Set(boxed.features.compactMap(\.name)) == Set((0...10).filter { $0 != 5 }.map { "T\($0)" }))
    }

    @Test(arguments: StoreKind.available)
    func whatBelongsToAnotherKindIsRefusedNamingItsField(_ storeKind: StoreKind) throws {
        let temporary = TemporaryStore(storeKind)
        let store = try temporary.open()
        var file = ParsedFile(file: "times")
        file.records = Self.records.map { ("", $0) } + [("", .place(PlaceRecord(category: "eat", name: "Kafe", location: Coordinate(lat: 57.4, lon: 22.8))))]
        _ = try store.importFiles([file], skipInvalid: false)
        let refused: [(KindQuery, Field)] = [
            (KindQuery(kind: .poi, categories: ["water"]), .category),
            (KindQuery(kind: .water, categories: ["eat"]), .category),
            (KindQuery(kind: .trip, categories: ["trip", "cinema"]), .category),
            (KindQuery(kind: .poi, after: Cursor(distance: nil, id: FeatureID(kind: .water, row: 3))), .cursor),
            (KindQuery(kind: .poi, time: TimeSpan(start: Self.t0, end: nil)), .time),
            (KindQuery(kind: .water, time: TimeSpan(start: nil, end: nil)), .time),
            (KindQuery(kind: .trip, limit: 0, time: TimeSpan(start: nil, end: nil)), .limit),
        ]
        for (query, field) in refused {
            #expect { try store.listing(query) } throws: { error in
                guard case let GeoError.invalid(f, _) = error else { return false }
                return f == field
            }
        }
        #expect(try store.listing(KindQuery(kind: .poi, categories: ["eat"])).features.map(\.name) == ["Kafe"])
    }

    /// Known instants for RFC 3339's forms, and what is not one of them.
    @Test func theTextOfATimeReadsAsRFC3339Says() throws {
        let day = Date(timeIntervalSince1970: 1_336_435_200) // 2012-05-08T00:00:00Z
        let read: [(String, Date?, Date?)] = [
            ("2012-05-08T07:00:00Z", Self.t0, Self.t0),
            ("2012-05-08T09:00:00+02:00", Self.t0, Self.t0),
            ("2012-05-08T07:00:00.5Z", Self.t0.addingTimeInterval(0.5), Self.t0.addingTimeInterval(0.5)),
            ("2012-05-08", day, day.addingTimeInterval(86_399)),
            ("2012-05-08T07:00:00Z/..", Self.t0, nil),
            ("../2012-05-08T07:00:00Z", nil, Self.t0),
            ("/2012-05-08", nil, day.addingTimeInterval(86_399)),
            ("2012-05-08/2012-05-09T00:00:00Z", day, day.addingTimeInterval(86_400)),
        ]
        for (text, start, end) in read {
            #expect(try TimeSpan(parsing: text) == TimeSpan(start: start, end: end), "\(text)")
        }
        for text in ["", "..", "../..", "/", "2012-05-08T07:00:00", "2012-13-08", "2012-05-08T07:00:00Z/2012-05-08T06:00:00Z",
                     "yesterday", "2012-05-08/2012-05-09/2012-05-10", "2012-05-08T25:00:00Z"] {
            #expect { try TimeSpan(parsing: text) } throws: { error in
                guard case let GeoError.invalid(field, _) = error else { return false }
                return field == .time
            }
        }
    }
}
