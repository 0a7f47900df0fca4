import Foundation
import GeoCore
import GeoStore

/// `/ogc/api`: the OpenAPI 3.0 document of the `/ogc` routes (conformance class oas30), made
/// from `OGCRoute`'s table so that it names every route and parameter the server reads, and no other.
enum OGCOpenAPI {
    static let document: [UInt8] = {
        var paths: [String: Any] = [:]
        for route in OGCRoute.allCases {
            paths[route.path] = ["get": [
                "operationId": "\(route)",
                "summary": summary(route),
                "parameters": (route.pathParameters + route.queryParameters).map { ["$ref": "#/components/parameters/\($0)"] },
                "responses": [
                    "200": ["description": "the answer", "content": [mediaType(route): ["schema": ["type": "object"]]]],
                    "400": exception("a parameter is invalid or unknown; the exception names it"),
                    "404": exception("no such collection or feature"),
                    "503": exception("every worker is busy and the queue is full; retry shortly"),
                ],
            ] as [String: Any]]
        }
        let document: [String: Any] = [
            "openapi": "3.0.3",
            "info": ["title": "Waymark: OGC API – Features", "version": "1.0.0",
                     "description": "Points of interest, waters, cinemas and trips as OGC API – Features Part 1 (core, GeoJSON, OpenAPI 3.0). "
                         + "Waymark's other routes are in /openapi.json."],
            "servers": [["url": "/ogc"]],
            "paths": paths,
            "components": ["parameters": parameters, "schemas": ["exception": [
                "type": "object", "required": ["code", "description"],
                "properties": ["code": ["type": "string"], "description": ["type": "string"], "parameter": ["type": "string"]],
            ]]],
        ]
        return Array(try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]))
    }()

    private static func summary(_ route: OGCRoute) -> String {
        switch route {
        case .landing: "The landing page"
        case .conformance: "The conformance classes the server implements"
        case .api: "This document"
        case .collections: "The collections: poi, water, cinema, trip"
        case .collection: "One collection, with its extent"
        case .queryables: "The properties items are filtered by, as query parameters of the same names (equality; a comma separates values)"
        case .items: "A page of a collection's features, by id; a next link continues it"
        case .item: "One feature"
        }
    }

    private static func mediaType(_ route: OGCRoute) -> String {
        switch route {
        case .items, .item: OGCLink.geoJSON
        case .api: OGCLink.openAPI
        case .queryables: OGCLink.jsonSchema
        case .landing, .conformance, .collections, .collection: OGCLink.json
        }
    }

    private static func exception(_ description: String) -> [String: Any] {
        ["description": description, "content": ["application/json": ["schema": ["$ref": "#/components/schemas/exception"]]]]
    }

    private static func query(_ name: String, _ description: String, _ schema: [String: Any], style: [String: Any] = [:]) -> [String: Any] {
        ["name": name, "in": "query", "required": false, "description": description, "schema": schema].merging(style) { $1 }
    }

    /// Text that is more than spaces: an empty parameter (`lang=`) is a client's bug, refused as every route refuses it.
    private static var text: [String: Any] { ["type": "string", "minLength": 1, "pattern": "\\S"] }

    private static var parameters: [String: Any] { [
        "collectionId": ["name": "collectionId", "in": "path", "required": true, "description": "a kind of feature",
                         "schema": ["type": "string", "enum": FeatureKind.allCases.map(\.rawValue)]],
        "featureId": ["name": "featureId", "in": "path", "required": true, "description": "the feature's id within its collection",
                      "schema": ["type": "string"]],
        "bbox": query("bbox", "MINLON,MINLAT,MAXLON,MAXLAT in CRS84; MINLON > MAXLON crosses the antimeridian. Without it, every feature, "
                          + "those without a position too (with a null geometry)",
                      ["type": "array", "minItems": 4, "maxItems": 4, "items": ["type": "number"]], style: ["style": "form", "explode": false]),
        "limit": query("limit", "features per page; a limit above the maximum is taken as the maximum",
                       ["type": "integer", "minimum": 1, "maximum": maximumLimit, "default": defaultLimit]),
        "datetime": query("datetime", "an RFC 3339 date-time with its offset (2012-05-08T10:00:00Z), a date (that day in UTC), or an interval "
                              + "START/END of them with '..' (or nothing) for an open end. trip: the trip's start…end meets it; cinema: a "
                              + "screening starts in it; poi and water hold no time, and a datetime on them is a 400", text),
        "category": query("category", "category codes or the guide's labels, comma-separated, of the collection's kind (an unknown one is a 400)",
                          text),
        "source": query("source", "where records come from (osm, geonames, travel-guide, a file's name), comma-separated; an unknown one is a 400",
                        text),
        "name": query("name", "the record's own name, exactly: case and accents count, and a translation is not its name (/v1/search finds names "
                          + "in any language and case)", text),
        "filter": query("filter", "CQL2 text on the queryables name, category and source: =, <>, <, >, <=, >= with a string in single "
                            + "quotes (compared by Unicode code points), IS [NOT] NULL, AND, OR, NOT, parentheses, and "
                            + "S_INTERSECTS(geometry, BBOX(minLon, minLat, maxLon, maxLat)) or with a POLYGON that is a box", text),
        "filter-lang": query("filter-lang", "the filter's language: cql2-text, the one read", ["type": "string", "enum": ["cql2-text"]]),
        "cursor": query("cursor", "where a page continues, as the next link gives it", text),
        "lang": query("lang", "Waymark's extension: names and descriptions in this language where the data has them",
                      ["type": "string", "maxLength": LanguageCode.maximumLength, "pattern": LanguageCode.pattern]),
        "f": query("f", "the encoding: json (GeoJSON for features) is the one served", ["type": "string", "enum": ["json"]]),
    ] }
}
