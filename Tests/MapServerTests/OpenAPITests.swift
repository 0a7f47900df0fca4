import Foundation
import Testing
import GeoCore
import TestSupport
@testable import MapServer

/// The OpenAPI document kept in Sources/MapServer/openapi.json, held to the routes the server serves.
@Suite struct OpenAPITests {
    let document: [String: Any]

    init() throws {
        document = try #require(try JSONSerialization.jsonObject(with: Data(PackageResources.openapi_json)) as? [String: Any])
    }

    func resolve(_ object: [String: Any]) throws -> [String: Any] {
        guard let reference = object["$ref"] as? String else { return object }
        #expect(reference.hasPrefix("#/"))
        var node: Any = document
        for key in reference.dropFirst(2).split(separator: "/") { node = try #require((node as? [String: Any])?[String(key)], "\(reference)") }
        return try #require(node as? [String: Any])
    }

    @Test func isOpenAPI31WithEveryRouteAndNoOther() throws {
        #expect((document["openapi"] as? String)?.hasPrefix("3.1.") == true)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(Set(paths.keys) == Set(Route.allCases.map(\.rawValue)))
        for (_, item) in paths { #expect(Array(item.keys) == ["get"]) }
    }

    @Test func everyParameterTheServerReadsIsDocumentedAndNoOther() throws {
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        for route in Route.allCases {
            let operation = try #require(paths[route.rawValue]?["get"])
            let parameters = try (operation["parameters"] as? [[String: Any]] ?? []).map(resolve)
            let names = { (place: String) in parameters.filter { $0["in"] as? String == place }.map { $0["name"] as! String } }
            #expect(Set(names("query")) == Set(route.queryParameters), "\(route.rawValue)")
            #expect(names("query").count == route.queryParameters.count, "\(route.rawValue): documented twice")
            #expect(names("path") == route.pathParameters, "\(route.rawValue)")
            let responses = try #require(operation["responses"] as? [String: Any])
            #expect(responses["200"] != nil && responses["404"] != nil)
            // A route that reads parameters documents the 400 that refuses them.
            #expect((responses["400"] != nil) == !(route.queryParameters + route.pathParameters).isEmpty, "\(route.rawValue)")
            // A route whose work runs on the worker pool documents the 503 of a full queue.
            let pooled: Set<Route> = [.nearest, .within, .bbox, .search, .cinemas, .trips, .catchStatistics, .timezone, .mapPNG, .mapPDF, .mapSVG, .mapLayout, .tile, .vectorTile, .tileJSON, .baseTile,
                                      .baseVectorTile, .baseTileJSON, .categories, .style, .glyphs, .spriteImage, .spriteImage2x]
            #expect((responses["503"] != nil) == pooled.contains(route), "\(route.rawValue)")
        }
    }

    @Test func everyReferenceResolvesAndTheErrorSchemaIsTheServers() throws {
        func references(_ node: Any) -> [String] {
            if let object = node as? [String: Any] { return (object["$ref"] as? String).map { [$0] } ?? [] + object.values.flatMap(references) }
            if let array = node as? [Any] { return array.flatMap(references) }
            return []
        }
        for reference in references(document) { _ = try resolve(["$ref": reference]) }
        let error = try resolve(["$ref": "#/components/schemas/Error"])
        let inner = try #require((error["properties"] as? [String: Any])?["error"] as? [String: Any])
        #expect(Set((inner["properties"] as? [String: Any] ?? [:]).keys) == ["code", "parameter", "message"])
        #expect(inner["required"] as? [String] == ["code", "message"])
    }

    /// The server refuses a parameter given empty or as spaces (`Parameters.text`), so no text
    /// parameter's schema may take that (schemathesis sent `cursor=` and `film=` as valid).
    /// The pages' `hide` is read by their script, not the server.
    @Test func noTextParameterTakesEmptyOrBlankText() throws {
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        for route in Route.allCases where route != .page && route != .rasterPage {
            let parameters = try (paths[route.rawValue]?["get"]?["parameters"] as? [[String: Any]] ?? []).map(resolve)
            for parameter in parameters {
                let name = "\(route.rawValue) \(parameter["name"] ?? "")"
                let schema = try #require(parameter["schema"] as? [String: Any], "\(name)")
                guard schema["type"] as? String == "string" else { continue }
                let pattern = try NSRegularExpression(pattern: try #require(schema["pattern"] as? String, "\(name) has no pattern"))
                for blank in ["", " ", "\t", "\u{00A0}  "] {
                    #expect(pattern.firstMatch(in: blank, range: NSRange(blank.startIndex..., in: blank)) == nil, "\(name) takes '\(blank)'")
                }
            }
        }
    }

    /// The document's `lang` says what the engine takes (`LanguageCode`), character for character.
    @Test func theLangSchemaIsTheEnginesLanguageCode() throws {
        let schema = try #require(try resolve(["$ref": "#/components/parameters/lang"])["schema"] as? [String: Any])
        let pattern = try NSRegularExpression(pattern: try #require(schema["pattern"] as? String))
        let maxLength = try #require(schema["maxLength"] as? Int)
        #expect(maxLength == LanguageCode.maximumLength)
        for text in ["lv", "EN", "zh-Hant", "fr_1793", "sr-Latn-RS", "abcdefgh", "a", "abcdefghi", "lv-", "-lv", "lv--x", "lv_-x", "l1",
                     "lv-abcdefgh", "lv-abcdefghi", "lä", " lv", "lv ", "lv\u{0C}", "zh-" + String(repeating: "Hant-", count: 6) + "ab",
                     "zh-" + String(repeating: "Hant-", count: 6) + "abc", ""] {
            // The whole text, as ECMA-262's '$' means (ICU's matches before a last line break too).
            let whole = NSRange(text.startIndex..., in: text)
            let matches = pattern.firstMatch(in: text, range: whole)?.range == whole && text.unicodeScalars.count <= maxLength
            #expect(matches == ((try? LanguageCode.parse(text)) != nil), "'\(text)'")
        }
    }

    /// The full check of the OpenAPI 3.1 schema by openapi-spec-validator (PyPI; scripts/install-deps.sh).
    @Test func passesTheOpenAPISpecValidator() async throws {
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-openapi-\(UUID().uuidString).json")
        try Data(PackageResources.openapi_json).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ChildProcess.run(python, [
            "python3", "-c", "import sys, json; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1])))", file.path])
        #expect(result.exit.status == 0, "\(result.stderr)")
    }
}
