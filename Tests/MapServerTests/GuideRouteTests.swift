import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
import Testing
@testable import MapServer

/// The guide's feed over HTTP (Data/travel-guide, lv + en): category labels in a language, the
/// description in the language asked for, the places without coordinates listed after the others,
/// and the source filter. The expected words are the seed's (lv / en labels) and the feed files'.
@Suite struct GuideRouteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let feed = ["objekti.xml", "objekti-eng.xml"].map { root.appendingPathComponent("Data/travel-guide/\($0)").path }
    static let roja = "lat=57.5093&lon=22.8061"

    static func database() throws -> String { try temporaryDatabase(importing: try FileImport.parse(paths: feed)) }

    @Test func categoriesTakeALanguage() async throws {
        try await withServer(database: try Self.database()) { client in
            for (lang, labels) in [("lv", ["do": "Ko darīt", "stay": "Kur palikt"]), ("en", ["do": "What to do", "stay": "Where to stay"])] {
                let body = try await client.json("/v1/categories?lang=\(lang)")
                let got = Dictionary(uniqueKeysWithValues: (body["categories"] as? [[String: Any]] ?? []).map { ($0["category"] as! String, $0["label"] as! String) })
                #expect(got == labels, "\(lang)")
            }
        }
    }

    @Test func nearestInALanguageListsEveryPlaceToStayAndTranslatesTheDescription() async throws {
        let english = try String(contentsOfFile: Self.feed[1], encoding: .utf8)
        let description = String(try #require(english.firstMatch(of: #/<apraksts>([^<]+)</apraksts>/#)).1)
        let stays = english.matches(of: #/<nosaukums>([^<]+)</nosaukums>\s*<tips>Where to stay</tips>/#).map { String($0.1) }
        try #require(stays.count == 13)
        try await withServer(database: try Self.database()) { client in
            let beach = try await client.json("/v1/nearest?\(Self.roja)&category=do&lang=en")
            let properties = (beach["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any]
            #expect(properties?["description"] as? String == description)
            #expect(properties?["name"] as? String == "Roja beach and piers")

            // The guide's label for the category, percent-encoded as a browser sends it.
            let listed = try await client.allPages("/v1/nearest?\(Self.roja)&category=Kur%20palikt&lang=en&limit=5")
            #expect(listed.map(\.name).sorted() == stays.sorted())
            #expect(listed.allSatisfy { $0.distance == nil })
            #expect(try await client.allPages("/v1/within?\(Self.roja)&radius=100000&category=stay").isEmpty)
        }
    }

    @Test func sourceSelectsFeaturesOfThatSource() async throws {
        try await withServer(database: try Self.database()) { client in
            for route in ["/v1/nearest?\(Self.roja)&category=do", "/v1/within?\(Self.roja)&radius=1000", "/v1/bbox?bbox=22.7,57.4,22.9,57.6"] {
                #expect(try await client.allPages(route + "&source=travel-guide").map(\.name) == ["Rojas pludmale un moli"], "\(route)")
                // No record comes from osm here: an unknown source, refused as an unknown category is.
                let error = try await client.json(route + "&source=osm", status: .badRequest)["error"] as? [String: Any]
                #expect(error?["parameter"] as? String == "source", "\(route)")
            }
            _ = try await client.json("/v1/bbox?bbox=22.7,57.4,22.9,57.6&source=", status: .badRequest)
        }
    }
}
