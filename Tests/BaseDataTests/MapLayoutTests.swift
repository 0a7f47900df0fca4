import Foundation
import GeoCore
import GeoStore
@testable import MapRender
import PixelTesting
@testable import SpatiaLiteStore
import Stores
import Testing

/// Issue 31, item 6: a map's layout as data, over central Helsinki (the demo data's places to eat,
/// see and stay and the cinemas over the extract's base, 1024×768), checked against the database
/// and the image: each annotation label names one of its mark's features, each base name the stored
/// base rows it gives (a street's by their layer and name), every label's box lies in the image
/// and holds its ink, and no two labels overlap.
@Suite struct MapLayoutTests {
    static let centre = BoundingBox(minLon: 24.935, minLat: 60.164, maxLon: 24.953, maxLat: 60.179)

    /// Near the labels' #1F2328 (0.12, 0.14, 0.16), far from every fill of the map.
    static func dark(_ c: (r: Double, g: Double, b: Double)) -> Bool { max(c.r, c.g, c.b) < 0.35 }

    @Test func theLayoutNamesWhatTheDatabaseHoldsWhereTheImageDrawsIt() throws {
        let fixture = try BaseFixture()
        try DefaultDataset.importAll(from: packageRoot.appendingPathComponent("Data"), into: fixture.store)
        try fixture.importBase([helsinki])
        let style = try MapStyle.named("default")
        let request = try MapRequest(features: [], categories: CategoryFilter(["eat", "see", "stay", "cinema"]), framing: .bbox(Self.centre),
                                     width: 1024, height: 768, style: style).fetchingFeatures(from: fixture.store, base: fixture.store)
        let (png, layout) = try MapRenderer.renderWithLayout(request)
        // Read back as a client reads it.
        let json = try #require(try JSONSerialization.jsonObject(with: layout.json) as? [String: Any])
        let marks = try #require(json["marks"] as? [[String: Any]]), labels = try #require(json["labels"] as? [[String: Any]])
        #expect(json["width"] as? Double == 1024 && json["height"] as? Double == 768)
        #expect(marks.count > 100 && labels.count > 100, "\(marks.count) marks, \(labels.count) labels")
        let image = try Pixels(png: png)
        func rect(_ o: [String: Any]) -> PixelRect {
            let b = o["box"] as! [Double]
            return PixelRect(x: b[0], y: b[1], width: b[2], height: b[3])
        }
        // The stored rows, read with plain SQL.
        func row(_ sql: String, _ id: String) throws -> [String?] {
            let statement = try fixture.store.db.prepare(sql)
            try statement.bind([Int64(id.split(separator: "/")[1])!])
            guard try statement.step() else { return [] }
            return [statement.string(0), statement.string(1)]
        }
        let markIDs = Set(marks.flatMap { $0["ids"] as! [String] })
        var kinds: [String: Int] = [:], counted = 0, streets: Set<String> = []
        for label in labels {
            let text = label["text"] as! String, kind = label["kind"] as! String, ids = label["ids"] as! [String], box = rect(label)
            kinds[kind, default: 0] += 1
            if kind == "street" { streets.insert(text) }
            #expect(PixelRect(x: -0.5, y: -0.5, width: 1025, height: 769).contains(box), "\(text) at \(box)")
            if kind == "annotation" {
                try #require(!ids.isEmpty, "\(text) names no feature")
                #expect(Set(ids).isSubset(of: markIDs), "\(text): \(ids)")
                // A place's category as stored; a cinema's is its table.
                let categories = try Set(ids.map { id in
                    id.hasPrefix("cinema/") ? "cinema" : try row("SELECT category, '' FROM poi WHERE id = ?", id).first ?? nil
                })
                if categories.count == 1, let phrase = style.category(categories.first.flatMap { $0 } ?? "").counted["en"],
                   text == phrase.replacingOccurrences(of: "{n}", with: "\(ids.count)") {
                    // A cluster counted by its category: all its places are of that one.
                    counted += 1
                    #expect(ids.count > 1, "'\(text)' for \(ids.count) places of \(categories)")
                } else {
                    // A place's name, or one of a cluster's (`MarkNaming`: a shorter member's where its label found no room).
                    let names = try ids.map { id in
                        try #require(try row("SELECT name, '' FROM \(id.split(separator: "/")[0]) WHERE id = ?", id).first ?? nil, "\(id) is not stored")
                    }
                    // Shortened labels keep the name's first word.
                    #expect(names.contains { text.split(whereSeparator: \.isWhitespace).first == $0.split(whereSeparator: \.isWhitespace).first },
                            "'\(text)' for \(names.prefix(5))")
                }
                // Dark letters (#1F2328, anti-aliased) inside the box.
                var ink = 0
                for y in Int(box.y.rounded(.up))..<Int(box.maxY) { for x in Int(box.x.rounded(.up))..<Int(box.maxX) where Self.dark(image.rgb(x, y)) { ink += 1 } }
                #expect(ink >= 5, "'\(text)': \(ink) dark pixels in \(box)")
            } else {
                #expect(!ids.isEmpty, "the base name \(text) names no stored row")
                // What each kind is stored as: its layer, and a district's place kind.
                let layers = ["street": ["road"], "district": ["place"], "place": ["place"], "park": ["park"], "water": ["water", "waterway"]][kind] ?? []
                for id in ids {
                    let stored = try row("SELECT layer, name FROM base WHERE id = ?", id)
                    #expect(stored.count == 2 && stored[1] == text, "\(text): \(id) is \(stored)")
                    #expect(layers.contains(stored.first.flatMap { $0 } ?? ""), "\(text), a \(kind): \(id) is \(stored)")
                    if kind == "district" || kind == "place" {
                        let placeKind = try row("SELECT kind, '' FROM base WHERE id = ?", id).first ?? nil
                        #expect((kind == "district") == ["suburb", "quarter", "neighbourhood"].contains(placeKind ?? ""), "\(text): \(placeKind ?? "")")
                    }
                }
            }
        }
        // Issue 31, item 1: the streets and districts of a busy map named beside its places (1 street,
        // no district before the base's share of names and the merged dense core); the places' names
        // 104 before, with the clusters' counted phrases apart; 110 once a cluster with no room for
        // its label is named by a shorter member.
        #expect(streets.count >= 15 && kinds["district", default: 0] >= 4, "\(streets.count) streets: \(streets.sorted()); \(kinds)")
        #expect(kinds["annotation", default: 0] - counted >= 90 && kinds["annotation", default: 0] >= 110, "\(kinds), \(counted) counted")
        // No two marks meet, after the moves some made for the base's names.
        let markBoxes = marks.map(rect)
        for (i, a) in markBoxes.enumerated() { #expect(!markBoxes[(i + 1)...].contains { $0.intersects(a) }, "two marks at \(a)") }
        // No two annotation labels overlap, nor one a mark.
        let annotations = labels.filter { $0["kind"] as? String == "annotation" }.map(rect)
        for (i, a) in annotations.enumerated() {
            #expect(!annotations[(i + 1)...].contains { $0.intersects(a) }, "two labels at \(a)")
            #expect(!marks.map(rect).contains { $0.intersects(a) }, "a label over a mark at \(a)")
        }
    }
}
