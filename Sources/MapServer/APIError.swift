import Foundation
import GeoCore
import HTTPTypes
import Hummingbird
import HummingbirdCore
import MapRender

/// What every failed request answers: `{"error": {"code": …, "parameter": …, "message": …}}`.
struct APIError: Error, Sendable {
    var status: HTTPResponse.Status
    /// invalid_parameter, nothing_to_fit, not_found, method_not_allowed, overloaded, internal_error…
    var code: String
    /// The query or path parameter at fault, for invalid_parameter and nothing_to_fit.
    var parameter: String?
    var message: String
    /// Fields the answer carries besides its body (Allow, Retry-After).
    var headers: HTTPFields = [:]

    static func invalid(_ parameter: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: "invalid_parameter", parameter: parameter, message: message)
    }

    /// Every worker busy and the queue full: the client should come back shortly rather than wait here.
    static let overloaded = APIError(status: .serviceUnavailable, code: "overloaded",
                                     message: "the server is busy: every worker is drawing or querying and the queue is full; retry shortly",
                                     headers: [.retryAfter: "1"])
}

extension APIError {
    /// `error` as the answer to a request of `route` when it is the engine refusing an input:
    /// GeoStore and GeoCore throw `GeoError`, MapRender a `RenderError`, each naming the field
    /// (`Field`), which the route's table names as its parameter (`Route.parameter(for:)`), in
    /// the reason too. A map fitted to a selection without a located feature is well formed but
    /// cannot be drawn: 422 nothing_to_fit. Nil for any other error, or a field the route does not
    /// take: that one is the server's failure, not the client's.
    init?(input error: any Error, route: some ParameterTable) {
        let field: Field, reason: Reason, unfit: Bool
        switch error {
        case let error as APIError:
            self = error
            return
        case let GeoError.invalid(f, r):
            (field, reason, unfit) = (f, r, false)
        case let error as RenderError:
            guard let f = error.field else { return nil }
            (field, reason, unfit) = (f, error.reason, error.isNothingToFit)
        default:
            return nil
        }
        guard let parameter = route.parameter(for: field) else { return nil }
        let message = reason.said { route.parameter(for: $0) ?? $0.description }
        self = unfit ? APIError(status: .unprocessableContent, code: "nothing_to_fit", parameter: parameter, message: message)
            : .invalid(parameter, message)
    }

    var response: Response {
        var error: [String: String] = ["code": code, "message": message]
        error["parameter"] = parameter
        let body = try! JSONEncoder.sorted.encode(["error": error])
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension JSONEncoder {
    /// Keys in sorted order, as `GeoJSONOutput` writes them.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

/// Turns every error into the JSON error answer: the router's 404 and 405, the parameter errors,
/// and, logged, anything unexpected as a 500 that does not leak its details.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return error.response
        } catch let error as HTTPError where error.status == .notFound || error.status == .methodNotAllowed {
            // Every route is GET (and HEAD): another method is refused wherever it is sent.
            guard request.method == .get || request.method == .head else {
                return APIError(status: .methodNotAllowed, code: "method_not_allowed", message: "\(request.method) is not served; use GET",
                                headers: [.allow: "GET, HEAD"]).response
            }
            return APIError(status: .notFound, code: "not_found", message: "no route \(request.uri.path); the routes are in /openapi.json").response
        } catch let error as any HTTPResponseError {
            return APIError(status: error.status, code: "http_error", message: error.status.reasonPhrase).response
        } catch {
            context.logger.error("\(request.method) \(request.uri) failed: \(error)")
            return APIError(status: .internalServerError, code: "internal_error", message: "the server failed to answer; see its log").response
        }
    }
}
