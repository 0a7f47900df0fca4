import Atlas
import Foundation
import GeoCore
import GeoStore
import HummingbirdCore
import MapRender
@testable import MapServer

/// The parsers that read what users and clients send, each as a libFuzzer target: any bytes may
/// be refused with an error, none may crash, hang or leak.
enum FuzzTarget: String, CaseIterable {
    case geojson, csv, gpx, geonames, feed, jsonColumns = "json-columns", manifest, parameters

    func run(_ data: Data) {
        switch self {
        case .geojson: _ = try? GeoJSONParser.parse(data, file: "fuzz.geojson", kind: nil)
        case .csv: _ = try? CSVParser.parse(data, file: "fuzz.csv", kind: nil)
        case .gpx: _ = try? GPXParser.parse(data, file: "fuzz.gpx")
        case .geonames: _ = try? GeoNamesParser.parse(data, file: "fuzz.txt", kind: nil)
        case .feed:
            // The feed comes one file per language: the same bytes as both, merged.
            _ = try? TravelGuideFeedParser.parse([(data, "objekti.xml", "lv"), (data, "objekti-eng.xml", "en")])
        case .jsonColumns:
            let text = String(decoding: data, as: UTF8.self)
            _ = JSON.decode([String: String].self, text)
            _ = JSON.decode([String].self, text)
        case .manifest:
            _ = try? AtlasManifest.parse(String(decoding: data, as: UTF8.self), file: "fuzz.yaml")
        case .parameters:
            Self.parameters(data)
        }
    }

    /// A request line's query for one route (the first byte picks it): the query string read
    /// against the route's declared names, then every value read as each kind the routes read.
    private static func parameters(_ data: Data) {
        guard let first = data.first else { return }
        let route = Route.allCases[Int(first) % Route.allCases.count]
        let uri = URI(String(route.rawValue) + "?" + String(decoding: data.dropFirst(), as: UTF8.self))
        guard let p = try? Parameters(uri, declared: route.queryParameters) else { return }
        for name in route.queryParameters {
            _ = try? p.number(name)
            _ = try? p.integer(name)
            _ = try? p.flag(name)
            if let text = try? p.text(name) {
                _ = try? BoundingBox(parsing: text)
                _ = try? Coordinate(parsing: text, field: .center)
                _ = try? MapRequest.size(parsing: text)
            }
        }
        if route.queryParameters.contains("category") { _ = try? p.categories() }
        if route.queryParameters.contains("cursor") { _ = try? p.cursor() }
    }
}
