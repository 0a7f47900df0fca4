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
                    "200": ["description": "the answer", "content": [mediaType(route): ["schema": schema(route)]]],
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
            "components": ["parameters": parameters, "schemas": schemas],
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
        case .items: "A page of a collection's features, by id; next and prev links page it either way"
        case .item: "One feature"
        }
    }

    /// The answer's schema, as the standard's own OpenAPI fragments give it (so that a client, or
    /// schemathesis, can hold each answer to it): what they require, and the types of what we add.
    private static func schema(_ route: OGCRoute) -> [String: Any] {
        let name = switch route {
        case .landing: "landingPage"
        case .conformance: "confClasses"
        case .api: "openAPI"
        case .collections: "collections"
        case .collection: "collection"
        case .queryables: "queryables"
        case .items: "featureCollectionGeoJSON"
        case .item: "featureGeoJSON"
        }
        return ["$ref": "#/components/schemas/" + name]
    }

    private static var schemas: [String: Any] {
        func object(_ required: [String], _ properties: [String: Any]) -> [String: Any] {
            ["type": "object", "required": required, "properties": properties]
        }
        let string: [String: Any] = ["type": "string"], links: [String: Any] = ["type": "array", "items": ["$ref": "#/components/schemas/link"]]
        let count: [String: Any] = ["type": "integer", "minimum": 0]
        return [
            "exception": object(["code", "description"], ["code": string, "description": string, "parameter": string]),
            "link": object(["href", "rel"], ["href": string, "rel": string, "type": string, "title": string]),
            "landingPage": object(["links"], ["title": string, "description": string, "links": links]),
            "confClasses": object(["conformsTo"], ["conformsTo": ["type": "array", "items": string]]),
            "openAPI": object(["openapi", "info", "paths"], ["openapi": string, "info": ["type": "object"], "paths": ["type": "object"]]),
            "collection": object(["id", "links"], [
                "id": string, "title": string, "description": string, "itemType": string, "crs": ["type": "array", "items": string], "links": links,
                "extent": ["type": "object", "properties": ["spatial": ["type": "object", "properties": [
                    "bbox": ["type": "array", "minItems": 1, "items": ["type": "array", "minItems": 4, "maxItems": 4, "items": ["type": "number"]]],
                    "crs": string,
                ]]]],
            ]),
            "collections": object(["links", "collections"], ["links": links, "collections": ["type": "array", "items": ["$ref": "#/components/schemas/collection"]]]),
            // A JSON Schema (Part 3): an object whose properties are the queryables.
            "queryables": object(["type", "properties"], [
                "$schema": string, "$id": string, "type": ["type": "string", "enum": ["object"]], "title": string,
                // A simple value has a `type`; the geometry a `format` (geometry-any) and its role instead.
                "properties": ["type": "object", "additionalProperties": object(["title"], ["title": string, "description": string, "type": string,
                                                                                           "enum": ["type": "array", "items": string],
                                                                                           "format": string, "x-ogc-role": string])],
            ]),
            "geometryGeoJSON": object(["type"], ["type": ["type": "string", "enum": ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon",
                                                                                 "MultiPolygon", "GeometryCollection"]]]),
            // A record without a position has a null geometry.
            "featureGeoJSON": object(["type", "geometry", "properties"], [
                "type": ["type": "string", "enum": ["Feature"]], "id": string, "links": links,
                "geometry": ["allOf": [["$ref": "#/components/schemas/geometryGeoJSON"]], "nullable": true],
                "properties": ["type": "object", "nullable": true],
            ]),
            "featureCollectionGeoJSON": object(["type", "features"], [
                "type": ["type": "string", "enum": ["FeatureCollection"]], "features": ["type": "array", "items": ["$ref": "#/components/schemas/featureGeoJSON"]],
                "links": links, "timeStamp": ["type": "string", "format": "date-time"], "numberMatched": count, "numberReturned": count,
            ]),
        ]
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
        "near": query("near", "Waymark's extension: LAT,LON in degrees; the features nearest it first (by geodesic metres on WGS84, "
                          + "each feature's distance_m), those without a position last, paged by next links only (no prev); "
                          + "bbox, filter and datetime still select", text),
        "cursor": query("cursor", "where a page continues, as the next and prev links give it", text),
        "lang": query("lang", "Waymark's extension: names and descriptions in this language where the data has them",
                      ["type": "string", "maxLength": LanguageCode.maximumLength, "pattern": LanguageCode.pattern]),
        "f": query("f", "the encoding: json (GeoJSON for features) is the one served", ["type": "string", "enum": ["json"]]),
    ] }
}
