import GeoCore

/// The routes of OGC API – Features (Part 1: core, GeoJSON, OpenAPI 3.0) under `/ogc`, with the
/// query parameters each one reads. A table of their own, beside `Route`: their OpenAPI document is
/// `/ogc/api` (`OGCOpenAPI`, made from this table), not `/openapi.json`, and their errors take the
/// OGC exception form (`APIError.exceptionResponse`).
enum OGCRoute: String, CaseIterable, Sendable {
    case landing = "/ogc"
    case conformance = "/ogc/conformance"
    case api = "/ogc/api"
    case collections = "/ogc/collections"
    case collection = "/ogc/collections/{collectionId}"
    /// Part 3's queryables: the properties that `items` filters by as query parameters.
    case queryables = "/ogc/collections/{collectionId}/queryables"
    case items = "/ogc/collections/{collectionId}/items"
    case item = "/ogc/collections/{collectionId}/items/{featureId}"

    /// `f=json` on every route, as clients ask for the one encoding each route has. Items read
    /// what `/v1/bbox` reads (`cursor` is where the `next` or `prev` link continues), `datetime`, which
    /// trips and cinemas have (`KindQuery.time`), and Part 3's `name=` and CQL2 text (`filter`).
    var queryParameters: [String] {
        switch self {
        case .items: ["bbox", "limit", "datetime", "category", "source", "name", "filter", "filter-lang", "near", "cursor", "lang", "f"]
        case .item: ["lang", "f"]
        case .landing, .conformance, .api, .collections, .collection, .queryables: ["f"]
        }
    }

    var pathParameters: [String] {
        switch self {
        case .collection, .queryables, .items: ["collectionId"]
        case .item: ["collectionId", "featureId"]
        case .landing, .conformance, .api, .collections: []
        }
    }

    /// The path below `/ogc`, as the OpenAPI document's server URL leaves it: `/` for the landing page.
    var path: String {
        let below = String(rawValue.dropFirst("/ogc".count))
        return below.isEmpty ? "/" : below
    }
}

extension OGCRoute: ParameterTable {
    /// The engine's fields as these routes name them: those of `/v1/bbox` on items, none elsewhere.
    func parameter(for field: Field) -> String? {
        let name: String? = switch field {
        case .bbox, .limit, .cursor, .category, .source: field.description
        case .language: "lang"
        case .time: "datetime"
        case .filter: "filter"
        case .center: "near"
        case .lat, .lon, .maxDistance, .zoom, .padding, .tileZ, .tileX, .tileY, .kind, .q, .searchIn, .date, .by, .year, .water, .species, .id, .size, .scale,
             .crs, .style, .paper, .area, .radius, .database, .replaceSource, .skipInvalid, .allowShrink, .keepMissing, .fieldMapping, .record: nil
        }
        return name.flatMap { queryParameters.contains($0) ? $0 : nil }
    }
}
