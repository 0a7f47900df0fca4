import Foundation
import GeoCore
import GeoStore
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// The handlers of OGC API – Features (`OGCRoute`): the same parameter reading, engine, workers
/// and metrics as `/v1/bbox`, with the standard's documents, links and exception bodies around them.
/// A collection is a kind (`OGCCollection`); a feature's id is its row within the kind, which an
/// import keeps for a record it updates, so ids round-trip through `items/{featureId}`.
struct OGCRoutes: Sendable {
    typealias Context = BasicRequestContext

    let workers: WorkerLanes

    static let conformance = ["http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
                              "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
                              "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30",
                              "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables",
                              "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters",
                              // CQL2 text as `CQL2Text` reads it: comparisons, AND/OR/NOT, IS NULL, S_INTERSECTS with a box.
                              "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter",
                              "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter",
                              "http://www.opengis.net/spec/cql2/1.0/conf/cql2-text",
                              "http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2",
                              "http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions"]

    func register(on router: Router<Context>) {
        for route in OGCRoute.allCases {
            router.get(RouterPath(route.rawValue)) { request, context in
                do {
                    let parameters = try Parameters(request.uri, declared: route.queryParameters)
                    if let format = try parameters.text("f"), format != "json" {
                        throw APIError.invalid("f", "'\(format)' is not json, the one encoding served")
                    }
                    let base = PublicBase.of(request) + "/ogc"
                    return try await respond(route, parameters, base: base, query: request.uri.query, context)
                } catch {
                    guard let error = APIError(input: error, route: route) else { throw error }
                    return error.exceptionResponse
                }
            }
        }
    }

    private func respond(_ route: OGCRoute, _ p: Parameters, base: String, query: String?, _ context: Context) async throws -> Response {
        switch route {
        case .landing:
            struct Landing: Encodable { let title: String, description: String, links: [OGCLink] }
            return try Self.json(Landing(title: "Waymark", description: "Points of interest, waters, cinemas and trips", links: [
                OGCLink(href: base, rel: "self", type: OGCLink.json, title: "this document"),
                OGCLink(href: base + "/api", rel: "service-desc", type: OGCLink.openAPI, title: "the API definition"),
                // No HTML rendering is served: the same document is the documentation.
                OGCLink(href: base + "/api", rel: "service-doc", type: OGCLink.openAPI, title: "the API documentation"),
                OGCLink(href: base + "/conformance", rel: "conformance", type: OGCLink.json, title: "the conformance classes"),
                OGCLink(href: base + "/collections", rel: "data", type: OGCLink.json, title: "the collections"),
            ]))
        case .conformance:
            return try Self.json(["conformsTo": Self.conformance])
        case .api:
            return Routes.body(OGCOpenAPI.document, type: OGCLink.openAPI)
        case .collections:
            struct Collections: Encodable { let collections: [OGCCollection], links: [OGCLink] }
            let counts = try await workers.queries.withStore { store in try store.categories() }
            return try Self.json(Collections(collections: FeatureKind.allCases.map { OGCCollection($0, counts: counts, base: base) },
                                             links: [OGCLink(href: base + "/collections", rel: "self", type: OGCLink.json)]))
        case .collection:
            let kind = try Self.kind(context)
            let counts = try await workers.queries.withStore { store in try store.categories() }
            return try Self.json(OGCCollection(kind, counts: counts, base: base))
        case .queryables:
            let kind = try Self.kind(context)
            let selected = try await workers.queries.withStore { store in try store.everyCategory(of: kind) }
            return try Self.json(OGCQueryables(kind, categories: selected, base: base), type: OGCLink.jsonSchema)
        case .items:
            return try await items(try Self.kind(context), p, base: base, query: query)
        case .item:
            return try await item(try Self.kind(context), context.parameters.get("featureId") ?? "", p, base: base)
        }
    }

    /// A page of the collection by id: in `bbox`, or without it every feature (those without a
    /// position too, with a null geometry), continued by the `next` and `prev` links' `cursor`;
    /// with `near`, nearest first, continued by `next` links.
    private func items(_ kind: FeatureKind, _ p: Parameters, base: String, query: String?) async throws -> Response {
        if let language = try p.text("filter-lang"), language != "cql2-text" {
            throw APIError.invalid("filter-lang", "'\(language)' is not cql2-text, the one filter language read")
        }
        // `name=` is equality as CQL2's `name = '…'` is (`FeatureFilter`); both must hold.
        let filters = try [p.text("name").map { FeatureFilter.compare(.name, .equal, $0) }, p.text("filter").map { try CQL2Text.parse($0) }].compactMap { $0 }
        // Over the maximum is not an error in OGC API – Features (/req/core/fc-limit-response-1): the maximum is used.
        let selection = KindQuery(kind: kind, box: try p.text("bbox").map { try BoundingBox(parsing: $0) },
                              limit: min(try p.integer("limit") ?? defaultLimit, maximumLimit), categories: try p.categories(),
                              sources: try p.sources(), after: try p.cursor(), time: try p.text("datetime").map { try TimeSpan(parsing: $0) },
                              filter: filters.count > 1 ? .and(filters) : filters.first,
                              near: try p.text("near").map { try Coordinate(parsing: $0, field: .center) })
        let language = try p.language(), after = selection.after
        let items = base + "/collections/" + kind.rawValue + "/items"
        let data = try await workers.queries.withStore { store in
            let page = try store.withDetails(try store.listing(selection))
            var links = [OGCLink(href: items + Self.query(query, cursor: after?.token), rel: "self", type: OGCLink.geoJSON)]
            if let next = page.next {
                links.append(OGCLink(href: items + Self.query(query, cursor: next.token), rel: "next", type: OGCLink.geoJSON, title: "the next page"))
            }
            if let previous = page.previous {
                links.append(OGCLink(href: items + Self.query(query, cursor: previous.token), rel: "prev", type: OGCLink.geoJSON,
                                     title: "the previous page"))
            }
            var members: [(key: String, value: GeoJSONOutput.Value)] = [
                ("links", .objects(links.map(\.value))),
                ("numberReturned", .number(Double(page.features.count))),
                ("timeStamp", .text(Date().formatted(.iso8601))),
            ]
            if let total = page.total { members.append(("numberMatched", .number(Double(total)))) }
            return GeoJSONOutput.featureCollection(page, language: language, id: Self.featureID, members: members)
        }
        return Routes.body(Array(data), type: OGCLink.geoJSON)
    }

    private func item(_ kind: FeatureKind, _ text: String, _ p: Parameters, base: String) async throws -> Response {
        let notFound = APIError(status: .notFound, code: "not_found", message: "collection \(kind.rawValue) has no feature '\(text)'")
        guard let row = Int64(text) else { throw notFound }
        let language = try p.language(), collection = base + "/collections/" + kind.rawValue
        let data = try await workers.queries.withStore { store in
            let page = try store.withDetails(FeaturePage(features: try store.features([FeatureID(kind: kind, row: row)]), next: nil))
            return GeoJSONOutput.feature(page, language: language, id: Self.featureID, members: [("links", .objects([
                OGCLink(href: collection + "/items/\(row)", rel: "self", type: OGCLink.geoJSON),
                OGCLink(href: collection, rel: "collection", type: OGCLink.json),
            ].map(\.value)))])
        }
        guard let data else { throw notFound }
        return Routes.body(Array(data), type: OGCLink.geoJSON)
    }

    /// A feature's id within its collection: its row.
    @Sendable static func featureID(_ id: FeatureID) -> String { String(id.row) }

    /// The collection a path names; 404 for any other.
    static func kind(_ context: Context) throws -> FeatureKind {
        let id = context.parameters.get("collectionId") ?? ""
        guard let kind = FeatureKind(rawValue: id) else {
            throw APIError(status: .notFound, code: "not_found",
                           message: "no collection '\(id)'; the collections are \(FeatureKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return kind
    }

    /// The request's query with `cursor` in place of the one it had (none for the first page).
    static func query(_ query: String?, cursor: String?) -> String {
        var pairs = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("cursor=") }.map(String.init)
        if let cursor { pairs.append("cursor=" + (cursor.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? cursor)) }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    static func json(_ value: some Encodable, type: String = OGCLink.json) throws -> Response {
        Routes.body(Array(try JSONEncoder.sorted.encode(value)), type: type)
    }
}
